import path from 'node:path';
import { OwnedEntries } from './ownedEntries';
import { isMap, isScalar, type Node as YamlNode } from 'yaml';
import { isValidSlug, MAX_FIRST, SLUG_MAX_LENGTH } from '../../shared/limits';
import { ownValue } from '../../shared/ownValue';
import type {
  ArticleFile,
  AuthorFile,
  BlockFile,
  ContentStatus,
  PageFile,
  SeoFile,
  TranslationFile,
} from '../model/contentFiles';
import {
  markdownToPlainText,
  markdownToRichText,
  parseMarkdown,
  type NamedReference,
} from './markdown';
import { FileProblems } from './problems';
import { readLiveBlog } from './liveBlogFile';
import { parseYaml, YamlFields } from './yamlFields';
import {
  ContentRecord,
  MarkdownFile,
  RecordValues,
  STATUS_WORDS,
  TONE_WORDS,
  DATE_TIME,
  DEFAULT_LIST_COUNT,
  namedBy,
  withLines,
  readLink,
} from './contentRecord';

/** The records content/'s Markdown files hold: articles, pages, authors and topics. */

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

export function readMarkdown(file: MarkdownFile, problems: FileProblems): ContentRecord | null {
  if (file.translation) return readTranslation(file, file.translation, problems);
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
  const given = givenSlug(fields);
  if (given.slug !== undefined) return { slug: given.slug, line: given.line };
  const slug = path.posix.basename(file.file, '.md');
  checkSlug(fields, slug, false);
  return { slug, line: 1 };
}

/** The front matter's `slug:`, checked, and its line (1 when there is none). */
function givenSlug(fields: YamlFields): { slug: string | undefined; line: number } {
  const slug = fields.text('slug');
  if (slug === undefined) return { slug, line: 1 };
  checkSlug(fields, slug, true);
  return { slug, line: fields.lineOf('slug') };
}

function checkSlug(fields: YamlFields, slug: string, given: boolean): void {
  if (isValidSlug(slug)) return;
  fields.problem(
    given ? 'slug' : undefined,
    `"${slug}" cannot be a slug: lowercase letters, digits and single hyphens, at most ${SLUG_MAX_LENGTH} characters${given ? '' : ' (it comes from the file name unless the front matter gives slug:)'}`,
  );
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

/** A Markdown record as every kind starts reading it: its front matter (only the fields it knows), its slug and the line that gives it, and the references read so far. */
function openRecord(
  file: MarkdownFile,
  problems: FileProblems,
  what: string,
  known: readonly string[],
) {
  const read = frontMatterOf(file, problems, what);
  if (!read) return null;
  read.fields.onlyKnown(known);
  const { slug, line } = slugOf(file, read.fields);
  return { ...read, slug, line, references: [] as NamedReference[] };
}

/** The record of a Markdown file of its own kind: what its value names, each on the line it was read from, and the entries it makes. */
function markdownRecord<K extends 'article' | 'page' | 'author' | 'topic'>(
  kind: K,
  file: MarkdownFile,
  { slug, line, references }: { slug: string; line: number; references: NamedReference[] },
  value: RecordValues[K],
  owned?: OwnedEntries,
): ContentRecord<K> {
  return {
    kind,
    key: slug,
    file: file.file,
    line,
    hash: file.hash,
    references: withLines(namedBy(kind, value), references, line),
    value,
    ...(owned ? { owns: owned.records(file) } : {}),
  };
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
  'live',
];

function readArticle(file: MarkdownFile, problems: FileProblems): ContentRecord<'article'> | null {
  const opened = openRecord(file, problems, 'an article', ARTICLE_FIELDS);
  if (!opened) return null;
  const { fields, body, slug, references } = opened;
  const title = fields.text('title', true);
  const summary = fields.text('summary', true);
  const status = statusOf(fields);
  const publishedAt = dateOf(fields, 'publishedAt');
  const updatedAt = dateOf(fields, 'updatedAt');
  if (publishedAt !== undefined && updatedAt !== undefined && updatedAt < publishedAt)
    fields.problem('updatedAt', 'updatedAt is never before publishedAt');
  const authors = fields.textList('authors', true);
  const topics = fields.textList('topics', true);
  references.push(...referencesTo('author', authors), ...referencesTo('topic', topics));
  const heroImage = assetReference(fields, 'hero', references);
  const seo = readSeo(fields, references);
  const owned = new OwnedEntries(slug, new Set(file.images), file.refusedImages);
  const document = markdownToRichText(body, { source: file.text, problems, references, owned });
  const live = readLiveBlog(fields, {
    problems,
    references,
    owned,
    authors: (authors ?? []).map((author) => author.value),
  });
  if (title === undefined || summary === undefined || status === undefined || !authors || !topics)
    return null;
  const value: ArticleFile = {
    slug,
    title,
    summary,
    status,
    // Not given: a published article gets the moment the publish that first publishes it runs (writePlan.ts).
    publishedAt: publishedAt ?? null,
    // Not given: as published (or, for a draft, when this version was read).
    updatedAt: updatedAt ?? publishedAt ?? new Date().toISOString(),
    authors: authors.map((author) => author.value),
    topics: topics.map((topic) => topic.value),
    ...(heroImage === undefined ? {} : { heroImage }),
    ...(seo === undefined ? {} : { seo }),
    body: document,
    ...(live === undefined ? {} : { live }),
  };
  return markdownRecord('article', file, opened, value, owned);
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

function readPage(
  file: MarkdownFile,
  problems: FileProblems,
  /** Whose entries its fenced code and images are (a translation's own, so never its original's keys). */
  owner?: string,
): ContentRecord<'page'> | null {
  const opened = openRecord(file, problems, 'a page', PAGE_FIELDS);
  if (!opened) return null;
  const { fields, body, slug, references } = opened;
  const title = fields.text('title', true);
  const status = statusOf(fields);
  const updatedAt = dateOf(fields, 'updatedAt');
  const seo = readSeo(fields, references);
  const owned = new OwnedEntries(owner ?? slug, new Set(file.images), file.refusedImages);
  const items = fields.list('blocks') ?? [];
  if (items.length === 0)
    fields.problem(
      'blocks',
      'a page needs its blocks: a list under blocks:, one - name: a block (hero, featured, latest, text, callout, image, newsletter)',
    );
  let bodyUsed = false;
  const blocks = items.flatMap((item): BlockFile[] => {
    const block = readBlock(fields, item, problems, references, owned, (line) => {
      if (bodyUsed)
        problems.add(
          line,
          'the Markdown below the front matter is one text block: give any other its Markdown here, as text: |',
        );
      bodyUsed = true;
      return markdownToRichText(body, { source: file.text, problems, references, owned });
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
  return markdownRecord('page', file, opened, value, owned);
}

/** One item of `blocks:`: `- text`, or `- <name>:` and its fields. */
function readBlock(
  page: YamlFields,
  item: YamlNode,
  problems: FileProblems,
  references: NamedReference[],
  owned: OwnedEntries,
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
  if (name === 'text') return readTextInPlace(entry, problems, references, owned);
  const fields = page.sub(entry.node, `the ${name} block`, entry.line);
  fields.onlyKnown(BLOCK_FIELDS[name]);
  return BLOCK_READERS[name](fields, references);
}

/** `- text: |` and Markdown: a second text block, written in place (its lines start below the key's). */
function readTextInPlace(
  entry: { node: YamlNode | null; line: number },
  problems: FileProblems,
  references: NamedReference[],
  owned: OwnedEntries,
): BlockFile | null {
  const node = entry.node;
  if (!isScalar(node) || typeof node.value !== 'string') {
    problems.add(entry.line, 'a text block in place is text: | and its Markdown, indented, below');
    return null;
  }
  const source = node.value;
  return {
    type: 'RichTextBlock',
    body: markdownToRichText(parseMarkdown(source).children, {
      source,
      problems,
      references,
      owned,
      lineOffset: entry.line,
    }),
  };
}

/** Each block but text from its fields (the ones it knows, checked already): null when a field it needs is missing or wrong. */
const BLOCK_READERS: Record<
  Exclude<BlockName, 'text'>,
  (fields: YamlFields, references: NamedReference[]) => BlockFile | null
> = {
  hero(fields, references) {
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
  },
  featured(fields, references) {
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
  },
  latest(fields, references) {
    const heading = fields.text('heading', true);
    const topic = fields.text('topic');
    if (topic !== undefined)
      references.push({ id: `topic:${topic}`, line: fields.lineOf('topic') });
    const count = fields.has('count') ? fields.integer('count', 1, MAX_FIRST) : DEFAULT_LIST_COUNT;
    if (heading === undefined || count === undefined) return null;
    return topic === undefined
      ? { type: 'ArticleListBlock', heading, mode: 'LATEST', count }
      : { type: 'ArticleListBlock', heading, mode: 'BY_TOPIC', topic, count };
  },
  callout(fields) {
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
  },
  image(fields, references) {
    const image = assetReference(fields, 'image', references);
    if (image === undefined)
      fields.problem(undefined, 'the image block needs its image (an asset key)');
    const caption = fields.text('caption');
    return image === undefined
      ? null
      : { type: 'ImageBlock', image, ...(caption === undefined ? {} : { caption }) };
  },
  newsletter(fields) {
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
  },
};

function readAuthor(file: MarkdownFile, problems: FileProblems): ContentRecord<'author'> | null {
  const opened = openRecord(file, problems, 'an author', ['name', 'slug', 'avatar']);
  if (!opened) return null;
  const { fields, body, slug, references } = opened;
  const name = fields.text('name', true);
  const avatar = assetReference(fields, 'avatar', references);
  const bio = markdownToPlainText(
    body,
    { problems },
    'an author’s bio (the Markdown below the front matter)',
  );
  if (name === undefined || bio === '') return null;
  const value: AuthorFile = { slug, name, bio, ...(avatar === undefined ? {} : { avatar }) };
  return markdownRecord('author', file, opened, value);
}

function readTopic(file: MarkdownFile, problems: FileProblems): ContentRecord<'topic'> | null {
  const opened = openRecord(file, problems, 'a topic', ['name', 'slug']);
  if (!opened) return null;
  const { fields, body, slug } = opened;
  const name = fields.text('name', true);
  const description = markdownToPlainText(
    body,
    { problems },
    'a topic’s description (the Markdown below the front matter)',
  );
  if (name === undefined || description === '') return null;
  return markdownRecord('topic', file, opened, { slug, name, description });
}

/** What a translation may give (docs/publishing.md#translations): its localized fields alone. */
const TRANSLATED_FIELDS = {
  article: ['title', 'slug', 'summary', 'status', 'seo', 'live'],
  topic: ['name', 'slug'],
  author: [],
  page: [],
} as const;
// (A page's translation is read as a page: readPage's fields.)

/** Which original a translation translates, and into which locale. */
type Translating = { locale: string; original: string };

/**
 * `<name>.<locale>.md` beside `<name>.md`: the original's localized fields
 * in another locale. Its slug is its own (`slug:`), else the original's file
 * name; the rest (dates, authors, topics, images) is the original's.
 */
function readTranslation(
  file: MarkdownFile,
  translating: Translating,
  problems: FileProblems,
): ContentRecord<'translation'> | null {
  const what = { article: 'an article', topic: 'a topic', author: 'an author', page: 'a page' }[
    file.kind
  ];
  if (file.kind === 'page') return readPageTranslation(file, translating, problems);
  const root = parseMarkdown(file.text);
  const [first] = root.children;
  // An author's translation is its bio alone: front matter is optional there.
  if (first?.type !== 'yaml' && file.kind === 'author')
    return authorTranslation(file, 1, translating, root.children, problems);
  const read = frontMatterOf(file, problems, `a translation of ${what}`);
  if (!read) return null;
  const { fields, body } = read;
  fields.onlyKnown(TRANSLATED_FIELDS[file.kind]);
  // Its own slug, or (unless given) the original's at publish time.
  const { slug, line } = givenSlug(fields);
  const slugPart = slug === undefined ? {} : { slug };
  switch (file.kind) {
    case 'author':
      return authorTranslation(file, line, translating, body, problems);
    case 'topic': {
      const name = fields.text('name', true);
      const description = markdownToPlainText(body, { problems }, 'a topic’s description');
      if (name === undefined || description === '') return null;
      return translationRecord(file, line, [], {
        of: 'topic',
        locale: translating.locale,
        original: translating.original,
        ...slugPart,
        name,
        description,
      });
    }
    case 'article':
      return readArticleTranslation(file, translating, problems, fields, body, line, slugPart);
  }
}

/** A page's translation is a whole page (its title, slug and blocks); its slug is the original's file name unless it gives one. */
function readPageTranslation(
  file: MarkdownFile,
  { locale, original }: Translating,
  problems: FileProblems,
): ContentRecord<'translation'> | null {
  const page = readPage(
    { ...file, file: original },
    problems,
    path.posix.basename(file.file, '.md'),
  );
  if (!page) return null;
  return {
    ...translationRecord(file, page.line, page.references, {
      of: 'page',
      locale,
      original,
      page: page.value,
    }),
    owns: (page.owns ?? []).map((owned) => ({ ...owned, file: file.file })),
  };
}

/** An author's translation: its bio. */
function authorTranslation(
  file: MarkdownFile,
  line: number,
  { locale, original }: Translating,
  markdown: Parameters<typeof markdownToPlainText>[0],
  problems: FileProblems,
): ContentRecord<'translation'> | null {
  const bio = markdownToPlainText(markdown, { problems }, 'an author’s bio');
  return bio === ''
    ? null
    : translationRecord(file, line, [], { of: 'author', locale, original, bio });
}

/** An article's translation: its title, summary, status and seo words if given, and its text. */
function readArticleTranslation(
  file: MarkdownFile,
  { locale, original }: Translating,
  problems: FileProblems,
  fields: YamlFields,
  body: Parameters<typeof markdownToRichText>[0],
  line: number,
  slugPart: { slug?: string },
): ContentRecord<'translation'> | null {
  const references: NamedReference[] = [];
  const title = fields.text('title', true);
  const summary = fields.text('summary', true);
  const status = fields.has('status') ? statusOf(fields) : undefined;
  const seo = fields.fields('seo', 'seo');
  seo?.onlyKnown(['title', 'description']);
  const seoTitle = seo?.text('title');
  const seoDescription = seo?.text('description');
  const owned = new OwnedEntries(
    path.posix.basename(file.file, '.md'),
    new Set(file.images),
    file.refusedImages,
  );
  const document = markdownToRichText(body, { source: file.text, problems, references, owned });
  // A translation names no authors of its own: each of its live blog's updates names its author.
  const live = readLiveBlog(fields, { problems, references, owned, authors: [] });
  if (title === undefined || summary === undefined) return null;
  const record = translationRecord(file, line, references, {
    of: 'article',
    locale,
    original,
    ...slugPart,
    title,
    summary,
    ...(status === undefined ? {} : { status }),
    ...(seo
      ? {
          seo: {
            ...(seoTitle === undefined ? {} : { title: seoTitle }),
            ...(seoDescription === undefined ? {} : { description: seoDescription }),
          },
        }
      : {}),
    body: document,
    ...(live === undefined ? {} : { live }),
  });
  return { ...record, owns: owned.records(file) };
}

function translationRecord(
  file: MarkdownFile,
  line: number,
  references: NamedReference[],
  value: TranslationFile,
): ContentRecord<'translation'> {
  const ids = [...new Set(references.map((reference) => reference.id))];
  return {
    kind: 'translation',
    // Its file without `.md`: `articles/reading-the-tides.de`, one per original and locale.
    key: file.file.slice(0, -'.md'.length),
    file: file.file,
    line,
    hash: file.hash,
    references: withLines(ids, references, line),
    value,
  };
}
