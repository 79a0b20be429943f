import path from 'node:path';
import type { AssetFile, EmbedFile } from '../model/contentFiles';
import {
  CONTENT_LAYOUT,
  contentHash,
  type ContentRecord,
  type MarkdownFile,
} from './contentRecord';

/** Where images are (content/README.md): the folder an image placed by its file is in. */
export const IMAGES_FOLDER = CONTENT_LAYOUT.images;

/**
 * The entries an article's or a page's Markdown makes as it goes
 * (docs/publishing.md#code-and-images-in-the-text): a fenced code block
 * becomes a code block entry, an image placed by its file
 * (`![alt](images/photo.jpg)`) an asset with that alt text. Each is a record
 * of its own, written with the file that makes it and gone with it, keyed
 * `<slug>--code-<n>` and `<slug>--image-<n>` (a double hyphen no
 * key in embeds.yaml or assets.yaml can have). The client renders them
 * exactly as it renders the entries they stand for.
 */
export class OwnedEntries {
  private readonly entries: {
    kind: 'codeBlock' | 'asset';
    line: number;
    value: EmbedFile | AssetFile;
  }[] = [];
  private codeBlocks = 0;
  private images = 0;

  constructor(
    private readonly owner: string,
    /** The image files the file names that are there (read when the folder was scanned). */
    private readonly available: ReadonlySet<string>,
    /** Those that are there but were not read, and why (a link out of images/, not a file…). */
    private readonly refused: Readonly<Record<string, string>> = {},
  ) {}

  /** A fenced code block; its reference (`codeBlock:<key>`). */
  codeBlock(language: string, code: string, line: number): string {
    this.codeBlocks += 1;
    const key = `${this.owner}--code-${this.codeBlocks}`;
    this.entries.push({
      kind: 'codeBlock',
      line,
      value: { type: 'CodeBlock', key, language, code },
    });
    return `codeBlock:${key}`;
  }

  /** Whether `file` (a path in images/) is there to be shown. */
  hasImage(file: string): boolean {
    return this.available.has(file);
  }

  /** Why `file` is not shown, when it is there but was not read; null when it is shown or not there. */
  refusal(file: string): string | null {
    return Object.hasOwn(this.refused, file) ? this.refused[file]! : null;
  }

  /** An image placed by its file; its reference (`asset:<key>`). */
  image(file: string, alt: string, line: number): string {
    this.images += 1;
    const key = `${this.owner}--image-${this.images}`;
    this.entries.push({ kind: 'asset', line, value: { key, file, alt } });
    return `asset:${key}`;
  }

  /** The records, hashed with the file that makes them (whose hash holds its images' bytes). */
  records(file: MarkdownFile): ContentRecord[] {
    return this.entries.map(({ kind, line, value }) => ({
      kind,
      key: value.key,
      file: file.file,
      line,
      hash: contentHash(kind, JSON.stringify(value), file.hash),
      references: [],
      value,
    }));
  }
}

/**
 * Every path in images/ a Markdown text may name (`images/x.jpg`,
 * `../images/x.jpg`, in an image, a link or a `[ref]:` line), as the path in
 * the folder. More than the images it shows is harmless: what is found is
 * only read into the file's hash.
 */
export function imagePathsIn(text: string): string[] {
  const found = new Set<string>();
  const pattern = new RegExp(`(?:\\.\\./)?${IMAGES_FOLDER}/[^\\s()<>"'\\]\\[]+`, 'g');
  for (const [match] of text.matchAll(pattern)) {
    const file = imagePathOf(match);
    if (file) found.add(file);
  }
  return [...found];
}

/** `images/x.jpg` or `../images/x.jpg` (from an article's folder) as the path in the content folder; null for anything else. */
export function imagePathOf(url: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURI(url);
  } catch {
    return null;
  }
  const file = path.posix.normalize(decoded.replace(/^\.\.\//, ''));
  return file.startsWith(`${IMAGES_FOLDER}/`) && !file.includes('..') ? file : null;
}
