import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, type Node as YamlNode } from 'yaml';
import { isSafeHref } from '../../shared/safeHref';
import { isValidSlug, MAX_FIRST, SLUG_MAX_LENGTH } from '../../shared/limits';
import { ownValue } from '../../shared/ownValue';
import type {
  ArticleFile,
  AssetFile,
  AuthorFile,
  BlockFile,
  ContentStatus,
  EmbedFile,
  LinkFile,
  PageFile,
  SeoFile,
  SiteFile,
  TopicFile,
} from '../model/contentFiles';
import { referencedIds } from '../model/richText';
import {
  markdownToPlainText,
  markdownToRichText,
  parseMarkdown,
  type NamedReference,
} from './markdown';
import { FileProblems, type ContentProblem } from './problems';
import { KIND_WORDS, type RecordKind } from '../model/recordKinds';
import { parseYaml, YamlFields } from './yamlFields';

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
}

/** A Markdown file found in the folder, read but not yet parsed (parsing is the cost of a publish; unchanged files skip it). */
export interface MarkdownFile {
  kind: MarkdownKind;
  file: string;
  text: string;
  /** The line of the first byte that is not UTF-8, if any. */
  notUtf8Line: number | null;
  hash: string;
}

/** What one look at the folder finds: the Markdown files unparsed, the small YAML files parsed. */
export interface ContentScan {
  dir: string;
  markdown: MarkdownFile[];
  records: ContentRecord[];
  problems: ContentProblem[];
}

const STATUS_WORDS: Record<string, ContentStatus> = {
  draft: 'DRAFT',
  published: 'PUBLISHED',
  archived: 'ARCHIVED',
};
const TONE_WORDS: Record<string, 'INFO' | 'SUCCESS' | 'WARNING'> = {
  info: 'INFO',
  success: 'SUCCESS',
  warning: 'WARNING',
};
/** An ISO 8601 date, or date and time with a zone (`Z` or `+02:00`): a time without a zone means something different on every machine. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;
/** The article list block's `count` when a page does not give one (what the client asked for before there was a choice). */
export const DEFAULT_LIST_COUNT = 6;

export function contentHash(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256').update(`folio-content-${CONTENT_FORMAT_VERSION}\0`);
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
}

/**
 * Lists and reads content/: every Markdown file's text and hash, and the
 * records of site.yaml, assets.yaml (with each image file's bytes in its
 * hash) and embeds.yaml. Nothing is written; no Markdown is parsed yet.
 */
export function scanContentFolder(dir: string): ContentScan {
  const problems: ContentProblem[] = [];
  const records: ContentRecord[] = [];
  const markdown: MarkdownFile[] = [];
  if (!existsSync(dir))
    return {
      dir,
      markdown,
      records,
      problems: [{ file: '.', line: 1, message: `there is no content folder at ${dir}` }],
    };
  for (const [kind, folder] of Object.entries(CONTENT_LAYOUT.folders) as [MarkdownKind, string][]) {
    const full = path.join(dir, folder);
    if (!existsSync(full)) continue;
    for (const name of readdirSync(full).sort()) {
      if (name.startsWith('.')) continue;
      const file = `${folder}/${name}`;
      if (!name.endsWith('.md')) {
        problems.push({ file, line: 1, message: `only Markdown files (.md) belong in ${folder}/` });
        continue;
      }
      markdown.push(markdownFile(kind, file, readFileSync(path.join(dir, file))));
    }
  }
  const site = readYamlFile(dir, CONTENT_LAYOUT.site, problems);
  if (site) records.push(...readSite(site));
  else if (!existsSync(path.join(dir, CONTENT_LAYOUT.site)))
    problems.push({
      file: CONTENT_LAYOUT.site,
      line: 1,
      message: 'the site needs this file: its title, description, navigation and footer',
    });
  const assets = readYamlFile(dir, CONTENT_LAYOUT.assets, problems);
  if (assets) records.push(...readAssets(assets, dir));
  const embeds = readYamlFile(dir, CONTENT_LAYOUT.embeds, problems);
  if (embeds) records.push(...readEmbeds(embeds));
  for (const fileProblems of [site, assets, embeds])
    if (fileProblems) problems.push(...fileProblems.problems.list);
  return { dir, markdown, records, problems };
}

const NOT_UTF8 = 'this line is not UTF-8 text: save the file as UTF-8';

/** A Markdown file's bytes, read as a MarkdownFile. */
export function markdownFile(kind: MarkdownKind, file: string, bytes: Buffer): MarkdownFile {
  return { kind, file, ...decodeText(bytes), hash: contentHash(kind, file, bytes) };
}

/**
 * A file's bytes as text (a byte-order mark dropped), with the line of the
 * first byte that is not UTF-8, if any: a file saved in another encoding is
 * a problem, not a page with � in place of its accents. The text (each bad
 * byte a �) is still read, so that the file's slug and the rest of its
 * problems are known. A newline byte is never inside a UTF-8 character, so
 * lines decode alone.
 */
function decodeText(bytes: Buffer): { text: string; notUtf8Line: number | null } {
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
 * Parsed Markdown records, by file and hash: the same file is not parsed
 * twice in a process (test servers seeding the same folder, a dev server's
 * saves). Kept few: a site of a thousand articles must not stay in memory.
 */
const parsed = new Map<string, ReturnType<typeof readMarkdownRecord>>();
const PARSED_KEPT = 200;

/**
 * One Markdown file as its record; with problems, no record, but the entry
 * it stands for (its kind and slug), so that files naming it are not also
 * told it does not exist.
 */
export function readMarkdownRecord(file: MarkdownFile): {
  record: ContentRecord | null;
  entry: FolderEntry;
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

/** A record as the folder would see it without reading its file again: what checkFolder needs. */
export type FolderEntry = Pick<ContentRecord, 'kind' | 'key' | 'file' | 'line' | 'references'> & {
  embedType?: 'CodeBlock' | 'PullQuote';
};

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
  for (const entry of entries) {
    for (const reference of entry.references) {
      if (exists.has(reference.id)) continue;
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
  const entries: FolderEntry[] = [...scan.records];
  for (const file of scan.markdown) {
    const result = readMarkdownRecord(file);
    problems.push(...result.problems);
    if (result.record) records.push(result.record);
    entries.push(result.entry);
  }
  problems.push(...checkFolder(entries));
  return { records, problems };
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
function withLines(
  ids: string[],
  seen: readonly NamedReference[],
  fallback: number,
): NamedReference[] {
  return ids.map((id) => ({
    id,
    line: seen.find((reference) => reference.id === id)?.line ?? fallback,
  }));
}

// ---------------------------------------------------------------- YAML files

interface YamlFile {
  file: string;
  text: string;
  fields: YamlFields;
  problems: FileProblems;
}

function readYamlFile(dir: string, file: string, problems: ContentProblem[]): YamlFile | null {
  const full = path.join(dir, file);
  if (!existsSync(full)) return null;
  const { text, notUtf8Line } = decodeText(readFileSync(full));
  const fileProblems = new FileProblems(file);
  if (notUtf8Line !== null) fileProblems.add(notUtf8Line, NOT_UTF8);
  const yaml = parseYaml({ text, firstLine: 1, problems: fileProblems });
  if (!yaml) {
    problems.push(...fileProblems.list);
    return null;
  }
  return {
    file,
    text,
    fields: new YamlFields(yaml, yaml.root, fileProblems, file),
    problems: fileProblems,
  };
}

function readSite({ file, fields }: YamlFile): ContentRecord<'site'>[] {
  fields.onlyKnown(['title', 'description', 'navigation', 'footer']);
  const links = (key: 'navigation' | 'footer') =>
    (fields.list(key) ?? []).flatMap((node) => readLink(fields.sub(node, `a ${key} link`)) ?? []);
  const value: SiteFile = {
    title: fields.text('title', true) ?? '',
    description: fields.text('description', true) ?? '',
    navigation: links('navigation'),
    footer: links('footer'),
  };
  return [
    {
      kind: 'site',
      key: 'site',
      file,
      line: 1,
      hash: contentHash('site', JSON.stringify(value)),
      references: [],
      value,
    },
  ];
}

function readAssets({ file, fields }: YamlFile, dir: string): ContentRecord<'asset'>[] {
  return fields.entries().flatMap(({ key, node, line }) => {
    const asset = fields.sub(node, `the asset ${key}`, line);
    asset.onlyKnown(['file', 'alt']);
    checkKey(asset, key, 'an asset');
    const image = asset.text('file', true);
    const alt = asset.text('alt', true);
    if (image === undefined || alt === undefined) return [];
    const imagePath = path.posix.normalize(image);
    if (!imagePath.startsWith(`${CONTENT_LAYOUT.images}/`) || imagePath.includes('..')) {
      asset.problem(
        'file',
        `an asset's file is in ${CONTENT_LAYOUT.images}/ (for example ${CONTENT_LAYOUT.images}/${key}.jpg)`,
      );
      return [];
    }
    const full = path.join(dir, imagePath);
    if (!existsSync(full)) {
      asset.problem('file', `there is no file ${imagePath}`);
      return [];
    }
    const value: AssetFile = { key, file: imagePath, alt };
    // The image's bytes are part of the hash: a new drawing under the same name is a change (its version, its size).
    return [
      {
        kind: 'asset' as const,
        key,
        file,
        line,
        hash: contentHash('asset', JSON.stringify(value), readFileSync(full)),
        references: [],
        value,
      },
    ];
  });
}

function readEmbeds({ file, fields }: YamlFile): ContentRecord<'codeBlock' | 'pullQuote'>[] {
  fields.onlyKnown(['codeBlocks', 'pullQuotes']);
  const records: ContentRecord<'codeBlock' | 'pullQuote'>[] = [];
  for (const { key, node, line } of fields.fields('codeBlocks', 'codeBlocks')?.entries() ?? []) {
    const block = fields.sub(node, `the code block ${key}`, line);
    block.onlyKnown(['language', 'code', 'caption']);
    checkKey(block, key, 'a code block');
    const language = block.text('language', true);
    const codeNode = block.node('code');
    // Code keeps its own indentation; only the blank lines a YAML block leaves at its end go.
    const code =
      isScalar(codeNode) && typeof codeNode.value === 'string'
        ? codeNode.value.replace(/\s+$/, '')
        : undefined;
    if (code === undefined || code === '')
      block.problem(
        codeNode ? 'code' : undefined,
        'a code block needs its code (code: | and the lines below it, indented)',
      );
    const caption = block.text('caption');
    if (language === undefined || !code) continue;
    const value: RecordValues['codeBlock'] = {
      type: 'CodeBlock',
      key,
      language,
      code,
      ...(caption === undefined ? {} : { caption }),
    };
    records.push({
      kind: 'codeBlock',
      key,
      file,
      line,
      hash: contentHash('codeBlock', JSON.stringify(value)),
      references: [],
      value,
    });
  }
  for (const { key, node, line } of fields.fields('pullQuotes', 'pullQuotes')?.entries() ?? []) {
    const quote = fields.sub(node, `the pull quote ${key}`, line);
    quote.onlyKnown(['quote', 'attribution']);
    checkKey(quote, key, 'a pull quote');
    const text = quote.text('quote', true);
    const attribution = quote.text('attribution');
    if (text === undefined) continue;
    const value: RecordValues['pullQuote'] = {
      type: 'PullQuote',
      key,
      quote: text,
      ...(attribution === undefined ? {} : { attribution }),
    };
    records.push({
      kind: 'pullQuote',
      key,
      file,
      line,
      hash: contentHash('pullQuote', JSON.stringify(value)),
      references: [],
      value,
    });
  }
  return records;
}

function checkKey(fields: YamlFields, key: string, what: string): void {
  if (!isValidSlug(key))
    fields.problem(
      undefined,
      `"${key}" cannot be the key of ${what}: lowercase letters, digits and single hyphens`,
    );
}

// ---------------------------------------------------------------- Markdown files

/** A Markdown file's front matter and body, the way every kind starts reading it. */
function frontMatterOf(file: MarkdownFile, problems: FileProblems, what: string) {
  const root = parseMarkdown(file.text);
  const [first, ...body] = root.children;
  if (first?.type !== 'yaml') {
    problems.add(
      1,
      `${what} starts with its front matter: a line ---, its fields (title: …), and another line ---`,
    );
    return null;
  }
  const yaml = parseYaml({ text: first.value, firstLine: 2, problems });
  if (!yaml) return null;
  if (!isMap(yaml.root)) {
    problems.add(2, `the front matter is a list of fields (\`name: value\` lines)`);
    return null;
  }
  return { fields: new YamlFields(yaml, yaml.root, problems, what, 1), body };
}

function readMarkdown(file: MarkdownFile, problems: FileProblems): ContentRecord | null {
  switch (file.kind) {
    case 'article':
      return readArticle(file, problems);
    case 'page':
      return readPage(file, problems);
    case 'author':
      return readAuthor(file, problems);
    case 'topic':
      return readTopic(file, problems);
  }
}

/** The slug: the front matter's, else the file's name; checked either way. */
function slugOf(file: MarkdownFile, fields: YamlFields): { slug: string; line: number } {
  const given = fields.text('slug');
  const slug = given ?? path.posix.basename(file.file, '.md');
  const line = given === undefined ? 1 : fields.lineOf('slug');
  if (!isValidSlug(slug)) {
    fields.problem(
      given === undefined ? undefined : 'slug',
      `"${slug}" cannot be a slug: lowercase letters, digits and single hyphens, at most ${SLUG_MAX_LENGTH} characters${given === undefined ? ' (it comes from the file name unless the front matter gives slug:)' : ''}`,
    );
  }
  return { slug, line };
}

function statusOf(fields: YamlFields): ContentStatus | undefined {
  const word = fields.text('status', true);
  if (word === undefined) return undefined;
  const status = ownValue(STATUS_WORDS, word.toLowerCase()) ?? undefined;
  if (!status) fields.problem('status', `status is draft, published or archived, not "${word}"`);
  return status;
}

/** A date as ISO 8601 UTC (`2025-06-10T07:30:00.000Z`), or undefined (with a problem when it was given but is not one). */
function dateOf(fields: YamlFields, key: string): string | undefined {
  const value = fields.text(key);
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  if (!DATE_TIME.test(value) || Number.isNaN(time)) {
    fields.problem(
      key,
      `${key} is a date and time with its zone, like 2025-06-10T07:30:00Z (not "${value}")`,
    );
    return undefined;
  }
  return new Date(time).toISOString();
}

function referencesTo(
  kind: string,
  list: { value: string; line: number }[] | undefined,
): NamedReference[] {
  return (list ?? []).map(({ value, line }) => ({ id: `${kind}:${value}`, line }));
}

function assetReference(
  fields: YamlFields,
  key: string,
  references: NamedReference[],
): string | undefined {
  const asset = fields.text(key);
  if (asset !== undefined) references.push({ id: `asset:${asset}`, line: fields.lineOf(key) });
  return asset;
}

function readSeo(fields: YamlFields, references: NamedReference[]): SeoFile | undefined {
  const seo = fields.fields('seo', 'seo');
  if (!seo) return undefined;
  seo.onlyKnown(['title', 'description', 'image']);
  const title = seo.text('title');
  const description = seo.text('description');
  const image = assetReference(seo, 'image', references);
  return {
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
    ...(image === undefined ? {} : { image }),
  };
}

function readLink(fields: YamlFields): LinkFile | undefined {
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

const ARTICLE_FIELDS = [
  'title',
  'slug',
  'summary',
  'status',
  'publishedAt',
  'updatedAt',
  'authors',
  'topics',
  'hero',
  'seo',
];

function readArticle(file: MarkdownFile, problems: FileProblems): ContentRecord<'article'> | null {
  const read = frontMatterOf(file, problems, 'an article');
  if (!read) return null;
  const { fields, body } = read;
  fields.onlyKnown(ARTICLE_FIELDS);
  const { slug, line } = slugOf(file, fields);
  const references: NamedReference[] = [];
  const title = fields.text('title', true);
  const summary = fields.text('summary', true);
  const status = statusOf(fields);
  const publishedAt = dateOf(fields, 'publishedAt');
  const updatedAt = dateOf(fields, 'updatedAt');
  if (
    status !== undefined &&
    status !== 'DRAFT' &&
    publishedAt === undefined &&
    !fields.has('publishedAt')
  ) {
    fields.problem(
      undefined,
      `a ${status.toLowerCase()} article needs publishedAt (the time readers see it from)`,
    );
  }
  if (publishedAt !== undefined && updatedAt !== undefined && updatedAt < publishedAt)
    fields.problem('updatedAt', 'updatedAt is never before publishedAt');
  const authors = fields.textList('authors', true);
  const topics = fields.textList('topics', true);
  references.push(...referencesTo('author', authors), ...referencesTo('topic', topics));
  const heroImage = assetReference(fields, 'hero', references);
  const seo = readSeo(fields, references);
  const document = markdownToRichText(body, { source: file.text, problems, references });
  if (title === undefined || summary === undefined || status === undefined || !authors || !topics)
    return null;
  const value: ArticleFile = {
    slug,
    title,
    summary,
    status,
    publishedAt: publishedAt ?? null,
    // Not given: as published (or, for a draft, when this version was read).
    updatedAt: updatedAt ?? publishedAt ?? new Date().toISOString(),
    authors: authors.map((author) => author.value),
    topics: topics.map((topic) => topic.value),
    ...(heroImage === undefined ? {} : { heroImage }),
    ...(seo === undefined ? {} : { seo }),
    body: document,
  };
  return {
    kind: 'article',
    key: slug,
    file: file.file,
    line,
    hash: file.hash,
    references: withLines(namedBy('article', value), references, line),
    value,
  };
}

const PAGE_FIELDS = ['title', 'slug', 'status', 'updatedAt', 'seo', 'blocks'];

/** The block names a page's front matter uses, and the fields each takes. */
const BLOCK_FIELDS = {
  hero: ['heading', 'subheading', 'image', 'callToAction'],
  featured: ['heading', 'articles'],
  latest: ['heading', 'topic', 'count'],
  text: [],
  callout: ['heading', 'body', 'tone', 'link'],
  image: ['image', 'caption'],
  newsletter: ['heading', 'description', 'buttonLabel'],
} as const;
type BlockName = keyof typeof BLOCK_FIELDS;

function readPage(file: MarkdownFile, problems: FileProblems): ContentRecord<'page'> | null {
  const read = frontMatterOf(file, problems, 'a page');
  if (!read) return null;
  const { fields, body } = read;
  fields.onlyKnown(PAGE_FIELDS);
  const { slug, line } = slugOf(file, fields);
  const references: NamedReference[] = [];
  const title = fields.text('title', true);
  const status = statusOf(fields);
  const updatedAt = dateOf(fields, 'updatedAt');
  const seo = readSeo(fields, references);
  const items = fields.list('blocks') ?? [];
  if (items.length === 0)
    fields.problem(
      'blocks',
      'a page needs its blocks: a list under blocks:, one - name: a block (hero, featured, latest, text, callout, image, newsletter)',
    );
  let bodyUsed = false;
  const blocks = items.flatMap((item): BlockFile[] => {
    const block = readBlock(fields, item, problems, references, (line) => {
      if (bodyUsed)
        problems.add(
          line,
          'the Markdown below the front matter is one text block: give any other its Markdown here, as text: |',
        );
      bodyUsed = true;
      return markdownToRichText(body, { source: file.text, problems, references });
    });
    return block ? [block] : [];
  });
  const bodyText = body.filter((node) => node.type !== 'definition');
  if (!bodyUsed && bodyText.length > 0)
    problems.add(
      bodyText[0]!.position?.start.line ?? 1,
      'this Markdown is shown nowhere: put - text in the page’s blocks where it goes',
    );
  if (title === undefined || status === undefined) return null;
  const value: PageFile = {
    slug,
    title,
    status,
    updatedAt: updatedAt ?? new Date().toISOString(),
    ...(seo === undefined ? {} : { seo }),
    blocks,
  };
  return {
    kind: 'page',
    key: slug,
    file: file.file,
    line,
    hash: file.hash,
    references: withLines(namedBy('page', value), references, line),
    value,
  };
}

/** One item of `blocks:`: `- text`, or `- <name>:` and its fields. */
function readBlock(
  page: YamlFields,
  item: YamlNode,
  problems: FileProblems,
  references: NamedReference[],
  pageBody: (line: number) => BlockFile['body'],
): BlockFile | null {
  const itemLine = page.lineOfNode(item);
  if (isScalar(item) && item.value === 'text')
    return { type: 'RichTextBlock', body: pageBody(itemLine) };
  const entries = isMap(item) ? page.sub(item, 'a block').entries() : [];
  const [entry] = entries;
  const name = entry?.key as BlockName | undefined;
  if (!entry || entries.length !== 1 || !name || !Object.hasOwn(BLOCK_FIELDS, name)) {
    problems.add(
      itemLine,
      `each block is - text or - <name>: with its fields indented below, where <name> is ${Object.keys(BLOCK_FIELDS).join(', ')}`,
    );
    return null;
  }
  if (name === 'text') {
    // `- text: |` and Markdown: a second text block, written in place (its lines start below the key's).
    const node = entry.node;
    if (!isScalar(node) || typeof node.value !== 'string') {
      problems.add(
        entry.line,
        'a text block in place is text: | and its Markdown, indented, below',
      );
      return null;
    }
    const source = node.value;
    return {
      type: 'RichTextBlock',
      body: markdownToRichText(parseMarkdown(source).children, {
        source,
        problems,
        references,
        lineOffset: entry.line,
      }),
    };
  }
  const fields = page.sub(entry.node, `the ${name} block`, entry.line);
  fields.onlyKnown(BLOCK_FIELDS[name]);
  switch (name) {
    case 'hero': {
      const heading = fields.text('heading', true);
      const subheading = fields.text('subheading');
      const image = assetReference(fields, 'image', references);
      const link = fields.fields('callToAction', 'the hero’s callToAction');
      const callToAction = link && readLink(link);
      return heading === undefined
        ? null
        : {
            type: 'HeroBlock',
            heading,
            ...(subheading === undefined ? {} : { subheading }),
            ...(image === undefined ? {} : { image }),
            ...(callToAction ? { callToAction } : {}),
          };
    }
    case 'featured': {
      const heading = fields.text('heading', true);
      const articles = fields.textList('articles', true);
      references.push(...referencesTo('article', articles));
      return heading === undefined || !articles
        ? null
        : {
            type: 'FeaturedArticlesBlock',
            heading,
            articles: articles.map((article) => article.value),
          };
    }
    case 'latest': {
      const heading = fields.text('heading', true);
      const topic = fields.text('topic');
      if (topic !== undefined)
        references.push({ id: `topic:${topic}`, line: fields.lineOf('topic') });
      const count = fields.has('count')
        ? fields.integer('count', 1, MAX_FIRST)
        : DEFAULT_LIST_COUNT;
      if (heading === undefined || count === undefined) return null;
      return topic === undefined
        ? { type: 'ArticleListBlock', heading, mode: 'LATEST', count }
        : { type: 'ArticleListBlock', heading, mode: 'BY_TOPIC', topic, count };
    }
    case 'callout': {
      const heading = fields.text('heading');
      const body = fields.text('body', true);
      const toneWord = fields.text('tone') ?? 'info';
      const tone = ownValue(TONE_WORDS, toneWord.toLowerCase());
      if (!tone) fields.problem('tone', `tone is info, success or warning, not "${toneWord}"`);
      const linkFields = fields.fields('link', 'the callout’s link');
      const link = linkFields && readLink(linkFields);
      if (body === undefined || !tone) return null;
      return {
        type: 'CalloutBlock',
        ...(heading === undefined ? {} : { heading }),
        body,
        tone,
        ...(link ? { link } : {}),
      };
    }
    case 'image': {
      const image = assetReference(fields, 'image', references);
      if (image === undefined)
        fields.problem(undefined, 'the image block needs its image (an asset key)');
      const caption = fields.text('caption');
      return image === undefined
        ? null
        : { type: 'ImageBlock', image, ...(caption === undefined ? {} : { caption }) };
    }
    case 'newsletter': {
      const heading = fields.text('heading', true);
      const description = fields.text('description', true);
      const buttonLabel = fields.text('buttonLabel');
      return heading === undefined || description === undefined
        ? null
        : {
            type: 'NewsletterSignupBlock',
            heading,
            description,
            ...(buttonLabel === undefined ? {} : { buttonLabel }),
          };
    }
  }
}

function readAuthor(file: MarkdownFile, problems: FileProblems): ContentRecord<'author'> | null {
  const read = frontMatterOf(file, problems, 'an author');
  if (!read) return null;
  const { fields, body } = read;
  fields.onlyKnown(['name', 'slug', 'avatar']);
  const { slug, line } = slugOf(file, fields);
  const references: NamedReference[] = [];
  const name = fields.text('name', true);
  const avatar = assetReference(fields, 'avatar', references);
  const bio = markdownToPlainText(
    body,
    { problems },
    'an author’s bio (the Markdown below the front matter)',
  );
  if (name === undefined || bio === '') return null;
  const value: AuthorFile = { slug, name, bio, ...(avatar === undefined ? {} : { avatar }) };
  return {
    kind: 'author',
    key: slug,
    file: file.file,
    line,
    hash: file.hash,
    references: withLines(namedBy('author', value), references, line),
    value,
  };
}

function readTopic(file: MarkdownFile, problems: FileProblems): ContentRecord<'topic'> | null {
  const read = frontMatterOf(file, problems, 'a topic');
  if (!read) return null;
  const { fields, body } = read;
  fields.onlyKnown(['name', 'slug']);
  const { slug, line } = slugOf(file, fields);
  const name = fields.text('name', true);
  const description = markdownToPlainText(
    body,
    { problems },
    'a topic’s description (the Markdown below the front matter)',
  );
  if (name === undefined || description === '') return null;
  return {
    kind: 'topic',
    key: slug,
    file: file.file,
    line,
    hash: file.hash,
    references: [],
    value: { slug, name, description },
  };
}
