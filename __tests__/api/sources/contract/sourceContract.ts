import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { ChangedRecord, ChangedRecordType } from '../../../../api/changes/contentChange';
import { resolveChange } from '../../../../api/changes/changeKeys';
import { inLocaleKey, recordKey, slugKey } from '../../../../api/caches/cacheKeys';
import { recordingReader } from '../../../../api/caches/recordingReader';
import type { Database } from '../../../../api/db/database';
import { movedAddresses } from '../../../../api/movedAddresses';
import {
  movedDocument,
  recordPublishedSlugs,
  type SluggedType,
} from '../../../../api/sources/slugHistory';
import { entryPath, localePath } from '../../../../shared/sitePaths';
import { isContentError } from '../../../../api/contentError';
import type {
  ArticleFile,
  BlockFile,
  ContentFiles,
  RichTextNode,
} from '../../../../api/model/contentFiles';
import { fromGlobalId, isSourceId } from '../../../../api/model/globalId';
import { plainText, readingTimeMinutes } from '../../../../api/model/richText';
import { DEFAULT_LIST_COUNT } from '../../../../api/publishing/contentFolder';
import { readContentFiles } from '../../../../api/publishing/readContentFiles';
import type {
  Article,
  Author,
  ContentReader,
  ContentSource,
  ContentStatus,
  Embed,
  ListPage,
  Page,
  PageBlock,
  PageRequest,
  Topic,
  Translatable,
} from '../../../../api/sources/contentSource';
import { notificationFits, readNotification } from '../../../../api/sources/readNotification';
import { MAX_FIRST } from '../../../../shared/limits';
import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '../../../../shared/locales';
import { readContentTranslations } from '../../../../cms/contentTranslations';

/**
 * The content source contract (docs/sources.md#the-source-contract,
 * api/sources/contentSource.ts), one suite for every source: each source
 * under test was filled from content/, and every test compares what the
 * source answers with what content/ says (readContentFiles), not with
 * another source.
 *
 * What the sources may legitimately differ in, and is normalised here:
 * - Ids are the source's own (a serial, a Strapi documentId, a Contentful
 *   sys.id): never compared, only checked for their shape and found again.
 *   Records are compared by slug, images by their file's name in
 *   content/images, code blocks and pull quotes by what they say.
 * - URLs and file names: an asset's `file` (what /images URLs carry) and its
 *   `version` are the source's own (a CMS prefixes its asset id and hashes
 *   its own URL); only the file's name is compared. A link to an image
 *   inside Strapi's text is Strapi's upload URL, named as Strapi names its
 *   uploads (SourceDifferences.uploadName).
 * - Order where the contract promises none: where a draft without a
 *   publication date sorts in a previewer's list, and the order of the
 *   published overview's lists (compared by slug).
 * - What each source declares in its SourceDifferences below: edit times,
 *   rich-text entry links, image bytes, statuses a previewer reads, images
 *   of hidden articles, where search runs.
 * Anything else a source does differently is a failure of the contract; a
 * real bug a source has is its `knownBugs` entry, its test `it.failing`.
 */

/** What a source does differently, by design, from what content/ says. */
export interface SourceDifferences {
  /** What the source's own ids look like. */
  id: RegExp;
  /**
   * `updatedAt` of articles and pages. `seed`: as content/ writes it.
   * `seed-for-readers`: as content/ writes it for what readers see; a
   * previewer's draft has no edit time (Contentful's GraphQL API gives none:
   * the request's time stands in) and a scheduled article was published, in
   * the CMS's terms, when the space was made. `own`: the CMS's own edit time
   * (Strapi stamps `updatedAt` itself when the content is imported).
   */
  editTimes: 'seed' | 'seed-for-readers' | 'own';
  /**
   * Links to Folio's own entries inside rich text. `entries`: entry links
   * (`entry-hyperlink`, `embedded-entry-inline`) naming global ids. `paths`:
   * Strapi's text has no entry links, so such a link is a `hyperlink` to the
   * entry's path, an inline entry one whose words are its name, and a link
   * to an image one to the CMS's upload of it (see uploadName).
   */
  entryLinks: 'entries' | 'paths';
  /**
   * The file of content/images a link to the CMS's own upload URL stands
   * for (the CMS names its uploads), or null for any other URL.
   */
  uploadName?: (url: string) => string | null;
  /**
   * An image's bytes. `as-written`: the file of content/images itself.
   * `cms-encoded`: the CMS re-encoded the file it was given (Strapi's upload
   * optimises images): the same picture, of the same size and format, in the
   * CMS's own bytes.
   */
  imageBytes: 'as-written' | 'cms-encoded';
  /**
   * A hidden article's status, to a previewer. `seed`: DRAFT, ARCHIVED or
   * PUBLISHED (scheduled) as written. `published-or-draft`: the CMS has no
   * archived state, so what is not published is a draft
   * (cms/contentful/demoSpace.ts).
   */
  previewStatus: 'seed' | 'published-or-draft';
  /**
   * Whether a reader may see an image only hidden articles show. `hidden`:
   * no. `published-with-the-article`: a scheduled article is published in
   * the CMS's terms (its date is Folio's rule), and so are its images; a
   * draft's are not. `public`: the CMS's media have no status (Strapi).
   */
  hiddenArticleImages: 'hidden' | 'published-with-the-article' | 'public';
  /**
   * `own`: the source searches its own tables, drafts too for a previewer.
   * `index`: Folio's index of the CMS's published articles
   * (api/sources/cms/searchIndex.ts), filled by `refreshSearch`; a previewer's
   * search finds no drafts there.
   */
  search: 'own' | 'index';
  /**
   * An image's alt text in another locale. `per-locale`: the locale's from
   * content/assets.<locale>.yaml, the default locale's where it gives none.
   * `one-per-file`: the CMS's media library keeps one alt text per file
   * (Strapi 5's is not localized: cms/strapi/README.md#locales), which every
   * locale shows.
   */
  altText: 'per-locale' | 'one-per-file';
  /**
   * Where an article published without a publication date stands on
   * readers' newest-first lists. `newest`: its first publication is kept as
   * its date, which lists order by. `last`: the CMS orders by the date field
   * itself, which such an article has no value in, and puts it after the
   * dated ones (Contentful's GraphQL API orders by fields, not by one field
   * or another; docs/sources.md#the-source-contract).
   */
  undatedInLists: 'newest' | 'last';
}

/** A record of the seed a webhook body names, found in the source under test. */
export type NamedRecord =
  | { type: 'Article' | 'Author' | 'Topic' | 'Page'; slug: string }
  | { type: 'Asset'; heroOf: string }
  | { type: 'Embed'; embed: Embed['__typename']; in: string };

/** One notification as the CMS sends it, and what it must become. */
export interface WebhookExample {
  title: string;
  headers: Record<string, string>;
  /** The body, naming the record by `id`, the source's own id for it. */
  body: (id: string) => unknown;
  names: NamedRecord;
  /** The event the notification says it is (Strapi's `event`, Contentful's topic). */
  event: string;
  /** A change of the named record, or nothing readers see (a draft saved). */
  becomes: { kind: 'change'; listsChanged: boolean } | { kind: 'ignored' };
}

/** The tests of the contract, by name (a source's knownBugs names them). */
export type ContractTest =
  | 'site'
  | 'articles'
  | 'ids'
  | 'bodies'
  | 'bylines'
  | 'authors and topics'
  | 'pages'
  | 'assets'
  | 'hidden images'
  | 'embeds'
  | 'related'
  | 'article lists'
  | 'card reading time'
  | 'one request reads an article once'
  | 'directories'
  | 'pagination'
  | 'bad cursors'
  | 'hidden from readers'
  | 'preview'
  | 'preview status'
  | 'search'
  | 'search operators'
  | 'search and hidden articles'
  | 'search index'
  | 'not found'
  | 'unknown image files'
  | 'published overview'
  | 'published articles'
  | 'next scheduled'
  | 'webhooks'
  | 'locales: documents'
  | 'locales: translations'
  | 'locales: lists'
  | 'locales: search'
  | 'locales: crawlers'
  | 'locales: site'
  | 'locales: alt text'
  | 'addresses that moved'
  | 'undated articles'
  | 'live blogs'
  | 'live blog updates'
  | 'log';

export interface StartedSource {
  source: ContentSource;
  close(): Promise<void>;
  /** Folio's own database the source was made with: where the addresses documents left are kept (api/sources/slugHistory.ts). */
  db: Database;
  /**
   * Gives a document new slugs, as a writer does in its CMS (or in
   * content/): `slugs` by locale, for its versions there. The document is
   * named by its id and by its slug in content/ (the embedded source's file).
   * Resolves once the new slugs are published, with the records the CMS's
   * notification (or the publish's change) names.
   */
  rename(
    document: { type: SluggedType; id: string; seedSlug: string },
    slugs: Partial<Record<Locale, string>>,
  ): Promise<ChangedRecord[]>;
  /**
   * Publishes an article its writer gave no publication date, as a writer
   * does in its CMS (or in content/): new with `slug` and `title` in the
   * default locale, by content/'s first author and topic; published again
   * (its title changed) when it is there already. Resolves once published,
   * with its id and a way to delete it from the CMS again.
   */
  publishUndated(article: {
    slug: string;
    title: string;
  }): Promise<{ id: string; remove(): Promise<void> }>;
  /**
   * Posts a new update to the seed's live blog `slug`, as a writer does in
   * its CMS (or in content/): `title`, one paragraph `text`, posted `at`, by
   * the live blog's first author, not a key event. Resolves once published,
   * with the records the CMS's notification (or the publish's change) names
   * and a way to take the update out again. Absent where the source does
   * not carry live blogs yet (its knownBugs say so).
   */
  postLiveUpdate?(
    slug: string,
    update: { title: string; text: string; at: string },
  ): Promise<{ records: ChangedRecord[]; remove(): Promise<void> }>;
}

export interface SourceUnderTest {
  differences: SourceDifferences;
  /** The notifications its CMS sends (cms/…/examples), or none: no CMS notifies this source. */
  webhook?: { cms: 'strapi' | 'contentful'; examples: WebhookExample[] };
  /** What the source logged (a CMS source logs every failure); the contract expects nothing. */
  logged?: () => readonly unknown[];
  /**
   * Contract tests this source fails because of a real bug, each with what
   * the bug is: they run as `it.failing`, so fixing the bug fails them until
   * the entry goes.
   */
  knownBugs?: Partial<Record<ContractTest, string>>;
  start(): Promise<StartedSource>;
}

// ---------------------------------------------------------------------------
// What content/ says

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const FOLIO_PATH = /^\/(?:(articles|authors|topics)\/)?([a-z0-9]+(?:-[a-z0-9]+)*)?$/;
const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/** content/, with what a reader may see of it at `now`. */
function seedOf(files: ContentFiles, now: number) {
  const newestFirst = (a: ArticleFile, b: ArticleFile) =>
    Date.parse(b.publishedAt ?? '') - Date.parse(a.publishedAt ?? '');
  const isVisible = (article: ArticleFile) =>
    article.status === 'PUBLISHED' &&
    article.publishedAt !== null &&
    Date.parse(article.publishedAt) <= now;
  const visible = files.articles.filter(isVisible).sort(newestFirst);
  const hidden = files.articles.filter((article) => !isVisible(article));
  const asset = (key: string) => files.assets.find((candidate) => candidate.key === key);
  /** An asset key's file name in content/images (what the sources are compared by). */
  const imageName = (key: string | undefined) => {
    if (key === undefined) return null;
    const found = asset(key);
    return found ? path.basename(found.file) : `no asset ${key} in content/`;
  };
  const article = (slug: string) => {
    const found = files.articles.find((candidate) => candidate.slug === slug);
    if (!found) throw new Error(`content/ has no article ${slug}`);
    return found;
  };
  const embed = (key: string) => files.embeds.find((candidate) => candidate.key === key);
  return { files, now, visible, hidden, isVisible, imageName, article, embed, asset };
}
type Seed = ReturnType<typeof seedOf>;

/** What one reader sees of a list of articles, in order. */
const slugs = (articles: readonly { slug: string }[]) => articles.map((article) => article.slug);
const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

/** A code block or pull quote by what it says: the same in every source. */
function embedToken(
  embed:
    | { type?: string; __typename?: string; language?: string; code?: string; quote?: string }
    | null
    | undefined,
): string {
  if (!embed) return 'missing embed';
  const type = embed.__typename ?? embed.type;
  return type === 'CodeBlock'
    ? `CodeBlock ${embed.language} ${embed.code?.split('\n')[0]}`
    : `PullQuote ${embed.quote?.slice(0, 40)}`;
}

/** A link to one of Folio's own pages, by what it links to; any other URL as it is. */
function uriToken(uri: string): string {
  const match = FOLIO_PATH.exec(uri);
  if (!match) return `url ${uri}`;
  const [, list, slug] = match;
  if (list) return `${list.slice(0, -1)}:${slug}`;
  return `page:${slug ?? 'home'}`;
}

// ---------------------------------------------------------------------------
// Rich text, as a reader reads it

/** Where a link goes and, for an inline entry, the words it shows. */
interface LinkTarget {
  node: string;
  target: string;
  name?: string;
}

/**
 * A document as a reader reads it: its words (an inline entry's are its
 * target's name), its links in order (what kind of link, to what), and its
 * top-level blocks. Link targets are resolved first, all at once.
 */
interface Readable {
  words: string[];
  links: string[];
  blocks: string[];
}

const INLINE = new Set([
  'text',
  'hyperlink',
  'entry-hyperlink',
  'asset-hyperlink',
  'embedded-entry-inline',
]);

async function readable(
  document: unknown,
  linkOf: (node: RichTextNode) => Promise<LinkTarget | null>,
): Promise<Readable> {
  const root = document as RichTextNode;
  const nodes: RichTextNode[] = [];
  const collect = (node: RichTextNode) => {
    nodes.push(node);
    for (const child of node.content ?? []) collect(child);
  };
  collect(root);
  const targets = new Map(
    await Promise.all(nodes.map(async (node) => [node, await linkOf(node)] as const)),
  );
  const words: string[] = [];
  const links: string[] = [];
  let run = '';
  const flush = () => {
    words.push(...run.split(/\s+/).filter(Boolean));
    run = '';
  };
  const walk = (node: RichTextNode) => {
    const link = targets.get(node);
    if (link) links.push(`${link.node} → ${link.target}`);
    if (node.nodeType === 'text') run += node.value ?? '';
    else if (node.nodeType === 'embedded-entry-inline') run += link?.name ?? '';
    else {
      const block = !INLINE.has(node.nodeType);
      if (block) flush();
      for (const child of node.content ?? []) walk(child);
      if (block) flush();
    }
  };
  walk(root);
  flush();
  return { words, links, blocks: (root.content ?? []).map((node) => node.nodeType) };
}

/** A content/ document as the source must show it (references are `<kind>:<key>`). */
function seedReadable(
  seed: Seed,
  differences: SourceDifferences,
  document: RichTextNode,
): Promise<Readable> {
  const entryLink = new Set(['entry-hyperlink', 'embedded-entry-inline', 'asset-hyperlink']);
  return readable(document, async (node) => {
    const uri = node.data?.uri;
    if (node.nodeType === 'hyperlink' && typeof uri === 'string')
      return { node: 'hyperlink', target: uriToken(uri) };
    const reference = node.data?.target?.sys?.id;
    if (typeof reference !== 'string') return null;
    const [kind = '', key = ''] = reference.split(/:(.*)/);
    const nodeType =
      differences.entryLinks === 'paths' && entryLink.has(node.nodeType)
        ? 'hyperlink'
        : node.nodeType;
    switch (kind) {
      case 'article':
        return { node: nodeType, target: `article:${key}`, name: seed.article(key).title };
      case 'page':
        return {
          node: nodeType,
          target: `page:${key}`,
          name: seed.files.pages.find((page) => page.slug === key)?.title,
        };
      case 'author':
        return {
          node: nodeType,
          target: `author:${key}`,
          name: seed.files.authors.find((author) => author.slug === key)?.name,
        };
      case 'topic':
        return {
          node: nodeType,
          target: `topic:${key}`,
          name: seed.files.topics.find((topic) => topic.slug === key)?.name,
        };
      case 'asset':
        return { node: nodeType, target: `asset:${seed.imageName(key)}` };
      default:
        return { node: nodeType, target: embedToken(seed.embed(key)) };
    }
  });
}

/** A source's document as a reader reads it; what it links to is read by `read`, its request. */
function sourceReadable(
  read: ContentReader,
  differences: SourceDifferences,
  document: unknown,
): Promise<Readable> {
  return readable(document, async (node) => {
    const uri = node.data?.uri;
    if (node.nodeType === 'hyperlink' && typeof uri === 'string') {
      const upload = differences.uploadName?.(uri);
      return { node: 'hyperlink', target: upload ? `asset:${upload}` : uriToken(uri) };
    }
    const globalId = node.data?.target?.sys?.id;
    if (typeof globalId !== 'string') return null;
    const named = fromGlobalId(globalId);
    if (!named) return { node: node.nodeType, target: `not a global id: ${globalId}` };
    const { type, id } = named;
    const found = async (
      kind: string,
      entry: Promise<{ slug: string; name?: string; title?: string } | null>,
    ) => {
      const value = await entry;
      return {
        node: node.nodeType,
        target: `${kind}:${value?.slug ?? `unknown ${type} ${id}`}`,
        name: value?.name ?? value?.title,
      };
    };
    switch (type) {
      case 'Article':
        return found('article', read.article({ id }));
      case 'Page':
        return found('page', read.page({ id }));
      case 'Author':
        return found('author', read.author({ id }));
      case 'Topic':
        return found('topic', read.topic({ id }));
      case 'Asset': {
        // Named by the document the request reads, as RichText.links asks for it.
        const asset = await read.asset(id, { namedByVisibleDocument: true });
        return {
          node: node.nodeType,
          target: `asset:${asset ? path.basename(asset.file) : `unknown asset ${id}`}`,
        };
      }
      case 'CodeBlock':
      case 'PullQuote':
        return {
          node: node.nodeType,
          target: embedToken(await read.embed(type, id, { namedByVisibleDocument: true })),
        };
      default:
        return { node: node.nodeType, target: `${type} ${id}` };
    }
  });
}

// ---------------------------------------------------------------------------
// The contract

export function describeSourceContract(name: string, underTest: SourceUnderTest): void {
  const { differences } = underTest;
  const seed = seedOf(readContentFiles(), Date.now());
  let started: StartedSource;
  let source: ContentSource;
  let indexed: number | undefined;

  /** A contract test; one a source fails because of a known bug runs as `it.failing`. */
  const contract = (key: ContractTest, title: string, fn: () => Promise<void>) => {
    const bug = underTest.knownBugs?.[key];
    if (bug) it.failing(`${title} [known bug: ${bug}]`, fn, 120_000);
    else it(title, fn, 120_000);
  };

  /** A new reader, as each request gets one. */
  const reader = () => source.reader({ preview: false });
  const previewer = () => source.reader({ preview: true });

  /** An image's file name in content/images, by its id in the source. */
  const imageName = async (read: ContentReader, id: string | null) => {
    if (id === null) return null;
    const asset = await read.asset(id, { namedByVisibleDocument: true });
    return asset ? path.basename(asset.file) : `no asset ${id}`;
  };
  const editTime = (written: string) =>
    differences.editTimes === 'own' ? expect.stringMatching(ISO_INSTANT) : written;

  /** An article as the contract compares it: no ids or file names, images by their file's name. */
  const articleShape = async (read: ContentReader, article: Article) => ({
    slug: article.slug,
    title: article.title,
    summary: article.summary,
    status: article.status,
    publishedAt: article.publishedAt,
    updatedAt: article.updatedAt,
    readingTimeMinutes: article.readingTimeMinutes,
    heroImage: await imageName(read, article.heroImageId),
    seo: {
      title: article.seo.title,
      description: article.seo.description,
      image: await imageName(read, article.seo.imageId),
    },
  });
  const expectedArticle = (
    file: ArticleFile,
    status: ContentStatus = file.status,
    updatedAt: unknown = editTime(file.updatedAt),
  ) => ({
    slug: file.slug,
    title: file.title,
    summary: file.summary,
    status,
    publishedAt: file.publishedAt,
    updatedAt,
    readingTimeMinutes: readingTimeMinutes(plainText(file.body)),
    heroImage: seed.imageName(file.heroImage),
    seo: {
      title: file.seo?.title ?? null,
      description: file.seo?.description ?? null,
      image: seed.imageName(file.seo?.image),
    },
  });
  const authorShape = async (read: ContentReader, author: Author) => ({
    slug: author.slug,
    name: author.name,
    bio: author.bio,
    avatar: await imageName(read, author.avatarId),
  });
  const topicShape = (topic: Topic) => ({
    slug: topic.slug,
    name: topic.name,
    description: topic.description,
  });
  const expectedAuthor = (slug: string) => {
    const author = seed.files.authors.find((candidate) => candidate.slug === slug);
    return (
      author && { slug, name: author.name, bio: author.bio, avatar: seed.imageName(author.avatar) }
    );
  };
  const expectedTopic = (slug: string) => {
    const topic = seed.files.topics.find((candidate) => candidate.slug === slug);
    return topic && { slug, name: topic.name, description: topic.description };
  };

  /** The source's id of a seed record, as a previewer finds it. */
  const idOf = async (named: NamedRecord): Promise<string> => {
    const read = previewer();
    const missing = () => new Error(`the source has no ${JSON.stringify(named)}`);
    switch (named.type) {
      case 'Article':
      case 'Author':
      case 'Topic':
      case 'Page': {
        const by = { slug: named.slug };
        const found = await {
          Article: read.article,
          Author: read.author,
          Topic: read.topic,
          Page: read.page,
        }[named.type](by);
        if (!found) throw missing();
        return found.id;
      }
      case 'Asset': {
        const id = (await read.article({ slug: named.heroOf }))?.heroImageId;
        if (!id) throw missing();
        return id;
      }
      case 'Embed': {
        const article = await read.article({ slug: named.in });
        const linked: string[] = [];
        const walk = (node: RichTextNode) => {
          const target = fromGlobalId(String(node.data?.target?.sys?.id ?? ''));
          if (target?.type === named.embed) linked.push(target.id);
          for (const child of node.content ?? []) walk(child);
        };
        if (article) walk(article.body as RichTextNode);
        if (!linked[0]) throw missing();
        return linked[0];
      }
    }
  };

  /** Every page of a list, `first` at a time, checking each page's own promises. */
  const everyPage = async <T>(
    list: (page: PageRequest) => Promise<ListPage<T>>,
    first: number,
  ): Promise<T[]> => {
    const nodes: T[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 100; pages += 1) {
      const page: ListPage<T> = await list({ first, after });
      expect(page.cursors).toHaveLength(page.nodes.length);
      expect(page.hasPreviousPage).toBe(after !== null);
      nodes.push(...page.nodes);
      if (!page.hasNextPage) return nodes;
      expect(page.nodes).toHaveLength(first);
      after = page.cursors.at(-1)!;
    }
    throw new Error('a list of more than 100 pages');
  };

  describe(`the content source contract: ${name}`, () => {
    beforeAll(async () => {
      started = await underTest.start();
      source = started.source;
      indexed = await source.refreshSearch?.();
    }, 180_000);
    afterAll(async () => {
      await started?.close();
    });

    contract(
      'site',
      'site(): content/site.yaml’s title, description, navigation and footer, for everyone',
      async () => {
        for (const read of [reader(), previewer()])
          expect(await read.site()).toEqual(seed.files.site);
      },
    );

    contract(
      'articles',
      'article({ slug }): every article readers see, as content/ writes it',
      async () => {
        const found = await Promise.all(
          seed.visible.map(async (file) => {
            const read = reader();
            const article = await read.article({ slug: file.slug });
            return article ? articleShape(read, article) : `${file.slug} not found`;
          }),
        );
        expect(found).toEqual(seed.visible.map((file) => expectedArticle(file, 'PUBLISHED')));
      },
    );

    contract(
      'ids',
      'ids are the source’s own, and each article, author, topic and page is found by its id',
      async () => {
        const read = reader();
        const records = [
          ...(await Promise.all(seed.visible.map((file) => read.article({ slug: file.slug })))),
          ...(await Promise.all(
            seed.files.authors.map((author) => read.author({ slug: author.slug })),
          )),
          ...(await Promise.all(
            seed.files.topics.map((topic) => read.topic({ slug: topic.slug })),
          )),
          ...(await Promise.all(seed.files.pages.map((page) => read.page({ slug: page.slug })))),
        ];
        const ids = records.map((record) => record?.id ?? 'not found');
        for (const id of ids) {
          expect(id).toMatch(differences.id);
          expect(isSourceId(id)).toBe(true);
        }
        const again = reader();
        const byId = await Promise.all(
          records.map((record) => {
            if (!record) return null;
            const by = { id: record.id };
            const find = {
              Article: again.article,
              Author: again.author,
              Topic: again.topic,
              Page: again.page,
            }[record.__typename];
            return find(by);
          }),
        );
        expect(byId.map((record) => record && `${record.__typename} ${record.slug}`)).toEqual(
          records.map((record) => record && `${record.__typename} ${record.slug}`),
        );
      },
    );

    contract(
      'bodies',
      'every article’s body reads as written: its words, what it links to, its blocks',
      async () => {
        for (const file of seed.visible) {
          // One request per article, as its page is read: its reader reads what the body links to.
          const read = reader();
          const article = await read.article({ slug: file.slug });
          const [actual, expected] = await Promise.all([
            sourceReadable(read, differences, article?.body),
            seedReadable(seed, differences, file.body),
          ]);
          expect({ slug: file.slug, ...actual }).toEqual({ slug: file.slug, ...expected });
        }
      },
    );

    contract(
      'bylines',
      'authorsOf() and topicsOf(): an article’s authors and topics in the order written',
      async () => {
        for (const file of seed.visible) {
          const read = reader();
          const article = await read.article({ slug: file.slug });
          if (!article) throw new Error(`${file.slug} not found`);
          const [authors, topics] = await Promise.all([
            read.authorsOf(article),
            read.topicsOf(article),
          ]);
          expect({
            slug: file.slug,
            authors: await Promise.all(authors.map((author) => authorShape(read, author))),
            topics: topics.map(topicShape),
          }).toEqual({
            slug: file.slug,
            authors: file.authors.map(expectedAuthor),
            topics: file.topics.map(expectedTopic),
          });
        }
      },
    );

    contract(
      'authors and topics',
      'author() and topic() by slug: every author and topic of content/',
      async () => {
        const read = reader();
        const authors = await Promise.all(
          seed.files.authors.map((author) => read.author({ slug: author.slug })),
        );
        const topics = await Promise.all(
          seed.files.topics.map((topic) => read.topic({ slug: topic.slug })),
        );
        expect(
          await Promise.all(authors.map((author) => author && authorShape(read, author))),
        ).toEqual(seed.files.authors.map((author) => expectedAuthor(author.slug)));
        expect(topics.map((topic) => topic && topicShape(topic))).toEqual(
          seed.files.topics.map((topic) => expectedTopic(topic.slug)),
        );
      },
    );

    contract(
      'pages',
      'page({ slug }): every page, block by block, as content/pages writes it',
      async () => {
        const blockShape = async (read: ContentReader, block: PageBlock) => {
          switch (block.__typename) {
            case 'HeroBlock':
              return {
                type: block.__typename,
                heading: block.heading,
                subheading: block.subheading,
                image: await imageName(read, block.imageId),
                callToAction: block.callToAction,
              };
            case 'RichTextBlock':
              return {
                type: block.__typename,
                body: await sourceReadable(read, differences, block.body),
              };
            case 'ArticleListBlock': {
              const topic =
                block.topicId === null
                  ? null
                  : ((await read.topic({ id: block.topicId }))?.slug ??
                    `unknown topic ${block.topicId}`);
              return {
                type: block.__typename,
                heading: block.heading,
                mode: block.mode,
                topic,
                count: block.count,
              };
            }
            case 'FeaturedArticlesBlock': {
              const articles = await Promise.all(
                block.articleIds.map((id) => read.article({ id })),
              );
              return {
                type: block.__typename,
                heading: block.heading,
                articles: articles.map((article) => article?.slug ?? 'not found'),
              };
            }
            case 'CalloutBlock':
              return {
                type: block.__typename,
                heading: block.heading,
                body: block.body,
                tone: block.tone,
                link: block.link,
              };
            case 'ImageBlock':
              return {
                type: block.__typename,
                image: await imageName(read, block.imageId),
                caption: block.caption,
              };
            case 'NewsletterSignupBlock':
              return {
                type: block.__typename,
                heading: block.heading,
                description: block.description,
                buttonLabel: block.buttonLabel,
              };
          }
        };
        const expectedBlock = async (block: BlockFile) => {
          const field = <T>(key: string, fallback: T) => (block[key] ?? fallback) as T;
          switch (block.type) {
            case 'HeroBlock':
              return {
                type: block.type,
                heading: block.heading,
                subheading: field('subheading', null),
                image: seed.imageName(field('image', undefined)),
                callToAction: field('callToAction', null),
              };
            case 'RichTextBlock':
              return {
                type: block.type,
                body: await seedReadable(seed, differences, block.body as RichTextNode),
              };
            case 'ArticleListBlock':
              return {
                type: block.type,
                heading: block.heading,
                mode: field('mode', 'LATEST'),
                topic: field('topic', null),
                count: field('count', DEFAULT_LIST_COUNT),
              };
            case 'FeaturedArticlesBlock':
              return {
                type: block.type,
                heading: block.heading,
                articles: field<string[]>('articles', []).filter((slug) =>
                  seed.isVisible(seed.article(slug)),
                ),
              };
            case 'CalloutBlock':
              return {
                type: block.type,
                heading: field('heading', ''),
                body: block.body,
                tone: field('tone', 'INFO'),
                link: field('link', null),
              };
            case 'ImageBlock':
              return {
                type: block.type,
                image: seed.imageName(field('image', undefined)),
                caption: field('caption', null),
              };
            default:
              return {
                type: block.type,
                heading: block.heading,
                description: block.description,
                buttonLabel: field('buttonLabel', 'Subscribe'),
              };
          }
        };
        const shape = async (read: ContentReader, page: Page | null) =>
          page && {
            slug: page.slug,
            title: page.title,
            status: page.status,
            updatedAt: page.updatedAt,
            seo: {
              title: page.seo.title,
              description: page.seo.description,
              image: await imageName(read, page.seo.imageId),
            },
            blocks: await Promise.all(page.blocks.map((block) => blockShape(read, block))),
          };
        for (const file of seed.files.pages) {
          const read = reader();
          const page = await read.page({ slug: file.slug });
          expect(await shape(read, page)).toEqual({
            slug: file.slug,
            title: file.title,
            status: file.status,
            updatedAt: editTime(file.updatedAt),
            seo: {
              title: file.seo?.title ?? null,
              description: file.seo?.description ?? null,
              image: seed.imageName(file.seo?.image),
            },
            blocks: await Promise.all(file.blocks.map(expectedBlock)),
          });
          // Block ids are the source's own, and unique among blocks of a type.
          const ids = page!.blocks.map((block) => `${block.__typename}:${block.id}`);
          expect(new Set(ids).size).toBe(ids.length);
          for (const block of page!.blocks) expect(isSourceId(block.id)).toBe(true);
        }
      },
    );

    contract(
      'assets',
      'asset() and image(): every image a reader sees, as content/images holds it',
      async () => {
        const read = reader();
        const ids = new Map<string, string>();
        for (const file of seed.visible) {
          const article = await read.article({ slug: file.slug });
          for (const id of [article?.heroImageId, article?.seo.imageId])
            if (id) ids.set(id, file.slug);
        }
        for (const author of seed.files.authors) {
          const id = (await read.author({ slug: author.slug }))?.avatarId;
          if (id) ids.set(id, author.slug);
        }
        expect(ids.size).toBeGreaterThanOrEqual(seed.visible.length + seed.files.authors.length);
        for (const [id, shownBy] of ids) {
          // Alone (`node(id:)`), with no document naming it.
          const asset = await reader().asset(id);
          if (!asset) throw new Error(`the image ${id} of ${shownBy} is not found`);
          const onDisk = seed.files.assets.find(
            (candidate) => path.basename(candidate.file) === path.basename(asset.file),
          );
          if (!onDisk) throw new Error(`${asset.file} is no file of content/images`);
          const bytes = readFileSync(path.join(seed.files.dir, onDisk.file));
          const { width, height } = await sharp(bytes).metadata();
          expect({
            alt: asset.alt,
            width: asset.width,
            height: asset.height,
            contentType: asset.contentType,
          }).toEqual({
            alt: onDisk.alt,
            width,
            height,
            contentType: CONTENT_TYPES[path.extname(onDisk.file)],
          });
          expect(asset.version).toMatch(/^[\w.-]+$/);
          const original = await source.image(asset.file);
          expect(
            original && { contentType: original.contentType, visibility: original.visibility },
          ).toEqual({ contentType: asset.contentType, visibility: 'public' });
          const served = await original!.bytes();
          if (differences.imageBytes === 'as-written') expect(served.equals(bytes)).toBe(true);
          else
            expect(await sharp(served).metadata()).toMatchObject({
              width,
              height,
              format: (await sharp(bytes).metadata()).format,
            });
        }
      },
    );

    contract(
      'hidden images',
      'an image only hidden articles show: a previewer’s; a reader’s where the source says so',
      async () => {
        let checked = 0;
        for (const file of seed.hidden) {
          const shownElsewhere = [
            ...seed.visible,
            ...seed.hidden.filter((other) => other !== file),
          ].some((other) => other.heroImage === file.heroImage);
          if (!file.heroImage || shownElsewhere) continue;
          const id = await idOf({ type: 'Asset', heroOf: file.slug });
          const asset = await previewer().asset(id);
          expect(asset && path.basename(asset.file)).toBe(seed.imageName(file.heroImage));
          const scheduled = file.status === 'PUBLISHED';
          const forReaders =
            differences.hiddenArticleImages === 'public' ||
            (differences.hiddenArticleImages === 'published-with-the-article' && scheduled);
          const readersAsset = await reader().asset(id);
          expect({ slug: file.slug, seen: readersAsset !== null }).toEqual({
            slug: file.slug,
            seen: forReaders,
          });
          const original = await source.image(asset!.file);
          expect({ slug: file.slug, visibility: original?.visibility }).toEqual({
            slug: file.slug,
            visibility: forReaders ? 'public' : 'preview',
          });
          checked += 1;
        }
        expect(checked).toBe(seed.hidden.length);
      },
    );

    contract(
      'embeds',
      'embed(): each code block and pull quote as content/embeds.yaml says; another type is null',
      async () => {
        let seen = 0;
        for (const file of seed.visible) {
          const keys: string[] = [];
          const walk = (node: RichTextNode) => {
            const reference = String(node.data?.target?.sys?.id ?? '');
            if (/^(codeBlock|pullQuote):/.test(reference)) keys.push(reference.split(':')[1]!);
            for (const child of node.content ?? []) walk(child);
          };
          walk(file.body);
          if (keys.length === 0) continue;
          const article = await reader().article({ slug: file.slug });
          const linked: { type: Embed['__typename']; id: string }[] = [];
          const collect = (node: RichTextNode) => {
            const target = fromGlobalId(String(node.data?.target?.sys?.id ?? ''));
            if (target?.type === 'CodeBlock' || target?.type === 'PullQuote')
              linked.push({ type: target.type, id: target.id });
            for (const child of node.content ?? []) collect(child);
          };
          collect(article?.body as RichTextNode);
          const read = reader();
          const embeds = await Promise.all(linked.map(({ type, id }) => read.embed(type, id)));
          const strip = (embed: Embed | null) => {
            if (!embed) return null;
            const { id: _id, ...rest } = embed;
            return rest;
          };
          expect(embeds.map(strip)).toEqual(
            keys.map((key) => {
              const embed = seed.embed(key)!;
              return embed.type === 'CodeBlock'
                ? {
                    __typename: 'CodeBlock',
                    language: embed.language,
                    code: embed.code,
                    caption: embed.caption ?? null,
                  }
                : {
                    __typename: 'PullQuote',
                    quote: embed.quote,
                    attribution: embed.attribution ?? null,
                  };
            }),
          );
          for (const { type, id } of linked)
            expect(
              await reader().embed(type === 'CodeBlock' ? 'PullQuote' : 'CodeBlock', id),
            ).toBeNull();
          seen += keys.length;
        }
        expect(seen).toBeGreaterThan(0);
      },
    );

    contract(
      'related',
      'related(): visible articles sharing the most topics, newest first',
      async () => {
        for (const file of seed.visible) {
          const read = reader();
          const article = await read.article({ slug: file.slug });
          const shared = (other: ArticleFile) =>
            other.topics.filter((topic) => file.topics.includes(topic)).length;
          const expected = seed.visible
            .filter((other) => other !== file && shared(other) > 0)
            .sort(
              (a, b) =>
                shared(b) - shared(a) || Date.parse(b.publishedAt!) - Date.parse(a.publishedAt!),
            )
            .slice(0, 4)
            .map((other) => other.slug);
          expect({ slug: file.slug, related: slugs(await read.related(article!, 4)) }).toEqual({
            slug: file.slug,
            related: expected,
          });
        }
      },
    );

    contract(
      'article lists',
      'articles(), latestArticles(), articleCount(): newest first, of all, of a topic, an author',
      async () => {
        const read = reader();
        const all = await read.articles({}, { first: MAX_FIRST, after: null });
        expect(slugs(all.nodes)).toEqual(slugs(seed.visible));
        expect(await all.totalCount()).toBe(seed.visible.length);
        expect(all.hasNextPage).toBe(false);
        // A list's article is the article readers read (its reading time has a test of its own).
        const cards = await Promise.all(all.nodes.map((article) => articleShape(read, article)));
        const withoutMinutes = <T extends { readingTimeMinutes: unknown }>({
          readingTimeMinutes: _minutes,
          ...rest
        }: T) => rest;
        expect(cards.map(withoutMinutes)).toEqual(
          seed.visible.map((file) => withoutMinutes(expectedArticle(file, 'PUBLISHED'))),
        );
        expect(slugs(await read.latestArticles(5, null))).toEqual(slugs(seed.visible.slice(0, 5)));
        for (const topic of seed.files.topics) {
          const id = (await read.topic({ slug: topic.slug }))!.id;
          const expected = slugs(seed.visible.filter((file) => file.topics.includes(topic.slug)));
          const list = await reader().articles({ topicId: id }, { first: MAX_FIRST, after: null });
          expect({
            topic: topic.slug,
            slugs: slugs(list.nodes),
            total: await list.totalCount(),
          }).toEqual({ topic: topic.slug, slugs: expected, total: expected.length });
          expect({
            topic: topic.slug,
            latest: slugs(await reader().latestArticles(3, id)),
          }).toEqual({ topic: topic.slug, latest: expected.slice(0, 3) });
          expect({ topic: topic.slug, count: await reader().articleCount(id) }).toEqual({
            topic: topic.slug,
            count: expected.length,
          });
        }
        for (const author of seed.files.authors) {
          const id = (await read.author({ slug: author.slug }))!.id;
          const expected = slugs(seed.visible.filter((file) => file.authors.includes(author.slug)));
          const list = await reader().articles({ authorId: id }, { first: MAX_FIRST, after: null });
          expect({
            author: author.slug,
            slugs: slugs(list.nodes),
            total: await list.totalCount(),
          }).toEqual({ author: author.slug, slugs: expected, total: expected.length });
        }
      },
    );

    contract(
      'card reading time',
      'a list’s articles carry each article’s reading time',
      async () => {
        const list = await reader().articles({}, { first: MAX_FIRST, after: null });
        const minutes = (articles: { slug: string; readingTimeMinutes: number }[]) =>
          articles.map((article) => `${article.slug}: ${article.readingTimeMinutes}`);
        expect(minutes(list.nodes)).toEqual(
          minutes(
            seed.visible.map((file) => ({
              slug: file.slug,
              readingTimeMinutes: readingTimeMinutes(plainText(file.body)),
            })),
          ),
        );
      },
    );

    contract(
      'one request reads an article once',
      'in one request, an article read after a list showed it is the whole article',
      async () => {
        const read = reader();
        await read.articles({}, { first: MAX_FIRST, after: null });
        const slug = seed.visible[0]!.slug;
        const [afterList, alone] = await Promise.all([
          read.article({ slug }),
          reader().article({ slug }),
        ]);
        const whole = async (article: Article | null) =>
          article && { ...(await articleShape(reader(), article)), body: article.body };
        expect(await whole(afterList)).toEqual(await whole(alone));
      },
    );

    contract(
      'directories',
      'authors() and topics(): every author and every topic, by name, with their count',
      async () => {
        const read = reader();
        const authors = await read.authors({ first: MAX_FIRST, after: null });
        const topics = await read.topics({ first: MAX_FIRST, after: null });
        expect(slugs(authors.nodes)).toEqual(slugs([...seed.files.authors].sort(byName)));
        expect(slugs(topics.nodes)).toEqual(slugs([...seed.files.topics].sort(byName)));
        expect([await authors.totalCount(), await topics.totalCount()]).toEqual([
          seed.files.authors.length,
          seed.files.topics.length,
        ]);
        expect([authors.hasNextPage, topics.hasNextPage, authors.hasPreviousPage]).toEqual([
          false,
          false,
          false,
        ]);
      },
    );

    contract(
      'pagination',
      'pagination: `first` at a time to the end, and each cursor starts the list after its node',
      async () => {
        const science = (await reader().topic({ slug: 'science' }))!.id;
        const lists: [string, (page: PageRequest) => Promise<ListPage<{ slug: string }>>][] = [
          ['articles', (page) => reader().articles({}, page)],
          ['science articles', (page) => reader().articles({ topicId: science }, page)],
          ['authors', (page) => reader().authors(page)],
          ['topics', (page) => reader().topics(page)],
          [
            'search',
            async (page) => {
              const hits = await reader().search('light', page);
              return { ...hits, nodes: hits.nodes.map((hit) => hit.article) };
            },
          ],
        ];
        for (const [title, list] of lists) {
          const whole = await list({ first: MAX_FIRST, after: null });
          expect({ title, more: whole.hasNextPage, some: whole.nodes.length > 3 }).toEqual({
            title,
            more: false,
            some: true,
          });
          expect({ title, slugs: slugs(await everyPage(list, 3)) }).toEqual({
            title,
            slugs: slugs(whole.nodes),
          });
          for (const index of [0, 2, whole.nodes.length - 2, whole.nodes.length - 1]) {
            const rest = await list({ first: MAX_FIRST, after: whole.cursors[index] });
            expect({ title, index, slugs: slugs(rest.nodes) }).toEqual({
              title,
              index,
              slugs: slugs(whole.nodes.slice(index + 1)),
            });
          }
          const last = await list({ first: 2, after: whole.cursors.at(-3) });
          expect({ title, slugs: slugs(last.nodes), more: last.hasNextPage }).toEqual({
            title,
            slugs: slugs(whole.nodes.slice(-2)),
            more: false,
          });
        }
      },
    );

    contract(
      'bad cursors',
      'a cursor the source did not make is a ContentError BAD_USER_INPUT, in every list',
      async () => {
        const json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
        const cursors = [
          'not a cursor',
          '',
          json({ o: -1 }),
          json({ o: 1.5 }),
          json(['2026-01-01', 'x']),
          json('x'),
          'x'.repeat(5000),
        ];
        const lists: [string, (after: string) => Promise<unknown>][] = [
          ['articles', (after) => reader().articles({}, { first: 5, after })],
          ['authors', (after) => reader().authors({ first: 5, after })],
          ['topics', (after) => reader().topics({ first: 5, after })],
          ['search', (after) => reader().search('tides', { first: 5, after })],
          ['preview articles', (after) => previewer().articles({}, { first: 5, after })],
        ];
        const answers: string[] = [];
        for (const [title, list] of lists) {
          for (const cursor of cursors) {
            const error = await list(cursor).then(
              () => null,
              (thrown: unknown) => thrown,
            );
            const code = isContentError(error, 'BAD_USER_INPUT') ? 'BAD_USER_INPUT' : String(error);
            answers.push(`${title} after ${JSON.stringify(cursor.slice(0, 30))}: ${code}`);
          }
        }
        expect(answers).toEqual(
          lists.flatMap(([title]) =>
            cursors.map(
              (cursor) => `${title} after ${JSON.stringify(cursor.slice(0, 30))}: BAD_USER_INPUT`,
            ),
          ),
        );
      },
    );

    contract(
      'hidden from readers',
      'a draft, an archived and a scheduled article: no reader finds them, by slug, id or list',
      async () => {
        expect(seed.hidden.map((file) => file.status).sort()).toEqual([
          'ARCHIVED',
          'DRAFT',
          'PUBLISHED',
        ]);
        for (const file of seed.hidden) {
          const id = await idOf({ type: 'Article', slug: file.slug });
          const read = reader();
          expect({
            slug: file.slug,
            bySlug: await read.article({ slug: file.slug }),
            byId: await read.article({ id }),
          }).toEqual({ slug: file.slug, bySlug: null, byId: null });
        }
        const hidden = new Set(slugs(seed.hidden));
        const read = reader();
        const everywhere = [
          ...(await read.articles({}, { first: MAX_FIRST, after: null })).nodes,
          ...(await read.latestArticles(MAX_FIRST, null)),
          ...(
            await Promise.all(
              seed.visible.map(async (file) =>
                read.related((await read.article({ slug: file.slug }))!, MAX_FIRST),
              ),
            )
          ).flat(),
        ];
        expect(slugs(everywhere).filter((slug) => hidden.has(slug))).toEqual([]);
      },
    );

    contract(
      'preview',
      'a previewer reads every article, hidden ones too, as written, and lists them all',
      async () => {
        const updatedAt = (file: ArticleFile) =>
          differences.editTimes === 'seed' ||
          (differences.editTimes === 'seed-for-readers' && seed.isVisible(file))
            ? file.updatedAt
            : expect.stringMatching(ISO_INSTANT);
        for (const file of seed.files.articles) {
          const read = previewer();
          const article = await read.article({ slug: file.slug });
          const shape = article && {
            ...(await articleShape(read, article)),
            status: 'not compared here',
          };
          expect(shape).toEqual({
            ...expectedArticle(file, file.status, updatedAt(file)),
            status: 'not compared here',
          });
        }
        const list = await previewer().articles({}, { first: MAX_FIRST, after: null });
        expect(slugs(list.nodes).sort()).toEqual(slugs(seed.files.articles).sort());
        expect(await list.totalCount()).toBe(seed.files.articles.length);
        // Newest first among those with a publication date (where a draft goes is the source's).
        const dated = list.nodes.filter((article) => article.publishedAt !== null);
        expect(slugs(dated)).toEqual(
          slugs([...dated].sort((a, b) => Date.parse(b.publishedAt!) - Date.parse(a.publishedAt!))),
        );
        for (const topic of seed.files.topics) {
          const id = (await previewer().topic({ slug: topic.slug }))!.id;
          const count = seed.files.articles.filter((file) =>
            file.topics.includes(topic.slug),
          ).length;
          expect({ topic: topic.slug, count: await previewer().articleCount(id) }).toEqual({
            topic: topic.slug,
            count,
          });
        }
      },
    );

    contract(
      'preview status',
      'a previewer reads each article’s status: published, draft, archived where the source has it',
      async () => {
        const expected = (file: ArticleFile) =>
          differences.previewStatus === 'seed' || file.status === 'PUBLISHED'
            ? file.status
            : 'DRAFT';
        const read = previewer();
        const articles = await Promise.all(
          seed.files.articles.map((file) => read.article({ slug: file.slug })),
        );
        expect(articles.map((article) => `${article?.slug}: ${article?.status}`)).toEqual(
          seed.files.articles.map((file) => `${file.slug}: ${expected(file)}`),
        );
        for (const article of (await reader().articles({}, { first: MAX_FIRST, after: null }))
          .nodes)
          expect(article.status).toBe('PUBLISHED');
      },
    );

    contract(
      'search',
      'search(): a known word finds its article first, its passage highlighted, and counts hits',
      async () => {
        const tides = await reader().search('tides moon', { first: 5, after: null });
        expect(tides.nodes[0]?.article.slug).toBe('reading-the-tides');
        const highlighted = [
          ...(tides.nodes[0]?.headline ?? '').matchAll(/\uE000([^\uE001]*)\uE001/g),
        ].map((match) => match[1]!.toLowerCase());
        expect(highlighted).toEqual(
          expect.arrayContaining([expect.stringMatching(/^(tides?|moon)$/)]),
        );
        const expected = seed.visible.filter((file) =>
          /amphidromic/i.test(plainText(file.body) + file.summary),
        );
        const rare = await reader().search('amphidromic', { first: 5, after: null });
        expect(slugs(rare.nodes.map((hit) => hit.article))).toEqual(slugs(expected));
        expect(await rare.totalCount()).toBe(expected.length);
        const bread = await reader().search('"bread"', { first: MAX_FIRST, after: null });
        expect(slugs(bread.nodes.map((hit) => hit.article))).toContain('why-bread-needs-time');
        const nothing = await reader().search('xylophonically', { first: 5, after: null });
        expect([nothing.nodes, nothing.hasNextPage, await nothing.totalCount()]).toEqual([
          [],
          false,
          0,
        ]);
      },
    );

    contract(
      'search operators',
      'search(): quotes, operators and punctuation never throw, and find only what readers see',
      async () => {
        const visible = new Set(slugs(seed.visible));
        const texts = [
          '"bread" -yeast',
          'light or colour',
          '"unclosed quote',
          '-',
          'or',
          'and',
          '!!',
          '&|:*()<>',
          "it's",
          '\\',
          '%_',
          'tides & | !moon',
          '-"-"-',
          '🌊 tides',
        ];
        for (const text of texts) {
          const hits = await reader().search(text, { first: MAX_FIRST, after: null });
          expect({
            text,
            invisible: slugs(hits.nodes.map((hit) => hit.article)).filter(
              (slug) => !visible.has(slug),
            ),
          }).toEqual({ text, invisible: [] });
          expect(await hits.totalCount()).toBeGreaterThanOrEqual(hits.nodes.length);
        }
      },
    );

    contract(
      'search and hidden articles',
      'search(): readers never find a hidden article; a previewer does where drafts are searched',
      async () => {
        for (const file of seed.hidden) {
          const forReaders = await reader().search(file.title, { first: MAX_FIRST, after: null });
          expect({
            slug: file.slug,
            found: slugs(forReaders.nodes.map((hit) => hit.article)).includes(file.slug),
          }).toEqual({ slug: file.slug, found: false });
          const forPreview = await previewer().search(file.title, {
            first: MAX_FIRST,
            after: null,
          });
          const found = slugs(forPreview.nodes.map((hit) => hit.article)).includes(file.slug);
          expect({ slug: file.slug, found }).toEqual({
            slug: file.slug,
            found: differences.search === 'own',
          });
        }
      },
    );

    contract(
      'search index',
      'refreshSearch(): a CMS source indexes every article readers see; the embedded one has none',
      async () => {
        if (differences.search === 'index') expect(indexed).toBe(seed.visible.length);
        else expect(source.refreshSearch).toBeUndefined();
      },
    );

    contract(
      'not found',
      'unknown slugs and ids are null, and lists of an unknown topic empty',
      async () => {
        const read = reader();
        const unknown = ['no-such-slug', 'zz-never-written'];
        for (const slug of unknown) {
          expect([
            await read.article({ slug }),
            await read.author({ slug }),
            await read.topic({ slug }),
            await read.page({ slug }),
          ]).toEqual([null, null, null, null]);
        }
        for (const id of ['no-such-id', '999999', 'Zz9Zz9Zz9Zz9Zz9Zz9Zz9Z', 'a'.repeat(24)]) {
          const found = [
            await read.article({ id }),
            await read.author({ id }),
            await read.topic({ id }),
            await read.page({ id }),
            await read.asset(id),
          ];
          expect({ id, found }).toEqual({ id, found: [null, null, null, null, null] });
          expect({
            id,
            embeds: [await read.embed('CodeBlock', id), await read.embed('PullQuote', id)],
          }).toEqual({ id, embeds: [null, null] });
          const list = await reader().articles({ topicId: id }, { first: 5, after: null });
          expect({
            id,
            nodes: list.nodes,
            total: await list.totalCount(),
            count: await reader().articleCount(id),
          }).toEqual({ id, nodes: [], total: 0, count: 0 });
        }
      },
    );

    contract(
      'unknown image files',
      'image(): a file name no asset has is no image, however near an asset’s it is',
      async () => {
        const hero = (await reader().asset(
          (await reader().article({ slug: seed.visible[0]!.slug }))!.heroImageId!,
        ))!;
        const folder = path.dirname(hero.file) === '.' ? 'other' : path.dirname(hero.file);
        const near = [
          'no-such-file.jpg',
          `x${hero.file}`,
          `${hero.file}.png`,
          `${folder}/other-name.jpg`,
          path.basename(hero.file),
        ];
        const found = await Promise.all(
          near
            .filter((file) => file !== hero.file)
            .map(async (file) => ({ file, image: await source.image(file) })),
        );
        expect(found).toEqual(
          near.filter((file) => file !== hero.file).map((file) => ({ file, image: null })),
        );
      },
    );

    contract(
      'published overview',
      'publishedOverview(locale): every page, topic and author, their newest updates and versions, the article count',
      async () => {
        const overview = await source.publishedOverview(DEFAULT_LOCALE);
        const read = reader();
        const all = (await read.articles({}, { first: MAX_FIRST, after: null })).nodes;
        const newest = (articles: Article[]) =>
          articles
            .map((article) => article.updatedAt)
            .sort()
            .at(-1) ?? null;
        const newestOf = async (filter: { topicId: string } | { authorId: string }) =>
          newest((await reader().articles(filter, { first: MAX_FIRST, after: null })).nodes);
        const pages = seed.files.pages.filter((page) => page.status === 'PUBLISHED');
        const pagesRead = await Promise.all(
          pages.map(async (page) => (await reader().page({ slug: page.slug }))!),
        );
        const topicsRead = await Promise.all(
          seed.files.topics.map(async (topic) => (await read.topic({ slug: topic.slug }))!),
        );
        const authorsRead = await Promise.all(
          seed.files.authors.map(async (author) => (await read.author({ slug: author.slug }))!),
        );
        // A document's versions are what the switcher shows: its translations, as readers see them.
        const versionsOf = (documents: Translatable[]) =>
          Promise.all(documents.map((document) => read.translations(document)));
        const [pageVersions, topicVersions, authorVersions] = await Promise.all([
          versionsOf(pagesRead),
          versionsOf(topicsRead),
          versionsOf(authorsRead),
        ]);
        const bySlug = <T extends { slug: string }>(items: T[]) =>
          [...items].sort((a, b) => a.slug.localeCompare(b.slug));
        expect({
          ...overview,
          pages: bySlug(overview.pages),
          topics: bySlug(overview.topics),
          authors: bySlug(overview.authors),
        }).toEqual({
          pages: bySlug(
            pages.map((page, index) => ({
              // Each version's own id: what a reader of the locale reads it by (the slug history keeps it).
              id: pagesRead[index]!.id,
              slug: page.slug,
              updatedAt: pagesRead[index]!.updatedAt,
              versions: pageVersions[index],
            })),
          ),
          topics: bySlug(
            await Promise.all(
              seed.files.topics.map(async (topic, index) => ({
                id: topicsRead[index]!.id,
                slug: topic.slug,
                versions: topicVersions[index],
                newestArticleUpdate: await newestOf({ topicId: topicsRead[index]!.id }),
              })),
            ),
          ),
          authors: bySlug(
            await Promise.all(
              seed.files.authors.map(async (author, index) => ({
                id: authorsRead[index]!.id,
                slug: author.slug,
                versions: authorVersions[index],
                newestArticleUpdate: await newestOf({ authorId: authorsRead[index]!.id }),
              })),
            ),
          ),
          articleCount: seed.visible.length,
          newestArticleUpdate: newest(all),
        });
        if (differences.editTimes !== 'own')
          expect(overview.newestArticleUpdate).toBe(
            seed.visible
              .map((file) => new Date(file.updatedAt).toISOString())
              .sort()
              .at(-1),
          );
      },
    );

    contract(
      'published articles',
      'publishedArticles(locale): every article readers see, oldest publication first, with its versions, a slice at a time',
      async () => {
        const slices: Awaited<ReturnType<ContentSource['publishedArticles']>> = [];
        for (let from = 0; from < 100; from += 7) {
          const slice = await source.publishedArticles(from, 7, DEFAULT_LOCALE);
          slices.push(...slice);
          if (slice.length < 7) break;
        }
        const oldestFirst = [...seed.visible].reverse();
        const read = reader();
        const articles = await Promise.all(
          oldestFirst.map(async (file) => (await read.article({ slug: file.slug }))!),
        );
        const versions = await Promise.all(articles.map((article) => read.translations(article)));
        expect(slices).toEqual(
          oldestFirst.map((file, index) => ({
            id: articles[index]!.id,
            slug: file.slug,
            updatedAt: articles[index]!.updatedAt,
            versions: versions[index],
          })),
        );
        expect(await source.publishedArticles(seed.visible.length, 10, DEFAULT_LOCALE)).toEqual([]);
      },
    );

    contract(
      'next scheduled',
      'nextScheduled(): when the next scheduled article is due, naming every article due then',
      async () => {
        const future = seed.files.articles.filter(
          (file) => file.status === 'PUBLISHED' && Date.parse(file.publishedAt!) > Date.now(),
        );
        const at = future.map((file) => new Date(file.publishedAt!).toISOString()).sort()[0];
        expect(at).toBeDefined();
        const due = future.filter((file) => new Date(file.publishedAt!).toISOString() === at);
        const ids = await Promise.all(
          due.map((file) => idOf({ type: 'Article', slug: file.slug })),
        );
        expect(await source.nextScheduled()).toEqual({ at, articleIds: ids });
      },
    );

    // -------------------------------------------------------------------------
    // Locales (docs/decisions.md#locales): content/'s translations, each the
    // version of its original's document in its locale, compared with what
    // content/ says (cms/contentTranslations.ts joins each to its original).
    describe('locales', () => {
      const translations = readContentTranslations(seed.files.dir);
      const other = LOCALE_CODES.find((locale) =>
        translations.articles.some((translation) => translation.locale === locale),
      );
      if (!other) throw new Error('content/ translates no article into another locale');
      const locale: Locale = other;
      const inLocale = <T extends { locale: Locale }>(list: T[]) =>
        list.filter((translation) => translation.locale === locale);
      /** The translated articles readers see there: the original visible, the translation published. */
      const articles = inLocale(translations.articles).filter(
        (translation) => seed.isVisible(translation.original) && translation.status === 'PUBLISHED',
      );
      const newestFirst = [...articles].sort(
        (a, b) => Date.parse(b.original.publishedAt!) - Date.parse(a.original.publishedAt!),
      );
      const readerIn = () => source.reader({ preview: false, locale });
      const versionsOf = (original: string, translated: string) =>
        LOCALE_CODES.flatMap((code) =>
          code === DEFAULT_LOCALE
            ? [{ locale: code, slug: original }]
            : code === locale
              ? [{ locale: code, slug: translated }]
              : [],
        );

      contract(
        'locales: documents',
        'a reader of another locale finds each translation by its own slug, in its words; nothing untranslated, and no other locale’s slug',
        async () => {
          const read = readerIn();
          const found = await Promise.all(
            articles.map(async (translation) => {
              const article = await read.article({ slug: translation.slug });
              return (
                article && { slug: article.slug, title: article.title, summary: article.summary }
              );
            }),
          );
          expect(found).toEqual(
            articles.map((translation) => ({
              slug: translation.slug,
              title: translation.title,
              summary: translation.summary,
            })),
          );
          // The default locale's reader does not find a translation's own slug, nor this locale's an untranslated article.
          const ownSlugs = articles.filter(
            (translation) => translation.slug !== translation.original.slug,
          );
          expect(ownSlugs.length).toBeGreaterThan(0);
          for (const translation of ownSlugs)
            expect({
              slug: translation.slug,
              found: await reader().article({ slug: translation.slug }),
            }).toEqual({
              slug: translation.slug,
              found: null,
            });
          const translated = new Set(inLocale(translations.articles).map((t) => t.original.slug));
          const untranslated = seed.visible.filter((file) => !translated.has(file.slug));
          expect(untranslated.length).toBeGreaterThan(0);
          for (const file of untranslated.slice(0, 3))
            expect({
              slug: file.slug,
              found: await readerIn().article({ slug: file.slug }),
            }).toEqual({
              slug: file.slug,
              found: null,
            });
          // Topics by their own slug and name; authors with their bio there, an untranslated one not at all.
          for (const translation of inLocale(translations.topics)) {
            const topic = await readerIn().topic({ slug: translation.slug });
            expect(topic && { slug: topic.slug, name: topic.name }).toEqual({
              slug: translation.slug,
              name: translation.name,
            });
          }
          for (const translation of inLocale(translations.authors)) {
            const author = await readerIn().author({ slug: translation.slug });
            expect(author && { slug: author.slug, name: author.name, bio: author.bio }).toEqual({
              slug: translation.slug,
              name: translation.original.name,
              bio: translation.bio,
            });
          }
          const authorsTranslated = new Set(
            inLocale(translations.authors).map((t) => t.original.slug),
          );
          const alone = seed.files.authors.find((author) => !authorsTranslated.has(author.slug));
          if (alone) expect(await readerIn().author({ slug: alone.slug })).toBeNull();
        },
      );

      contract(
        'locales: alt text',
        'an image read in another locale is described in it, where content/ translates its alt text',
        async () => {
          const alts = translations.assets.find((of) => of.locale === locale)?.alts ?? {};
          const described = articles.filter(
            (translation) =>
              translation.original.heroImage !== undefined &&
              alts[translation.original.heroImage] !== undefined,
          );
          expect(described.length).toBeGreaterThan(0);
          for (const translation of described) {
            const key = translation.original.heroImage!;
            const read = readerIn();
            const article = await read.article({ slug: translation.slug });
            const hero = article?.heroImageId ? await read.asset(article.heroImageId) : null;
            const english = seed.files.assets.find((asset) => asset.key === key)!.alt;
            expect({ key, alt: hero?.alt }).toEqual({
              key,
              alt: differences.altText === 'per-locale' ? alts[key] : english,
            });
          }
        },
      );

      contract(
        'locales: translations',
        'translations(): a document’s versions with their slugs, the default locale first, from either version',
        async () => {
          for (const translation of articles) {
            const expected = versionsOf(translation.original.slug, translation.slug);
            const here = await readerIn().article({ slug: translation.slug });
            const there = await reader().article({ slug: translation.original.slug });
            expect({
              slug: translation.slug,
              here: here && (await readerIn().translations(here)),
              there: there && (await reader().translations(there)),
            }).toEqual({ slug: translation.slug, here: expected, there: expected });
          }
          for (const translation of inLocale(translations.topics)) {
            const topic = await readerIn().topic({ slug: translation.slug });
            expect(topic && (await readerIn().translations(topic))).toEqual(
              versionsOf(translation.original.slug, translation.slug),
            );
          }
          const untranslated = seed.visible.find(
            (file) => !articles.some((translation) => translation.original.slug === file.slug),
          )!;
          const alone = (await reader().article({ slug: untranslated.slug }))!;
          expect(await reader().translations(alone)).toEqual([
            { locale: DEFAULT_LOCALE, slug: untranslated.slug },
          ]);
        },
      );

      contract(
        'locales: lists',
        'lists of another locale hold its translations only: all articles, a translated topic’s, the directories',
        async () => {
          const all = await everyPage((page) => readerIn().articles({}, page), MAX_FIRST);
          expect(slugs(all)).toEqual(slugs(newestFirst));
          for (const translation of inLocale(translations.topics)) {
            const read = readerIn();
            const topic = (await read.topic({ slug: translation.slug }))!;
            const ofTopic = await everyPage(
              (page) => read.articles({ topicId: topic.id }, page),
              MAX_FIRST,
            );
            expect({ topic: translation.slug, articles: slugs(ofTopic) }).toEqual({
              topic: translation.slug,
              articles: slugs(
                newestFirst.filter((t) => t.original.topics.includes(translation.original.slug)),
              ),
            });
            expect(await read.articleCount(topic.id)).toBe(ofTopic.length);
          }
          const topics = await everyPage((page) => readerIn().topics(page), MAX_FIRST);
          expect(slugs(topics).sort()).toEqual(
            inLocale(translations.topics)
              .map((t) => t.slug)
              .sort(),
          );
          const authors = await everyPage((page) => readerIn().authors(page), MAX_FIRST);
          expect(slugs(authors).sort()).toEqual(
            inLocale(translations.authors)
              .map((t) => t.slug)
              .sort(),
          );
        },
      );

      contract(
        'locales: search',
        'search() in another locale: its own stemming finds a translation by another form of a word, never another locale’s article',
        async () => {
          // "Flutberge" (plural) in the German tides article, asked for in the singular.
          const tides = articles.find(
            (translation) => translation.original.slug === 'reading-the-tides',
          );
          expect(tides).toBeDefined();
          expect(plainText(tides!.body)).toContain('Flutberge');
          const found = await readerIn().search('Flutberg', { first: 5, after: null });
          expect(slugs(found.nodes.map((hit) => hit.article))).toEqual([tides!.slug]);
          expect(
            await reader()
              .search('Flutberg', { first: 5, after: null })
              .then((hits) => hits.nodes),
          ).toEqual([]);
          // The default locale's word finds no translation there, and nothing of its own locale here.
          const own = new Set(articles.map((translation) => translation.slug));
          const english = await readerIn().search('tides moon', { first: MAX_FIRST, after: null });
          expect(
            slugs(english.nodes.map((hit) => hit.article)).filter((slug) => !own.has(slug)),
          ).toEqual([]);
          const inDefault = await reader().search('Gezeiten', { first: MAX_FIRST, after: null });
          expect(
            slugs(inDefault.nodes.map((hit) => hit.article)).filter((slug) => own.has(slug)),
          ).toEqual([]);
        },
      );

      contract(
        'locales: crawlers',
        'publishedOverview(locale) and publishedArticles(…, locale): that locale’s documents, their versions as translations() gives them',
        async () => {
          const slices: Awaited<ReturnType<ContentSource['publishedArticles']>> = [];
          for (let from = 0; from < 100; from += 4) {
            const slice = await source.publishedArticles(from, 4, locale);
            slices.push(...slice);
            if (slice.length < 4) break;
          }
          const oldestFirst = [...newestFirst].reverse();
          expect(slices.map(({ slug, versions }) => ({ slug, versions }))).toEqual(
            oldestFirst.map((translation) => ({
              slug: translation.slug,
              versions: versionsOf(translation.original.slug, translation.slug),
            })),
          );
          const overview = await source.publishedOverview(locale);
          expect(overview.articleCount).toBe(articles.length);
          const listed = (documents: { slug: string; versions: unknown }[]) =>
            documents
              .map(({ slug, versions }) => ({ slug, versions }))
              .sort((a, b) => a.slug.localeCompare(b.slug));
          const expected = (pairs: { original: string; slug: string }[]) =>
            pairs
              .map(({ original, slug }) => ({ slug, versions: versionsOf(original, slug) }))
              .sort((a, b) => a.slug.localeCompare(b.slug));
          expect({
            pages: listed(overview.pages),
            topics: listed(overview.topics),
            authors: listed(overview.authors),
          }).toEqual({
            pages: expected(
              inLocale(translations.pages)
                .filter((t) => t.original.status === 'PUBLISHED' && t.page.status === 'PUBLISHED')
                .map((t) => ({ original: t.original.slug, slug: t.page.slug })),
            ),
            topics: expected(
              inLocale(translations.topics).map((t) => ({
                original: t.original.slug,
                slug: t.slug,
              })),
            ),
            authors: expected(
              inLocale(translations.authors).map((t) => ({
                original: t.original.slug,
                slug: t.slug,
              })),
            ),
          });
        },
      );

      contract(
        'locales: site',
        'site(): the frame of another locale is its site.<locale>.yaml',
        async () => {
          const site = inLocale(translations.sites)[0];
          expect(site).toBeDefined();
          expect(await readerIn().site()).toEqual(site!.site);
        },
      );
    });

    if (underTest.webhook) {
      const { cms, examples } = underTest.webhook;
      contract(
        'webhooks',
        `webhooks: each notification ${cms} sends is its change event, naming this source’s id`,
        async () => {
          expect(cms).toBe(source.kind);
          for (const example of examples) {
            const id = await idOf(example.names);
            const notification = readNotification(example.headers, example.body(id));
            const type: ChangedRecordType = example.names.type;
            const becomes =
              example.becomes.kind === 'change'
                ? {
                    kind: 'change',
                    cms,
                    event: example.event,
                    records: [{ type, id }],
                    listsChanged: example.becomes.listsChanged,
                  }
                : { kind: 'ignored', cms, event: example.event, reason: expect.any(String) };
            expect({ example: example.title, notification }).toEqual({
              example: example.title,
              notification: becomes,
            });
            if (notification.kind === 'change')
              expect(notificationFits(notification.cms, source.kind)).toBe(true);
          }
        },
      );
    } else {
      contract(
        'webhooks',
        'webhooks: no CMS’s notification names this source’s content',
        async () => {
          expect([
            notificationFits('strapi', source.kind),
            notificationFits('contentful', source.kind),
          ]).toEqual([false, false]);
        },
      );
    }

    describe('addresses that moved', () => {
      /**
       * For each type, a document with a German version (A) and one without
       * (B, which takes A's old address), as content/ names them; an
       * author's German version has the original's slug
       * (docs/publishing.md#translations), so it is renamed with it.
       */
      const cases: { type: SluggedType; a: string; aDe: string; b: string }[] = [
        { type: 'Article', a: 'reading-the-tides', aDe: 'die-gezeiten-lesen', b: 'desire-paths' },
        { type: 'Topic', a: 'nature', aDe: 'natur', b: 'design' },
        { type: 'Author', a: 'eliza-marsh', aDe: 'eliza-marsh', b: 'noor-haddad' },
        { type: 'Page', a: 'about', aDe: 'ueber-uns', b: 'start-here' },
      ];
      const pathOf = (type: SluggedType, locale: Locale, slug: string) =>
        localePath(locale, entryPath(type, slug)!);
      /** Renames, and resolves the change as the resolving process does: its keys. */
      const renamed = async (
        document: { type: SluggedType; id: string; seedSlug: string },
        slugs: Partial<Record<Locale, string>>,
      ) => {
        const records = await started.rename(document, slugs);
        const { resolved } = await resolveChange(
          { source: source.kind, cause: 'webhook', records, listsChanged: false },
          started.db,
          source,
        );
        return resolved.keys;
      };
      /** The id of a document's version in `locale`, as a reader there finds it by slug. */
      const idIn = async (type: SluggedType, locale: Locale, slug: string) => {
        const read = source.reader({ preview: false, locale });
        const by = { slug };
        const found = await {
          Article: read.article,
          Author: read.author,
          Topic: read.topic,
          Page: read.page,
        }[type](by);
        if (!found) throw new Error(`no ${type} ${slug} in ${locale}`);
        return found.id;
      };
      const currentSlugs = async (type: SluggedType, locale: Locale) => {
        if (type === 'Article')
          return (await source.publishedArticles(0, 10_000, locale)).map((each) => each.slug);
        const overview = await source.publishedOverview(locale);
        const listed = { Page: overview.pages, Topic: overview.topics, Author: overview.authors };
        return listed[type].map((each) => each.slug);
      };

      for (const { type, a, aDe, b } of cases)
        contract(
          'addresses that moved',
          `a renamed ${type.toLowerCase()}: its old address in each locale leads to the new one (301), two renames are one hop, and a document taking an old slug has it`,
          async () => {
            const moved = movedAddresses(started.db, source);
            const A = { type, id: await idOf({ type, slug: a }), seedSlug: a };
            const B = { type, id: await idOf({ type, slug: b }), seedSlug: b };
            const from: Record<Locale, string> = { en: a, de: aDe };
            const to = (suffix: string): Record<Locale, string> => ({
              en: `${a}-${suffix}`,
              de: type === 'Author' ? `${a}-${suffix}` : `${aDe}-${suffix}-de`,
            });
            const [first, second] = [to('moved'), to('moved-again')];
            // First sight: what readers see now is where each document is.
            await recordPublishedSlugs(started.db, source);
            try {
              const keys = await renamed(A, first);
              // The old addresses' kept answers go (the old page, a 404), and the new ones'.
              for (const locale of LOCALE_CODES)
                expect(keys).toEqual(
                  expect.arrayContaining([
                    inLocaleKey(slugKey(type, from[locale])!, locale),
                    inLocaleKey(slugKey(type, first[locale])!, locale),
                  ]),
                );
              for (const locale of LOCALE_CODES) {
                expect(await moved(pathOf(type, locale, from[locale]), '?ref=feed')).toEqual({
                  location: `${pathOf(type, locale, first[locale])}?ref=feed`,
                  keys: [inLocaleKey(slugKey(type, from[locale])!, locale), expect.any(String)],
                });
                // The API finds it by its old slug too, as it is now (a link followed inside the site).
                const found = await movedDocument(
                  started.db,
                  source.kind,
                  source.reader({ preview: false, locale }),
                  type,
                  locale,
                  from[locale],
                );
                expect(found?.slug).toBe(first[locale]);
                // Crawlers list where it is, never where it was.
                const listed = await currentSlugs(type, locale);
                expect(listed).toContain(first[locale]);
                expect(listed).not.toContain(from[locale]);
              }

              await renamed(A, second);
              for (const locale of LOCALE_CODES)
                for (const old of [from[locale], first[locale]]) {
                  const answer = await moved(pathOf(type, locale, old), '');
                  // One hop to where it is now, dropped by the document's key at its next rename.
                  expect(answer?.location).toBe(pathOf(type, locale, second[locale]));
                  expect(answer?.keys).toContain(
                    recordKey(type, await idIn(type, locale, second[locale])),
                  );
                }

              // Another document takes A's first address: it is that document's, no redirect.
              const taken = await renamed(B, { en: a });
              expect(taken).toContain(slugKey(type, a));
              expect(await moved(pathOf(type, 'en', a), '')).toBeNull();
              const holder = await idOf({ type, slug: a });
              expect(holder).toBe(B.id);
              // A's other old addresses still lead to it.
              expect((await moved(pathOf(type, 'en', first.en), ''))?.location).toBe(
                pathOf(type, 'en', second.en),
              );
              expect((await moved(pathOf(type, 'de', from.de), ''))?.location).toBe(
                pathOf(type, 'de', second.de),
              );
            } finally {
              await renamed(B, { en: b });
              await renamed(A, from);
            }
            expect(await moved(pathOf(type, 'en', a), '')).toBeNull();
            expect(await idOf({ type, slug: a })).toBe(A.id);
          },
        );
    });

    contract(
      'undated articles',
      'an article published without a publication date is visible to readers, dated when it was first published, and keeps that date when published again',
      async () => {
        const slug = 'published-without-a-date';
        // Second precision: a CMS may keep no milliseconds.
        const before = Math.floor(Date.now() / 1000) * 1000;
        const published = await started.publishUndated({ slug, title: 'Published undated' });
        try {
          const after = Date.now();
          const article = await reader().article({ slug });
          expect(article).toMatchObject({ id: published.id, status: 'PUBLISHED' });
          expect(article!.publishedAt).toMatch(ISO_INSTANT);
          const at = Date.parse(article!.publishedAt!);
          expect(at).toBeGreaterThanOrEqual(before);
          expect(at).toBeLessThanOrEqual(after);
          // The newest article: on readers' lists (where SourceDifferences says), and crawlers see it.
          const listed = slugs(await reader().latestArticles(seed.visible.length + 1, null));
          expect(listed).toHaveLength(seed.visible.length + 1);
          expect(listed.indexOf(slug)).toBe(
            differences.undatedInLists === 'newest' ? 0 : seed.visible.length,
          );
          expect(slugs(await source.publishedArticles(0, 10_000, DEFAULT_LOCALE))).toContain(slug);

          const again = await started.publishUndated({ slug, title: 'Published again' });
          expect(again.id).toBe(published.id);
          expect(await reader().article({ slug })).toMatchObject({
            title: 'Published again',
            publishedAt: article!.publishedAt,
          });
        } finally {
          await published.remove();
        }
      },
    );

    /** A live blog as the contract compares it: its updates' authors by slug, texts as a reader reads them. */
    const liveShape = async (read: ContentReader, article: Article) => {
      const live = article.liveBlog;
      if (!live) return null;
      return {
        coverageStart: live.coverageStart,
        coverageEnd: live.coverageEnd,
        summary: live.summary ? await sourceReadable(read, differences, live.summary) : null,
        updates: await Promise.all(
          live.updates.map(async (update) => ({
            at: update.at,
            title: update.title,
            keyEvent: update.keyEvent,
            author:
              update.authorId === null
                ? null
                : ((await read.author({ id: update.authorId }))?.slug ?? 'not found'),
            body: await sourceReadable(read, differences, update.body),
          })),
        ),
      };
    };
    const expectedLive = async (file: ArticleFile) => {
      const live = file.live;
      if (!live) return null;
      return {
        coverageStart: live.coverageStart,
        coverageEnd: live.coverageEnd ?? null,
        summary: live.summary ? await seedReadable(seed, differences, live.summary) : null,
        updates: await Promise.all(
          live.updates.map(async (update) => ({
            at: update.at,
            title: update.title,
            keyEvent: update.keyEvent,
            author: update.author,
            body: await seedReadable(seed, differences, update.body),
          })),
        ),
      };
    };
    const liveBlogs = seed.visible.filter((file) => file.live);

    contract(
      'live blogs',
      'a live blog reads as written: its coverage, pinned summary and updates (newest first, with their authors and key events); ids of its own, the same at every read; any other article is no live blog',
      async () => {
        expect(liveBlogs.length).toBeGreaterThan(0);
        for (const file of seed.visible) {
          const read = reader();
          const article = await read.article({ slug: file.slug });
          expect({ slug: file.slug, live: article && (await liveShape(read, article)) }).toEqual({
            slug: file.slug,
            live: await expectedLive(file),
          });
        }
        for (const file of liveBlogs) {
          const first = await reader().article({ slug: file.slug });
          const again = await previewer().article({ slug: file.slug });
          const ids = first!.liveBlog!.updates.map((update) => update.id);
          expect(new Set(ids).size).toBe(ids.length);
          for (const id of ids) expect(isSourceId(id)).toBe(true);
          expect(again!.liveBlog!.updates.map((update) => update.id)).toEqual(ids);
        }
      },
    );

    contract(
      'live blog updates',
      'a new update is read at once, at the top, and its change drops what an answer showing the live blog carries (the keys its reader noted), so its page, its answers and its open streams follow',
      async () => {
        const file = liveBlogs[0]!;
        const keys = new Set<string>();
        const shown = await recordingReader(reader(), keys).article({ slug: file.slug });
        expect(shown?.liveBlog?.updates.length).toBe(file.live!.updates.length);
        const at = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
        if (!started.postLiveUpdate) throw new Error('this source cannot post a live update yet');
        const posted = await started.postLiveUpdate(file.slug, {
          title: 'A late question, answered',
          text: 'Posted while the contract ran.',
          at,
        });
        try {
          const read = reader();
          const article = await read.article({ slug: file.slug });
          const [newest, ...rest] = article!.liveBlog!.updates;
          expect(newest).toMatchObject({ at, title: 'A late question, answered', keyEvent: false });
          expect((await sourceReadable(read, differences, newest!.body)).words.join(' ')).toBe(
            'Posted while the contract ran.',
          );
          expect(rest.map((update) => update.id)).toEqual(
            shown!.liveBlog!.updates.map((update) => update.id),
          );
          const { resolved } = await resolveChange(
            { source: source.kind, cause: 'webhook', records: posted.records, listsChanged: false },
            started.db,
            source,
          );
          expect(resolved.keys.filter((key) => keys.has(key))).not.toEqual([]);
        } finally {
          await posted.remove();
        }
        const after = await reader().article({ slug: file.slug });
        expect(after!.liveBlog!.updates.map((update) => update.id)).toEqual(
          shown!.liveBlog!.updates.map((update) => update.id),
        );
      },
    );

    if (underTest.logged) {
      const logged = underTest.logged;
      contract('log', 'the source logged no failure while the contract ran', async () => {
        expect(logged()).toEqual([]);
      });
    }
  });
}
