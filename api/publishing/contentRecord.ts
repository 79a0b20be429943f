import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_FILE_MAX_BYTES, CONTENT_FOLDER_MAX_BYTES } from '../../shared/limits';
import { isSafeHref } from '../../shared/safeHref';
import type {
  ArticleFile,
  AssetFile,
  AuthorFile,
  ContentStatus,
  EmbedFile,
  LinkFile,
  PageFile,
  SiteFile,
  TopicFile,
  TranslationFile,
} from '../model/contentFiles';
import { referencedIds } from '../model/richText';
import type { NamedReference, RecordKind } from '../model/recordKinds';
import type { ContentProblem } from './problems';
import { YamlFields } from './yamlFields';

/**
 * One record of content/ (docs/publishing.md#writing-content): its kinds,
 * layout and shapes, and what every reader of a file (YAML or Markdown) shares.
 */

/**
 * Bumped when the same file would now be read differently (a new default, a
 * fix in the Markdown conversion): every record's hash changes with it, so
 * the next publish writes everything once.
 */
export const CONTENT_FORMAT_VERSION = 1;

/** Where each kind of record lives in content/ (content/README.md). */
export const CONTENT_LAYOUT = {
  site: 'site.yaml',
  assets: 'assets.yaml',
  embeds: 'embeds.yaml',
  images: 'images',
  folders: { author: 'authors', topic: 'topics', article: 'articles', page: 'pages' },
} as const;

export type MarkdownKind = keyof typeof CONTENT_LAYOUT.folders;

export type { RecordKind };

export interface RecordValues {
  site: SiteFile;
  asset: AssetFile;
  author: AuthorFile;
  topic: TopicFile;
  codeBlock: Extract<EmbedFile, { type: 'CodeBlock' }>;
  pullQuote: Extract<EmbedFile, { type: 'PullQuote' }>;
  article: ArticleFile;
  page: PageFile;
  translation: TranslationFile;
}

/** One record of content/: an article, an author, one asset of assets.yaml, the site… */
export interface ContentRecord<K extends RecordKind = RecordKind> {
  kind: K;
  /** Its slug (articles, pages, authors, topics), its key (assets, embeds), or `site`. */
  key: string;
  /** Relative to the content folder. */
  file: string;
  /** The line that names it (a slug: line, a key), for "used twice" problems. */
  line: number;
  /** Of what it was read from (with CONTENT_FORMAT_VERSION): unchanged hash, nothing to write. */
  hash: string;
  /** Every other record it names, as `<kind>:<key>`, with the line. */
  references: NamedReference[];
  value: RecordValues[K];
  /** The records its file makes with it (fenced code, images placed by their file: api/publishing/ownedEntries.ts). */
  owns?: ContentRecord[];
}

/** A Markdown file found in the folder, read but not yet parsed (parsing is the cost of a publish; unchanged files skip it). */
export interface MarkdownFile {
  kind: MarkdownKind;
  file: string;
  text: string;
  /** The line of the first byte that is not UTF-8, if any. */
  notUtf8Line: number | null;
  /** Of its bytes and of every image in images/ it names (a new drawing under the same name is a change). */
  hash: string;
  /** The image files it names that are there, as paths in the folder. */
  images: readonly string[];
  /** The image files it names that are there but are not read, and why (a link out of images/, not a file…). */
  refusedImages?: Readonly<Record<string, string>>;
  /** A translation (`<name>.<locale>.md`): its locale and its original's file. */
  translation?: { locale: string; original: string };
}

export const STATUS_WORDS: Record<string, ContentStatus> = {
  draft: 'DRAFT',
  published: 'PUBLISHED',
  archived: 'ARCHIVED',
};

export const TONE_WORDS: Record<string, 'INFO' | 'SUCCESS' | 'WARNING'> = {
  info: 'INFO',
  success: 'SUCCESS',
  warning: 'WARNING',
};

/** An ISO 8601 date, or date and time with a zone (`Z` or `+02:00`): a time without a zone means something different on every machine. */
export const DATE_TIME =
  /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** The article list block's `count` when a page does not give one (what the client asked for before there was a choice). */
export const DEFAULT_LIST_COUNT = 6;

export function contentHash(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256').update(`folio-content-${CONTENT_FORMAT_VERSION}\0`);
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
}

export const NOT_UTF8 = 'this line is not UTF-8 text: save the file as UTF-8';

/**
 * A file's bytes as text (a byte-order mark dropped), with the line of the
 * first byte that is not UTF-8, if any: a file saved in another encoding is
 * a problem, not a page with � in place of its accents. The text (each bad
 * byte a �) is still read, so that the file's slug and the rest of its
 * problems are known. A newline byte is never inside a UTF-8 character, so
 * lines decode alone.
 */
export function decodeText(bytes: Buffer): { text: string; notUtf8Line: number | null } {
  const strict = new TextDecoder('utf-8', { fatal: true });
  try {
    return { text: strict.decode(bytes), notUtf8Line: null };
  } catch {
    // Not UTF-8: find the line.
  }
  const text = new TextDecoder('utf-8').decode(bytes);
  for (let start = 0, line = 1; start <= bytes.length; line += 1) {
    const end = bytes.indexOf(0x0a, start);
    try {
      strict.decode(bytes.subarray(start, end === -1 ? bytes.length : end));
    } catch {
      return { text, notUtf8Line: line };
    }
    if (end === -1) break;
    start = end + 1;
  }
  return { text, notUtf8Line: null };
}

/**
 * Every record a record names, as `<kind>:<key>`, each once, in the order
 * named: the one list of what a record depends on (checked against the
 * folder, kept in content_records), whether it was read from a file just now
 * or handed over as ContentFiles.
 */
export function namedBy<K extends RecordKind>(kind: K, value: RecordValues[K]): string[] {
  const ids = new Set<string>();
  const add = (refKind: string, key: unknown) =>
    typeof key === 'string' && ids.add(`${refKind}:${key}`);
  if (kind === 'article') {
    const article = value as ArticleFile;
    for (const author of article.authors) add('author', author);
    for (const topic of article.topics) add('topic', topic);
    add('asset', article.heroImage);
    add('asset', article.seo?.image);
    for (const id of referencedIds(article.body)) ids.add(id);
    // A live blog's updates name their authors, and their text may name anything a body does.
    if (article.live?.summary) for (const id of referencedIds(article.live.summary)) ids.add(id);
    for (const update of article.live?.updates ?? []) {
      add('author', update.author);
      for (const id of referencedIds(update.body)) ids.add(id);
    }
  } else if (kind === 'page') {
    const page = value as PageFile;
    add('asset', page.seo?.image);
    for (const block of page.blocks) {
      add('asset', block.image);
      for (const slug of Array.isArray(block.articles) ? block.articles : []) add('article', slug);
      add('topic', block.topic);
      if (block.type === 'RichTextBlock') for (const id of referencedIds(block.body)) ids.add(id);
    }
  } else if (kind === 'author') {
    add('asset', (value as AuthorFile).avatar);
  }
  return [...ids];
}

/** `ids` with the line each was first named on (as the reader saw them), else `fallback`. */
export function withLines(
  ids: string[],
  seen: readonly NamedReference[],
  fallback: number,
): NamedReference[] {
  return ids.map((id) => ({
    id,
    line: seen.find((reference) => reference.id === id)?.line ?? fallback,
  }));
}

export function readLink(fields: YamlFields): LinkFile | undefined {
  fields.onlyKnown(['label', 'url']);
  const label = fields.text('label', true);
  const url = fields.text('url', true);
  if (url !== undefined && !isSafeHref(url))
    fields.problem(
      'url',
      `"${url}" is not a link a reader may follow: use https://, http://, mailto: or a path on this site`,
    );
  return label === undefined || url === undefined ? undefined : { label, url };
}

/** Megabytes, for a writer: `2 MB`, `1.5 MB`. */
const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Reads content files for one look at the folder: only what lies inside it
 * (a link out of content/ is not followed, nor one out of images/ for an
 * image: the rule /images serves them by, api/sources/embedded/imageFiles.ts),
 * only regular files, each within its limit, and the whole folder within
 * CONTENT_FOLDER_MAX_BYTES. What it will not read is a problem on the file,
 * and null.
 */
export class ContentReads {
  private total = 0;
  private readonly root: string;
  private imagesRoot: string | null | undefined;

  constructor(
    readonly dir: string,
    private readonly problems: ContentProblem[],
  ) {
    this.root = realpathSync(dir);
  }

  /** The bytes of `file` (relative to the folder), or null with the reason among the problems. */
  read(file: string, maxBytes = CONTENT_FILE_MAX_BYTES): Buffer | null {
    const read = this.readOrRefuse(file, maxBytes);
    if ('bytes' in read) return read.bytes;
    this.problems.push({ file, line: 1, message: read.refused });
    return null;
  }

  /** The bytes of `file`, or why it is not read, added to no problems: the caller says it where a writer looks (the line naming it). */
  readOrRefuse(
    file: string,
    maxBytes = CONTENT_FILE_MAX_BYTES,
  ): { bytes: Buffer } | { refused: string } {
    const full = path.join(this.dir, file);
    let real: string;
    try {
      real = realpathSync(full);
    } catch {
      return { refused: 'this file cannot be read (a broken link?)' };
    }
    if (!inside(this.root, real))
      return {
        refused:
          'this is a link out of the content folder, which is not followed: put the file itself here',
      };
    const images = this.imagesFolder();
    if (file.startsWith(`${CONTENT_LAYOUT.images}/`) && (images === null || !inside(images, real)))
      return {
        refused: `this is a link out of ${CONTENT_LAYOUT.images}/, which is not followed: put the image itself here`,
      };
    const info = statSync(real);
    if (!info.isFile()) return { refused: 'this is not a file (a folder, a FIFO or a device)' };
    if (info.size > maxBytes)
      return {
        refused: `too large (${megabytes(info.size)}; a file like this is at most ${megabytes(maxBytes)})`,
      };
    this.total += info.size;
    if (this.total > CONTENT_FOLDER_MAX_BYTES)
      return {
        refused: `the content folder is too large from this file on (at most ${megabytes(CONTENT_FOLDER_MAX_BYTES)} in all)`,
      };
    return { bytes: readFileSync(real) };
  }

  /** images/'s own real path, or null when there is none. */
  private imagesFolder(): string | null {
    if (this.imagesRoot === undefined) {
      try {
        this.imagesRoot = realpathSync(path.join(this.dir, CONTENT_LAYOUT.images));
      } catch {
        this.imagesRoot = null;
      }
    }
    return this.imagesRoot;
  }
}

/** Whether `real` is inside the folder `root` (both real paths). */
const inside = (root: string, real: string) =>
  real === root || real.startsWith(`${root}${path.sep}`);

/** A record as the folder would see it without reading its file again: what checkFolder needs. */
export type FolderEntry = Pick<ContentRecord, 'kind' | 'key' | 'file' | 'line' | 'references'> & {
  embedType?: 'CodeBlock' | 'PullQuote';
};
