import { existsSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type {} from '../model/contentFiles';
import { FileProblems, type ContentProblem } from './problems';
import { KIND_WORDS, type RecordKind } from '../model/recordKinds';
import {
  CONTENT_LAYOUT,
  MarkdownKind,
  ContentRecord,
  MarkdownFile,
  contentHash,
  NOT_UTF8,
  decodeText,
  ContentReads,
  type FolderEntry,
} from './contentRecord';
import { readMarkdown } from './markdownRecords';
import { imagePathsIn } from './ownedEntries';
import { CONTENT_IMAGE_MAX_BYTES } from '../../shared/limits';
import { DEFAULT_LOCALE, isLocale, LOCALE_CODES } from '../../shared/locales';
import { readAssetAlts, readAssets, readEmbeds, readSite, readYamlFile } from './yamlRecords';

export {
  CONTENT_FORMAT_VERSION,
  CONTENT_LAYOUT,
  contentHash,
  DEFAULT_LIST_COUNT,
  namedBy,
  type ContentRecord,
  type FolderEntry,
  type MarkdownFile,
  type MarkdownKind,
  type RecordKind,
  type RecordValues,
} from './contentRecord';

/** What one look at the folder finds: the Markdown files unparsed, the small YAML files parsed. */
export interface ContentScan {
  dir: string;
  markdown: MarkdownFile[];
  records: ContentRecord[];
  problems: ContentProblem[];
  /**
   * Records that are there but could not be read (an asset whose file is
   * missing): their own problem says why, and references to them are not
   * reported again as references to nothing.
   */
  unreadable?: FolderEntry[];
}

/**
 * Lists and reads content/: every Markdown file's text and hash, and the
 * records of site.yaml, assets.yaml (with each image file's bytes in its
 * hash) and embeds.yaml. Nothing is written; no Markdown is parsed yet.
 */
export function scanContentFolder(dir: string): ContentScan {
  const problems: ContentProblem[] = [];
  const records: ContentRecord[] = [];
  if (!existsSync(dir))
    return {
      dir,
      markdown: [],
      records,
      problems: [{ file: '.', line: 1, message: `there is no content folder at ${dir}` }],
    };
  // Every file is read through this: inside the folder, and within its size.
  const reads = new ContentReads(dir, problems);
  const markdown = scanMarkdownFolders(dir, reads, problems);
  const site = readYamlFile(reads, CONTENT_LAYOUT.site, problems);
  if (site) records.push(...readSite(site));
  else if (!existsSync(path.join(dir, CONTENT_LAYOUT.site)))
    problems.push({
      file: CONTENT_LAYOUT.site,
      line: 1,
      message: 'the site needs this file: its title, description, navigation and footer',
    });
  records.push(...readSiteTranslations(reads, problems));
  const assets = readYamlFile(reads, CONTENT_LAYOUT.assets, problems);
  const unreadable: FolderEntry[] = [];
  if (assets) records.push(...readAssets(assets, reads, unreadable));
  // Alt text in other locales: assets.<locale>.yaml, by the keys of assets.yaml.
  const assetKeys = new Set(assets?.fields.entries().map((entry) => entry.key) ?? []);
  for (const locale of OTHER_LOCALES) {
    const file = CONTENT_LAYOUT.assets.replace(/\.yaml$/, `.${locale}.yaml`);
    const translated = readYamlFile(reads, file, problems);
    if (!translated) continue;
    records.push(...readAssetAlts(translated, locale, assetKeys));
    problems.push(...translated.problems.list);
  }
  const embeds = readYamlFile(reads, CONTENT_LAYOUT.embeds, problems);
  if (embeds) records.push(...readEmbeds(embeds));
  for (const fileProblems of [site, assets, embeds])
    if (fileProblems) problems.push(...fileProblems.problems.list);
  return { dir, markdown, records, problems, unreadable };
}

/** The site's locales but the default one: those a file can be translated into. */
const OTHER_LOCALES = LOCALE_CODES.filter((code) => code !== DEFAULT_LOCALE);

/** Every Markdown file of the kinds' folders, read (not parsed), in the order of their names. */
function scanMarkdownFolders(
  dir: string,
  reads: ContentReads,
  problems: ContentProblem[],
): MarkdownFile[] {
  const markdown: MarkdownFile[] = [];
  for (const [kind, folder] of Object.entries(CONTENT_LAYOUT.folders) as [MarkdownKind, string][]) {
    const full = path.join(dir, folder);
    if (!existsSync(full)) continue;
    const names = readdirSync(full).sort();
    for (const name of names) {
      if (name.startsWith('.')) continue;
      const file = `${folder}/${name}`;
      if (!name.endsWith('.md')) {
        problems.push({ file, line: 1, message: `only Markdown files (.md) belong in ${folder}/` });
        continue;
      }
      const translation = translationOf(folder, name, names);
      if (translation && 'message' in translation) {
        problems.push(translation);
        continue;
      }
      const bytes = reads.read(file);
      if (bytes)
        markdown.push({
          ...markdownFile(kind, file, bytes, reads),
          ...(translation ? { translation } : {}),
        });
    }
  }
  return markdown;
}

/**
 * `<name>.<locale>.md`: a translation of `<name>.md` (docs/publishing.md#translations),
 * its locale and original; nothing for an original; the problem when the
 * name says a translation there cannot be.
 */
function translationOf(
  folder: string,
  name: string,
  names: readonly string[],
): MarkdownFile['translation'] | ContentProblem | undefined {
  const translated = /^(.+)\.([^.]+)\.md$/.exec(name);
  if (!translated) return undefined;
  const file = `${folder}/${name}`;
  const [, original, locale] = translated as unknown as [string, string, string];
  if (!isLocale(locale) || locale === DEFAULT_LOCALE)
    return {
      file,
      line: 1,
      message: `"${locale}" is not one of the site's other locales (${OTHER_LOCALES.join(', ')}): a translation is <name>.<locale>.md`,
    };
  if (!names.includes(`${original}.md`))
    return {
      file,
      line: 1,
      message: `a translation of ${folder}/${original}.md, which is not there: translate a file beside its original`,
    };
  return { locale, original: `${folder}/${original}.md` };
}

/** The frame in other locales: site.<locale>.yaml (docs/publishing.md#translations), each a translation of site.yaml. */
function readSiteTranslations(reads: ContentReads, problems: ContentProblem[]): ContentRecord[] {
  const records: ContentRecord[] = [];
  for (const locale of OTHER_LOCALES) {
    const file = CONTENT_LAYOUT.site.replace(/\.yaml$/, `.${locale}.yaml`);
    const translated = readYamlFile(reads, file, problems);
    if (!translated) continue;
    for (const record of readSite(translated))
      records.push({
        kind: 'translation',
        key: file.slice(0, -'.yaml'.length),
        file,
        line: 1,
        hash: contentHash('translation', record.hash),
        references: [],
        value: { of: 'site', locale, original: CONTENT_LAYOUT.site, site: record.value },
      });
    problems.push(...translated.problems.list);
  }
  return records;
}

/**
 * A Markdown file's bytes, read as a MarkdownFile. With the folder's reads,
 * the images it names are read too, into its hash: an unchanged file whose
 * image changed is published again.
 */
export function markdownFile(
  kind: MarkdownKind,
  file: string,
  bytes: Buffer,
  reads?: ContentReads,
): MarkdownFile {
  const decoded = decodeText(bytes);
  const images: string[] = [];
  const imageBytes: Buffer[] = [];
  const refusedImages: Record<string, string> = {};
  if (reads)
    for (const image of imagePathsIn(decoded.text)) {
      // Nothing there at all (not even a broken link): the text's own line says so.
      if (!lstatSync(path.join(reads.dir, image), { throwIfNoEntry: false })) continue;
      const read = reads.readOrRefuse(image, CONTENT_IMAGE_MAX_BYTES);
      if ('refused' in read) {
        // Why it is not shown, said on the line that places it (and part of the hash, so a new reason is read again).
        refusedImages[image] = read.refused;
        imageBytes.push(Buffer.from(`${image}\0${read.refused}`));
        continue;
      }
      images.push(image);
      imageBytes.push(Buffer.from(image), read.bytes);
    }
  return {
    kind,
    file,
    ...decoded,
    hash: contentHash(kind, file, bytes, ...imageBytes),
    images,
    ...(Object.keys(refusedImages).length > 0 ? { refusedImages } : {}),
  };
}

/**
 * Parsed Markdown records, by file and hash: the same file is not parsed
 * twice in a process (test servers seeding the same folder, a dev server's
 * saves). Kept few: a site of a thousand articles must not stay in memory.
 */
const parsed = new Map<string, ReturnType<typeof readMarkdownRecord>>();

const PARSED_KEPT = 200;

/**
 * One Markdown file as its record; with problems, no record, but the entry
 * it stands for (its kind and slug) and those it makes (its code blocks and
 * images: ownedEntries.ts), so that neither files naming it nor the file
 * itself are also told they do not exist: a fence without a language is that
 * one problem, not also an unknown code block for the fence beside it.
 */
export function readMarkdownRecord(file: MarkdownFile): {
  record: ContentRecord | null;
  entry: FolderEntry;
  /** The entry and the entries it makes: what the folder's checks know of the file. */
  entries: FolderEntry[];
  problems: ContentProblem[];
} {
  const cacheKey = `${file.file}\0${file.hash}`;
  const kept = parsed.get(cacheKey);
  if (kept) return kept;
  const problems = new FileProblems(file.file);
  if (file.notUtf8Line !== null) problems.add(file.notUtf8Line, NOT_UTF8);
  const record = readMarkdown(file, problems);
  const entry: FolderEntry = record ?? {
    kind: file.kind,
    key: slugInText(file),
    file: file.file,
    line: 1,
    references: [],
  };
  const result = {
    record: problems.list.length > 0 ? null : record,
    entry,
    entries: [entry, ...(record?.owns ?? [])],
    problems: problems.list,
  };
  if (parsed.size >= PARSED_KEPT) parsed.delete(parsed.keys().next().value!);
  parsed.set(cacheKey, result);
  return result;
}

/**
 * The slug of a file that gave no record (its front matter may not even
 * parse): the `slug:` line of its front matter, read as text, else its
 * name's. Only the front matter: the Markdown below its closing --- is not.
 */
function slugInText(file: MarkdownFile): string {
  const [first, ...rest] = file.text.split('\n');
  if (first?.replace(/\r$/, '') === '---') {
    const end = rest.findIndex((line) => /^---[ \t]*\r?$/.test(line));
    const slug = /^slug:\s*["']?([^\s"']+)/m.exec(
      (end < 0 ? rest : rest.slice(0, end)).join('\n'),
    )?.[1];
    if (slug) return slug;
  }
  return path.posix.basename(file.file, '.md');
}

/** Where a writer adds a record of each kind, in "names no …" problems. */
const WHERE_DEFINED: Record<string, string> = {
  article: `${CONTENT_LAYOUT.folders.article}/<slug>.md`,
  page: `${CONTENT_LAYOUT.folders.page}/<slug>.md`,
  author: `${CONTENT_LAYOUT.folders.author}/<slug>.md`,
  topic: `${CONTENT_LAYOUT.folders.topic}/<slug>.md`,
  codeBlock: `${CONTENT_LAYOUT.embeds} under codeBlocks`,
  pullQuote: `${CONTENT_LAYOUT.embeds} under pullQuotes`,
  asset: CONTENT_LAYOUT.assets,
};

/**
 * What only the whole folder can tell: a slug or key used by two records,
 * and a reference to a record that is not there. `entries` are every
 * record of the folder, parsed or (unchanged since the last publish) as the
 * database remembers them.
 */
export function checkFolder(entries: readonly FolderEntry[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const seen = new Map<string, FolderEntry>();
  for (const entry of entries) {
    // Code blocks and pull quotes share one set of keys (an embed's key is unique among both).
    const identity = `${entry.kind === 'pullQuote' ? 'codeBlock' : entry.kind}:${entry.key}`;
    const first = seen.get(identity);
    if (first) {
      const what =
        entry.kind === 'asset' || entry.kind === 'codeBlock' || entry.kind === 'pullQuote'
          ? 'key'
          : 'slug';
      problems.push({
        file: entry.file,
        line: entry.line,
        message: `the ${what} "${entry.key}" is already used by ${first.file}${first.file === entry.file ? `:${first.line}` : ''}`,
      });
    } else seen.set(identity, entry);
  }
  const exists = new Set(entries.map((entry) => `${entry.kind}:${entry.key}`));
  const byFile = fileNames(entries);
  for (const entry of entries) {
    for (const reference of entry.references) {
      if (exists.has(reference.id) || Object.hasOwn(byFile, reference.id)) continue;
      const kind = reference.id.slice(0, reference.id.indexOf(':'));
      const key = reference.id.slice(kind.length + 1);
      const where = WHERE_DEFINED[kind] ?? kind;
      const [words] = KIND_WORDS[kind as RecordKind] ?? [kind];
      problems.push({
        file: entry.file,
        line: reference.line,
        message: `unknown ${words} "${key}": there is no such ${words} in ${where.replace('<slug>', key)}`,
      });
    }
  }
  return problems;
}

/** The kinds a reference may name by the file rather than the slug. */
const NAMED_BY_FILE = new Set(['article', 'page', 'author', 'topic']);

/**
 * References name files (docs/publishing.md#references-name-files):
 * `article:desire-paths` names articles/desire-paths.md whatever slug its
 * front matter gives it, so changing an address is one edit of that file.
 * For each original whose file name is not its slug, the reference by its
 * file name and the key (slug) it stands for (`article:desire-paths` →
 * `paths-of-desire`). A name no file has is a slug: a link written with the
 * new address works too.
 */
export function fileNames(entries: readonly FolderEntry[]): Record<string, string> {
  const names: Record<string, string> = {};
  for (const entry of entries) {
    if (!NAMED_BY_FILE.has(entry.kind) || !entry.file.endsWith('.md')) continue;
    const stem = path.posix.basename(entry.file, '.md');
    // A translation's file (x.de.md) names no record of its own kind.
    if (stem.includes('.')) continue;
    if (stem !== entry.key) names[`${entry.kind}:${stem}`] = entry.key;
  }
  return names;
}

/**
 * Every record of the folder, parsed and checked: what `readContentFiles`
 * (api/model/contentFiles.ts), `npm run content -- --check` and
 * content/scripts/make-images.ts read. Publishing and the seed go through
 * `scanContentFolder` instead (publishContent.ts).
 */
export function readContentFolder(dir: string): {
  records: ContentRecord[];
  problems: ContentProblem[];
} {
  const scan = scanContentFolder(dir);
  const problems = [...scan.problems];
  const records = [...scan.records];
  const entries: FolderEntry[] = [...scan.records, ...(scan.unreadable ?? [])];
  for (const file of scan.markdown) {
    const result = readMarkdownRecord(file);
    problems.push(...result.problems);
    if (result.record) records.push(result.record, ...(result.record.owns ?? []));
    entries.push(...result.entries);
  }
  problems.push(...checkFolder(entries));
  return { records, problems };
}
