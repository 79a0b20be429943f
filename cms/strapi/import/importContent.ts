/**
 * Imports Folio's seed content (content/) into a running Strapi 5 through its
 * own REST API, with the full-access token `folio-import` (src/index.js makes
 * it). Idempotent: every entry is looked up first (images by file name,
 * documents by slug, the site by existing) and one that exists is left as it
 * is, so a second run changes nothing.
 *
 *   npx tsx cms/strapi/import/importContent.ts
 *
 * FOLIO_STRAPI_URL (default http://127.0.0.1:$STRAPI_PORT, 1337),
 * STRAPI_IMPORT_TOKEN (default: the key in .data/strapi/import-token),
 * FOLIO_CONTENT_DIR (default content/). Logs go to stderr; the last line on
 * stdout is the summary.
 *
 * Order: images, authors, topics; articles in three steps (every article made
 * as a draft without body, so bodies can point at any article; then bodies;
 * then publishing, the articles a card shows before the card's article,
 * because Strapi keeps a published component's relation to an article only
 * if that article was published first); pages; the site. Then the
 * translations (`<name>.<locale>.md`, `site.<locale>.yaml`), each the
 * version in its locale of its original's document (`PUT
 * /api/<type>/:documentId?locale=<code>`, Strapi's i18n; Strapi copies the
 * fields it does not localize), in the same order; one whose version
 * exists is kept as it is.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type ArticleFile,
  type BlockFile,
  type ContentFiles,
  type PageFile,
  type RichTextNode,
} from '../../../api/model/contentFiles';
import { readContentFiles } from '../../../api/publishing/readContentFiles';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/locales';
import { readContentTranslations, type ContentTranslations } from '../../contentTranslations';
import { dataFile } from '../lib/folio.js';
import {
  toStrapiBlocks,
  toStrapiBody,
  type AssetTarget,
  type BodyComponent,
  type EntryTarget,
  type Resolver,
} from './toStrapiBody';

const PAGE_SIZE = 100;

const log = (message: string) => process.stderr.write(`[import] ${message}\n`);

interface Options {
  url: string;
  token: string;
  contentDir?: string;
}

export interface ImportSummary {
  images: { total: number; made: number };
  authors: { total: number; made: number };
  topics: { total: number; made: number };
  articles: { total: number; made: number; published: number; drafts: number; republished: number };
  pages: { total: number; made: number; published: number; drafts: number };
  site: 'made' | 'kept';
  /** Versions in the other locales (authors, topics, articles, pages and sites together). */
  translations: { total: number; made: number };
}

interface StrapiFile {
  id: number;
  documentId: string;
  name: string;
  url: string;
  alternativeText: string | null;
}
interface StrapiDocument {
  id: number;
  documentId: string;
  slug: string;
  [key: string]: unknown;
}
type Status = 'draft' | 'published';

export class StrapiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`Strapi answered HTTP ${status} to ${what}: ${body.slice(0, 500)}`);
  }
}

function client({ url, token }: Options) {
  async function request<T>(method: string, route: string, body?: unknown): Promise<T> {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
    const text = await response.text();
    if (!response.ok) throw new StrapiError(response.status, text, `${method} ${route}`);
    return (text ? JSON.parse(text) : null) as T;
  }
  return {
    request,
    /** Every document of a collection (one status), a page at a time. */
    async all(
      plural: string,
      query: string,
      status?: Status,
      locale: Locale = DEFAULT_LOCALE,
    ): Promise<StrapiDocument[]> {
      const found: StrapiDocument[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await request<{
          data: StrapiDocument[];
          meta: { pagination: { pageCount: number } };
        }>(
          'GET',
          `/api/${plural}?${query}&locale=${locale}&pagination[page]=${page}&pagination[pageSize]=${PAGE_SIZE}${status ? `&status=${status}` : ''}`,
        );
        found.push(...answer.data);
        if (page >= answer.meta.pagination.pageCount) return found;
      }
    },
  };
}
type Client = ReturnType<typeof client>;

const bySlug = (documents: StrapiDocument[]) =>
  new Map(documents.map((document) => [document.slug, document]));

const MIME: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};

async function importImages(api: Client, files: ContentFiles, strapiUrl: string) {
  const existing = new Map(
    (await api.request<StrapiFile[]>('GET', '/api/upload/files')).map((file) => [file.name, file]),
  );
  const assets = new Map<string, AssetTarget>();
  let made = 0;
  for (const asset of files.assets) {
    const name = path.basename(asset.file);
    let file = existing.get(name);
    if (!file) {
      const form = new FormData();
      const bytes = readFileSync(path.join(files.dir, asset.file));
      form.append(
        'files',
        new Blob([bytes], {
          type: MIME[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
        }),
        name,
      );
      form.append('fileInfo', JSON.stringify({ name, alternativeText: asset.alt, caption: null }));
      [file] = await api.request<StrapiFile[]>('POST', '/api/upload', form);
      if (!file) throw new Error(`Strapi made nothing of ${asset.file}`);
      made += 1;
    }
    assets.set(asset.key, {
      id: file.id,
      url: new URL(file.url, `${strapiUrl}/`).toString(),
      alt: file.alternativeText ?? asset.alt,
    });
  }
  log(`images: ${files.assets.length} (${made} uploaded)`);
  return { assets, made };
}

/** Authors or topics (no draft and publish): made when their slug is new. */
async function importSimple(
  api: Client,
  plural: 'authors' | 'topics',
  entries: { slug: string }[],
  data: (entry: never) => Record<string, unknown>,
) {
  const existing = bySlug(await api.all(plural, 'fields[0]=slug'));
  let made = 0;
  for (const entry of entries) {
    if (existing.has(entry.slug)) continue;
    const answer = await api.request<{ data: StrapiDocument }>('POST', `/api/${plural}`, {
      data: data(entry as never),
    });
    existing.set(entry.slug, answer.data);
    made += 1;
  }
  log(`${plural}: ${entries.length} (${made} made)`);
  return {
    ids: new Map([...existing].map(([slug, document]) => [slug, document.documentId])),
    made,
  };
}

function resolverFor(
  files: ContentFiles,
  assets: Map<string, AssetTarget>,
  articleIds: Map<string, string>,
): Resolver {
  const entries = new Map<string, EntryTarget>();
  for (const article of files.articles)
    entries.set(`article:${article.slug}`, {
      kind: 'article',
      slug: article.slug,
      title: article.title,
      documentId: articleIds.get(article.slug) ?? null,
    });
  for (const author of files.authors)
    entries.set(`author:${author.slug}`, { kind: 'author', slug: author.slug, name: author.name });
  for (const topic of files.topics)
    entries.set(`topic:${topic.slug}`, { kind: 'topic', slug: topic.slug, name: topic.name });
  for (const page of files.pages)
    entries.set(`page:${page.slug}`, { kind: 'page', slug: page.slug, title: page.title });
  for (const embed of files.embeds) {
    if (embed.type === 'CodeBlock')
      entries.set(`codeBlock:${embed.key}`, {
        kind: 'codeBlock',
        language: embed.language,
        code: embed.code,
        caption: embed.caption,
      });
    else
      entries.set(`pullQuote:${embed.key}`, {
        kind: 'pullQuote',
        quote: embed.quote,
        attribution: embed.attribution,
      });
  }
  return {
    entry: (id) => entries.get(id) ?? null,
    asset: (id) =>
      id.startsWith('asset:') ? (assets.get(id.slice('asset:'.length)) ?? null) : null,
  };
}

/** The articles an article's body shows as cards (slugs, in order). */
function cardSlugs(body: RichTextNode): string[] {
  return (body.content ?? []).flatMap((node) => {
    const id = node.nodeType === 'embedded-entry-block' ? (node.data?.target?.sys?.id ?? '') : '';
    return id.startsWith('article:') ? [id.slice('article:'.length)] : [];
  });
}

/** Published articles first in the order that publishes a card's article before the article showing it (cycles: see republish). */
function publishOrder(articles: ArticleFile[]): ArticleFile[] {
  const bySlugs = new Map(articles.map((article) => [article.slug, article]));
  const order: ArticleFile[] = [];
  const seen = new Set<string>();
  const visit = (article: ArticleFile) => {
    if (seen.has(article.slug)) return;
    seen.add(article.slug);
    for (const slug of cardSlugs(article.body)) {
      const target = bySlugs.get(slug);
      if (target) visit(target);
    }
    order.push(article);
  };
  articles.forEach(visit);
  return order;
}

const assetId = (assets: Map<string, AssetTarget>, key: string | undefined) =>
  key ? (assets.get(key)?.id ?? null) : null;
const ids = (map: Map<string, string>, slugs: string[]) =>
  slugs.flatMap((slug) => map.get(slug) ?? []);
const statusOf = (status: ArticleFile['status']): Status =>
  status === 'PUBLISHED' ? 'published' : 'draft';

const BODY_POPULATE = [
  'populate[body][on][article.text]=true',
  'populate[body][on][article.code-block]=true',
  'populate[body][on][article.pull-quote]=true',
  'populate[body][on][article.image]=true',
  'populate[body][on][article.table]=true',
  'populate[body][on][article.article-card][populate][article][fields][0]=slug',
].join('&');

/** A live blog's fields (cms/strapi/src/components/live): its updates as the repeatable `live.update`, their text as blocks. */
function liveBlogData(
  article: ArticleFile,
  resolver: Resolver,
  authorIds: Map<string, string>,
): Record<string, unknown> {
  const live = article.live!;
  return {
    liveCoverageStart: live.coverageStart,
    liveCoverageEnd: live.coverageEnd ?? null,
    liveSummary: live.summary ? toStrapiBlocks(live.summary, resolver) : null,
    liveUpdates: live.updates.map((update) => ({
      postedAt: update.at,
      title: update.title,
      body: toStrapiBlocks(update.body, resolver),
      keyEvent: update.keyEvent,
      author: authorIds.get(update.author) ?? null,
    })),
  };
}

async function importArticles(
  api: Client,
  files: ContentFiles,
  assets: Map<string, AssetTarget>,
  authorIds: Map<string, string>,
  topicIds: Map<string, string>,
) {
  const drafts = bySlug(
    await api.all(
      'articles',
      `fields[0]=slug&fields[1]=liveCoverageStart&${BODY_POPULATE}`,
      'draft',
    ),
  );
  let made = 0;
  // 1. Every article, as a draft without its body.
  for (const article of files.articles) {
    if (drafts.has(article.slug)) continue;
    const answer = await api.request<{ data: StrapiDocument }>(
      'POST',
      '/api/articles?status=draft',
      {
        data: {
          title: article.title,
          slug: article.slug,
          summary: article.summary,
          publicationDate: article.publishedAt,
          heroImage: assetId(assets, article.heroImage),
          seoTitle: article.seo?.title ?? null,
          seoDescription: article.seo?.description ?? null,
          seoImage: assetId(assets, article.seo?.image),
          authors: ids(authorIds, article.authors),
          topics: ids(topicIds, article.topics),
        },
      },
    );
    drafts.set(article.slug, { ...answer.data, body: [] });
    made += 1;
  }
  const articleIds = new Map([...drafts].map(([slug, document]) => [slug, document.documentId]));
  const resolver = resolverFor(files, assets, articleIds);
  // 2. Bodies, where the draft has none yet; a live blog's coverage and updates, where it has none.
  for (const article of files.articles) {
    const draft = drafts.get(article.slug)!;
    const body: BodyComponent[] = toStrapiBody(article.body, resolver);
    const live =
      article.live && !draft.liveCoverageStart ? liveBlogData(article, resolver, authorIds) : {};
    const data =
      (Array.isArray(draft.body) && draft.body.length > 0) || body.length === 0
        ? live
        : { ...live, body };
    if (Object.keys(data).length === 0) continue;
    await api.request('PUT', `/api/articles/${draft.documentId}?status=draft`, { data });
  }
  // 3. Publishing: a published article is published with its card articles published first.
  const published = bySlug(await api.all('articles', 'fields[0]=slug', 'published'));
  for (const article of publishOrder(files.articles)) {
    if (statusOf(article.status) !== 'published' || published.has(article.slug)) continue;
    await api.request('PUT', `/api/articles/${articleIds.get(article.slug)}?status=published`, {
      data: {},
    });
    published.set(article.slug, drafts.get(article.slug)!);
  }
  // 4. Cards that point at each other (a cycle) or were published in a wrong order: published again once the card's article is.
  const shouldShow = new Map(
    files.articles.map((article) => [
      article.slug,
      cardSlugs(article.body).filter((slug) => published.has(slug)).length,
    ]),
  );
  let republished = 0;
  for (const document of await api.all(
    'articles',
    `fields[0]=slug&${BODY_POPULATE}`,
    'published',
  )) {
    const shown = (document.body as { __component: string; article?: unknown }[]).filter(
      (component) => component.__component === 'article.article-card' && component.article,
    ).length;
    if (shown >= (shouldShow.get(document.slug) ?? 0)) continue;
    await api.request('PUT', `/api/articles/${document.documentId}?status=published`, { data: {} });
    republished += 1;
  }
  const publishedCount = files.articles.filter((article) => article.status === 'PUBLISHED').length;
  log(
    `articles: ${files.articles.length} (${made} made; ${publishedCount} published, ${files.articles.length - publishedCount} drafts; ${republished} published again for their cards)`,
  );
  return {
    made,
    published: publishedCount,
    drafts: files.articles.length - publishedCount,
    republished,
    articleIds,
    resolver,
  };
}

function pageBlock(
  block: BlockFile,
  assets: Map<string, AssetTarget>,
  articleIds: Map<string, string>,
  topicIds: Map<string, string>,
  resolver: Resolver,
): Record<string, unknown> | null {
  const text = (key: string) => (typeof block[key] === 'string' ? (block[key] as string) : null);
  const link = (block.callToAction ?? block.link) as { label?: string; url?: string } | undefined;
  switch (block.type) {
    case 'HeroBlock':
      return {
        __component: 'blocks.hero',
        heading: text('heading'),
        subheading: text('subheading'),
        image: assetId(assets, text('image') ?? undefined),
        ctaLabel: link?.label ?? null,
        ctaUrl: link?.url ?? null,
      };
    case 'RichTextBlock':
      return {
        __component: 'blocks.rich-text',
        body: toStrapiBlocks(block.body as RichTextNode, resolver),
      };
    case 'ArticleListBlock': {
      const topic = text('topic');
      return {
        __component: 'blocks.article-list',
        heading: text('heading'),
        mode: text('mode') ?? 'LATEST',
        topic: topic ? (topicIds.get(topic) ?? null) : null,
        count: typeof block.count === 'number' ? block.count : 6,
      };
    }
    case 'FeaturedArticlesBlock':
      return {
        __component: 'blocks.featured-articles',
        heading: text('heading'),
        articles: ids(articleIds, (block.articles as string[] | undefined) ?? []),
      };
    case 'CalloutBlock':
      return {
        __component: 'blocks.callout',
        heading: text('heading'),
        body: text('body'),
        tone: text('tone') ?? 'INFO',
        linkLabel: link?.label ?? null,
        linkUrl: link?.url ?? null,
      };
    case 'ImageBlock':
      return {
        __component: 'blocks.image',
        image: assetId(assets, text('image') ?? undefined),
        caption: text('caption'),
      };
    case 'NewsletterSignupBlock':
      return {
        __component: 'blocks.newsletter-signup',
        heading: text('heading'),
        description: text('description'),
        buttonLabel: text('buttonLabel') ?? 'Subscribe',
      };
    default:
      log(`page block ${block.type} has no Strapi component: left out`);
      return null;
  }
}

async function importPages(
  api: Client,
  files: ContentFiles,
  assets: Map<string, AssetTarget>,
  articleIds: Map<string, string>,
  topicIds: Map<string, string>,
  resolver: Resolver,
) {
  const drafts = bySlug(await api.all('pages', 'fields[0]=slug', 'draft'));
  const published = bySlug(await api.all('pages', 'fields[0]=slug', 'published'));
  let made = 0;
  for (const page of files.pages as PageFile[]) {
    const status = statusOf(page.status);
    const draft = drafts.get(page.slug);
    if (!draft) {
      await api.request('POST', `/api/pages?status=${status}`, {
        data: {
          title: page.title,
          slug: page.slug,
          seoTitle: page.seo?.title ?? null,
          seoDescription: page.seo?.description ?? null,
          seoImage: assetId(assets, page.seo?.image),
          blocks: page.blocks.flatMap(
            (block) => pageBlock(block, assets, articleIds, topicIds, resolver) ?? [],
          ),
        },
      });
      made += 1;
    } else if (status === 'published' && !published.has(page.slug)) {
      await api.request('PUT', `/api/pages/${draft.documentId}?status=published`, { data: {} });
    }
  }
  const publishedCount = files.pages.filter((page) => page.status === 'PUBLISHED').length;
  log(`pages: ${files.pages.length} (${made} made; ${publishedCount} published)`);
  return { made, published: publishedCount, drafts: files.pages.length - publishedCount };
}

async function importSite(api: Client, files: ContentFiles): Promise<'made' | 'kept'> {
  try {
    await api.request('GET', '/api/site');
    log('site: kept');
    return 'kept';
  } catch (error) {
    if (!(error instanceof StrapiError) || error.status !== 404) throw error;
  }
  const link = ({ label, url }: { label: string; url: string }) => ({ label, url });
  await api.request('PUT', '/api/site', {
    data: {
      title: files.site.title,
      description: files.site.description,
      navigation: files.site.navigation.map(link),
      footer: files.site.footer.map(link),
    },
  });
  log('site: made');
  return 'made';
}

/** A resolver naming each entry's version in `locale` (its slug, title or name there, under the locale's path). */
function translatedResolver(
  base: Resolver,
  translations: ContentTranslations,
  locale: Locale,
): Resolver {
  const prefix = `/${locale}`;
  const inLocale = <T extends { locale: Locale }>(list: T[]) =>
    list.filter((translation) => translation.locale === locale);
  const articles = new Map(inLocale(translations.articles).map((t) => [t.original.slug, t]));
  const topics = new Map(inLocale(translations.topics).map((t) => [t.original.slug, t]));
  const pages = new Map(inLocale(translations.pages).map((t) => [t.original.slug, t]));
  return {
    asset: base.asset,
    entry(id) {
      const target = base.entry(id);
      if (!target) return null;
      switch (target.kind) {
        case 'article': {
          const translated = articles.get(target.slug);
          return translated
            ? { ...target, slug: translated.slug, title: translated.title, prefix }
            : { ...target, prefix };
        }
        case 'topic': {
          const translated = topics.get(target.slug);
          return translated
            ? { ...target, slug: translated.slug, name: translated.name, prefix }
            : { ...target, prefix };
        }
        case 'page': {
          const translated = pages.get(target.slug);
          return translated
            ? { ...target, slug: translated.page.slug, title: translated.page.title, prefix }
            : { ...target, prefix };
        }
        case 'author':
          return { ...target, prefix };
        default:
          return target;
      }
    },
  };
}

/**
 * The translations, each as the version in its locale of its original's
 * document: authors and topics first (an article's relations link the same
 * locale's versions), articles as drafts, their bodies, then publishing
 * (cards' articles first, again once for cycles), pages, the site. A
 * version that exists is kept.
 */
async function importTranslations(
  api: Client,
  translations: ContentTranslations,
  assets: Map<string, AssetTarget>,
  documentIds: {
    authors: Map<string, string>;
    topics: Map<string, string>;
    articles: Map<string, string>;
  },
  resolver: Resolver,
) {
  const locales = [
    ...new Set(
      [
        ...translations.articles,
        ...translations.topics,
        ...translations.authors,
        ...translations.pages,
        ...translations.sites,
      ].map((translation) => translation.locale),
    ),
  ];
  let made = 0;
  const versions = async (plural: string, status?: Status, locale: Locale = DEFAULT_LOCALE) =>
    new Map(
      (await api.all(plural, 'fields[0]=slug', status, locale)).map((document) => [
        document.documentId,
        document,
      ]),
    );
  for (const locale of locales) {
    const mine = <T extends { locale: Locale }>(list: T[]) =>
      list.filter((translation) => translation.locale === locale);
    const put = (plural: string, documentId: string, query: string, data: unknown) =>
      api.request('PUT', `/api/${plural}/${documentId}?locale=${locale}${query}`, { data });
    const authors = await versions('authors', undefined, locale);
    for (const translation of mine(translations.authors)) {
      const id = documentIds.authors.get(translation.original.slug);
      if (!id || authors.has(id)) continue;
      await put('authors', id, '', { bio: translation.bio });
      made += 1;
    }
    const topics = await versions('topics', undefined, locale);
    for (const translation of mine(translations.topics)) {
      const id = documentIds.topics.get(translation.original.slug);
      if (!id || topics.has(id)) continue;
      await put('topics', id, '', {
        name: translation.name,
        slug: translation.slug,
        description: translation.description,
      });
      made += 1;
    }
    const localResolver = translatedResolver(resolver, translations, locale);
    const articles = mine(translations.articles);
    const drafts = await versions('articles', 'draft', locale);
    const bodiless = new Set<string>();
    for (const translation of articles) {
      const id = documentIds.articles.get(translation.original.slug);
      if (!id || drafts.has(id)) continue;
      const { original } = translation;
      await put('articles', id, '&status=draft', {
        title: translation.title,
        slug: translation.slug,
        summary: translation.summary,
        seoTitle: translation.seo.title ?? null,
        seoDescription: translation.seo.description ?? null,
        authors: ids(documentIds.authors, original.authors),
        topics: ids(documentIds.topics, original.topics),
      });
      bodiless.add(id);
      made += 1;
    }
    for (const translation of articles) {
      const id = documentIds.articles.get(translation.original.slug);
      if (!id || !bodiless.has(id)) continue;
      const body = toStrapiBody(translation.body, localResolver);
      if (body.length > 0) await put('articles', id, '&status=draft', { body });
    }
    const published = await versions('articles', 'published', locale);
    const bySlugs = new Map(
      articles.map((translation) => [translation.original.slug, translation]),
    );
    for (const original of publishOrder(articles.map((translation) => translation.original))) {
      const translation = bySlugs.get(original.slug)!;
      const id = documentIds.articles.get(original.slug);
      if (!id || translation.status !== 'PUBLISHED' || published.has(id)) continue;
      await put('articles', id, '&status=published', {});
      published.set(id, drafts.get(id) ?? { id: 0, documentId: id, slug: translation.slug });
    }
    // Cards in a cycle: published again once their articles are.
    for (const translation of articles) {
      const id = documentIds.articles.get(translation.original.slug);
      if (!id || !bodiless.has(id) || translation.status !== 'PUBLISHED') continue;
      if (cardSlugs(translation.body).length > 0)
        await put('articles', id, '&status=published', {});
    }
    const pageDrafts = await versions('pages', 'draft', locale);
    const pageIds = new Map(
      (await api.all('pages', 'fields[0]=slug', 'draft')).map((page) => [
        page.slug,
        page.documentId,
      ]),
    );
    for (const translation of mine(translations.pages)) {
      const id = pageIds.get(translation.original.slug);
      if (!id || pageDrafts.has(id)) continue;
      const { page } = translation;
      await put('pages', id, `&status=${statusOf(page.status)}`, {
        title: page.title,
        slug: page.slug,
        seoTitle: page.seo?.title ?? null,
        seoDescription: page.seo?.description ?? null,
        blocks: page.blocks.flatMap(
          (block) =>
            pageBlock(block, assets, documentIds.articles, documentIds.topics, localResolver) ?? [],
        ),
      });
      made += 1;
    }
    for (const { site } of mine(translations.sites)) {
      try {
        await api.request('GET', `/api/site?locale=${locale}`);
        continue;
      } catch (error) {
        if (!(error instanceof StrapiError) || error.status !== 404) throw error;
      }
      const link = ({ label, url }: { label: string; url: string }) => ({ label, url });
      await api.request('PUT', `/api/site?locale=${locale}`, {
        data: {
          title: site.title,
          description: site.description,
          navigation: site.navigation.map(link),
          footer: site.footer.map(link),
        },
      });
      made += 1;
    }
  }
  const total =
    translations.articles.length +
    translations.topics.length +
    translations.authors.length +
    translations.pages.length +
    translations.sites.length;
  log(`translations: ${total} (${made} made) in ${locales.join(', ') || 'no other locale'}`);
  return { total, made };
}

export async function importContent(options: Options): Promise<ImportSummary> {
  const files = readContentFiles(options.contentDir);
  const api = client(options);
  const images = await importImages(api, files, options.url);
  const authors = await importSimple(
    api,
    'authors',
    files.authors,
    (author: ContentFiles['authors'][number]) => ({
      name: author.name,
      slug: author.slug,
      bio: author.bio,
      avatar: assetId(images.assets, author.avatar),
    }),
  );
  const topics = await importSimple(
    api,
    'topics',
    files.topics,
    (topic: ContentFiles['topics'][number]) => ({
      name: topic.name,
      slug: topic.slug,
      description: topic.description,
    }),
  );
  const articles = await importArticles(api, files, images.assets, authors.ids, topics.ids);
  const pages = await importPages(
    api,
    files,
    images.assets,
    articles.articleIds,
    topics.ids,
    articles.resolver,
  );
  const site = await importSite(api, files);
  const translations = await importTranslations(
    api,
    readContentTranslations(files.dir),
    images.assets,
    { authors: authors.ids, topics: topics.ids, articles: articles.articleIds },
    articles.resolver,
  );
  return {
    images: { total: files.assets.length, made: images.made },
    authors: { total: files.authors.length, made: authors.made },
    topics: { total: files.topics.length, made: topics.made },
    articles: {
      total: files.articles.length,
      made: articles.made,
      published: articles.published,
      drafts: articles.drafts,
      republished: articles.republished,
    },
    pages: {
      total: files.pages.length,
      made: pages.made,
      published: pages.published,
      drafts: pages.drafts,
    },
    site,
    translations,
  };
}

export function summaryLine(summary: ImportSummary, seconds: number): string {
  const { images, authors, topics, articles, pages, site, translations } = summary;
  return (
    `Strapi import: ${images.total} images (${images.made} new), ${authors.total} authors (${authors.made} new), ${topics.total} topics (${topics.made} new), ` +
    `${articles.total} articles (${articles.made} new; ${articles.published} published, ${articles.drafts} drafts), ${pages.total} pages (${pages.made} new), site ${site}, ${translations.total} translations (${translations.made} new) in ${seconds.toFixed(1)} s`
  );
}

async function main() {
  const url = (
    process.env.FOLIO_STRAPI_URL || `http://127.0.0.1:${process.env.STRAPI_PORT || 1337}`
  ).replace(/\/+$/, '');
  const token =
    process.env.STRAPI_IMPORT_TOKEN || readFileSync(dataFile('import-token'), 'utf8').trim();
  const started = performance.now();
  const summary = await importContent({
    url,
    token,
    contentDir: process.env.FOLIO_CONTENT_DIR || undefined,
  });
  process.stdout.write(`${summaryLine(summary, (performance.now() - started) / 1000)}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `[import] failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
