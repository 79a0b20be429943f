import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type {
  ArticleFile,
  BlockFile,
  ContentFiles,
  LiveUpdateFile,
  PageFile,
  RichTextNode,
} from '../../api/model/contentFiles';
import { referencedIds, rewriteReferences } from '../../api/model/richText';
import { LOCALE, readContentModel, type Locale } from './contentModel';
import type { ContentTranslations } from '../contentTranslations';
import { contentfulLocaleOf } from '../../api/sources/contentful/contentfulLocales';

/**
 * Folio's seed content (api/publishing/readContentFiles.ts, `readContentFiles()`) as
 * the entries and assets of a Contentful space, in the format of
 * `contentful space import` (fields keyed by locale, `sys.publishedVersion`
 * on what is to be published). `writeDemoContent.ts` writes it for a real
 * space; the fixture serves exactly this.
 *
 * How Folio's content states map onto Contentful's:
 * - PUBLISHED: a published entry. With a future `publishedAt` it is still
 *   published in Contentful's terms; its `publicationDate` is in the future
 *   and Folio keeps it from readers until then (scheduled).
 * - DRAFT and ARCHIVED: an entry never published (a draft), seen only with
 *   `preview: true`. Contentful's own archiving would hide the entry from the
 *   Preview API as well, and Folio's previewers see archived articles.
 * - Code blocks, pull quotes and assets only drafts use stay unpublished, as
 *   they stay hidden from Folio's readers.
 * Ids are Contentful-like (22 letters and digits), derived from the seed's
 * keys so every run makes the same space.
 */

type Fields = Record<string, Record<string, unknown>>;
type Link = { sys: { type: 'Link'; linkType: 'Entry' | 'Asset'; id: string } };

export interface ImportEntry {
  sys: {
    id: string;
    type: 'Entry';
    contentType: { sys: { type: 'Link'; linkType: 'ContentType'; id: string } };
    version: number;
    /** Present on entries to publish (what the import publishes). */
    publishedVersion?: number;
    /** When it was last and first published; the import ignores them, the fixture serves them. */
    publishedAt?: string;
    firstPublishedAt?: string;
    createdAt: string;
    updatedAt: string;
  };
  fields: Fields;
}

export interface ImportAsset {
  sys: {
    id: string;
    type: 'Asset';
    version: number;
    publishedVersion?: number;
    publishedAt?: string;
    firstPublishedAt?: string;
    createdAt: string;
    updatedAt: string;
  };
  fields: {
    title: Record<string, string>;
    description: Record<string, string>;
    file: Record<
      string,
      {
        url: string;
        fileName: string;
        contentType: string;
        details: { size: number; image: { width: number; height: number } };
      }
    >;
  };
}

export interface DemoSpace {
  entries: ImportEntry[];
  assets: ImportAsset[];
  locales: Locale[];
  /** Each asset's file on disk, by the URL the space gives it. */
  files: Map<string, string>;
}

export interface DemoSpaceOptions {
  /** Where asset URLs point, up to the asset id: `//images.ctfassets.net/<space>` as in Contentful's answers, or a fixture's own address. */
  assetBase?: string;
  /** Publication times later than this are clamped to it (Contentful cannot have published an entry in the future). */
  now?: Date;
  /**
   * content/'s translations (cms/contentTranslations.ts): each becomes its
   * original entry's values in that locale (cms/contentful/README.md#locales),
   * a page's blocks entries of their own. None when not given.
   */
  translations?: ContentTranslations;
}

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Contentful-like id (22 letters and digits) for a seed record: the same every time. */
export function contentfulId(kind: string, key: string): string {
  let value = BigInt(`0x${createHash('sha256').update(`${kind}:${key}`).digest('hex')}`);
  let id = '';
  for (let i = 0; i < 22; i += 1) {
    id += ID_ALPHABET[Number(value % 62n)];
    value /= 62n;
  }
  return id;
}

const localized = <T>(value: T): Record<string, T> => ({ [LOCALE]: value });
const entryLink = (id: string): Link => ({ sys: { type: 'Link', linkType: 'Entry', id } });
const assetLink = (id: string): Link => ({ sys: { type: 'Link', linkType: 'Asset', id } });

/** The seed's reference kinds (content/README.md) and the Contentful content type each becomes. */
const REFERENCE_KINDS: Record<string, string> = {
  article: 'article',
  author: 'author',
  topic: 'topic',
  page: 'page',
  codeBlock: 'codeBlock',
  pullQuote: 'pullQuote',
};

const BLOCK_TYPES: Record<string, string> = {
  HeroBlock: 'heroBlock',
  RichTextBlock: 'richTextBlock',
  ArticleListBlock: 'articleListBlock',
  FeaturedArticlesBlock: 'featuredArticlesBlock',
  CalloutBlock: 'calloutBlock',
  ImageBlock: 'imageBlock',
  NewsletterSignupBlock: 'newsletterSignupBlock',
};

export async function demoSpace(
  content: ContentFiles,
  options: DemoSpaceOptions = {},
): Promise<DemoSpace> {
  const now = (options.now ?? new Date()).toISOString();
  const assetBase = options.assetBase ?? '//images.ctfassets.net/folio';
  const atMost = (instant: string) => (instant > now ? now : instant);
  const ids = (kind: string, key: string) => contentfulId(kind, key);

  // What readers may see decides what is published: drafts' own code blocks and images stay drafts.
  const publishedArticles = content.articles.filter((article) => article.status === 'PUBLISHED');
  const publishedPages = content.pages.filter((page) => page.status === 'PUBLISHED');
  const publicReferences = new Set<string>();
  const collectReferences = (document: RichTextNode | undefined) => {
    for (const id of referencedIds(document)) publicReferences.add(id);
  };
  for (const article of publishedArticles) {
    collectReferences(article.body);
    collectReferences(article.live?.summary);
    for (const update of article.live?.updates ?? []) collectReferences(update.body);
    for (const key of [article.heroImage, article.seo?.image])
      if (key) publicReferences.add(`asset:${key}`);
  }
  for (const page of publishedPages) {
    if (page.seo?.image) publicReferences.add(`asset:${page.seo.image}`);
    for (const block of page.blocks) {
      if (typeof block.image === 'string') publicReferences.add(`asset:${block.image}`);
      if (block.type === 'RichTextBlock') collectReferences(block.body as RichTextNode);
    }
  }
  for (const author of content.authors)
    if (author.avatar) publicReferences.add(`asset:${author.avatar}`);
  // Translations of what is published show what their bodies and blocks name too.
  const translations = options.translations;
  const hasOriginal = (kind: string, slug: string) =>
    (kind === 'article'
      ? content.articles
      : kind === 'page'
        ? content.pages
        : kind === 'topic'
          ? content.topics
          : content.authors
    ).some((original) => original.slug === slug);
  for (const translation of translations?.articles ?? [])
    if (translation.original.status === 'PUBLISHED') collectReferences(translation.body);
  for (const translation of translations?.pages ?? [])
    if (translation.original.status === 'PUBLISHED')
      for (const block of translation.page.blocks) {
        if (typeof block.image === 'string') publicReferences.add(`asset:${block.image}`);
        if (block.type === 'RichTextBlock') collectReferences(block.body as RichTextNode);
      }

  const known = new Set<string>([
    ...content.articles.map((article) => `article:${article.slug}`),
    ...content.authors.map((author) => `author:${author.slug}`),
    ...content.topics.map((topic) => `topic:${topic.slug}`),
    ...content.pages.map((page) => `page:${page.slug}`),
    ...content.embeds.map(
      (embed) => `${embed.type === 'CodeBlock' ? 'codeBlock' : 'pullQuote'}:${embed.key}`,
    ),
    ...content.assets.map((asset) => `asset:${asset.key}`),
  ]);
  const reference = (kind: string, key: string, where: string) => {
    if (!known.has(`${kind}:${key}`))
      throw new Error(`${where} names ${kind} "${key}", which the content does not have.`);
    return ids(kind, key);
  };

  /**
   * A seed document with `<kind>:<key>` references as links to the space's
   * ids. The seed writes its links as Contentful does (content/ is checked
   * when read: api/publishing/markdown.ts), so each keeps its own `sys`, and
   * one whose linkType is not its kind's is refused.
   */
  const richText = (document: RichTextNode, where: string): RichTextNode =>
    rewriteReferences(document, (id, sys) => {
      const [kind = '', ...rest] = id.split(':');
      const linkType = kind === 'asset' ? 'Asset' : 'Entry';
      if (linkType === 'Entry' && !REFERENCE_KINDS[kind])
        throw new Error(`${where} names "${id}", which is no kind of entry.`);
      if (sys.type !== 'Link' || sys.linkType !== linkType)
        throw new Error(
          `${where} links "${id}" as ${String(sys.type)} of ${String(sys.linkType)}, not a Link of ${linkType}.`,
        );
      return reference(kind, rest.join(':'), where);
    });

  const entries: ImportEntry[] = [];
  const entry = (
    contentType: string,
    id: string,
    fields: Record<string, unknown>,
    publication: { publishedAt: string; firstPublishedAt: string } | null,
    updatedAt: string,
  ) => {
    const present = Object.entries(fields).filter(
      ([, value]) => value !== undefined && value !== null,
    );
    entries.push({
      sys: {
        id,
        type: 'Entry',
        contentType: { sys: { type: 'Link', linkType: 'ContentType', id: contentType } },
        // A published entry without later changes is one version past its published one.
        version: publication ? 2 : 1,
        ...(publication
          ? {
              publishedVersion: 1,
              publishedAt: publication.publishedAt,
              firstPublishedAt: publication.firstPublishedAt,
            }
          : {}),
        createdAt: atMost(publication?.firstPublishedAt ?? updatedAt),
        updatedAt: atMost(updatedAt),
      },
      fields: Object.fromEntries(present.map(([key, value]) => [key, localized(value)])),
    });
  };

  // Authors, topics and the site are not dated in the seed: published as of the newest content.
  const epoch = atMost(
    [
      ...content.articles.map((article) => article.updatedAt),
      ...content.pages.map((page) => page.updatedAt),
    ]
      .sort()
      .at(-1) ?? now,
  );
  const always = { publishedAt: epoch, firstPublishedAt: epoch };
  const publishedIf = (visible: boolean) => (visible ? always : null);

  const assets: ImportAsset[] = [];
  const files = new Map<string, string>();
  for (const asset of content.assets) {
    const file = path.join(content.dir, asset.file);
    const bytes = readFileSync(file);
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height || !meta.format)
      throw new Error(`${asset.file} is not an image sharp can read.`);
    const id = ids('asset', asset.key);
    const fileName = path.basename(asset.file);
    // Contentful's file URLs carry a token that changes with the file: here its hash.
    const url = `${assetBase}/${id}/${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}/${encodeURIComponent(fileName)}`;
    files.set(url, file);
    const visible = publicReferences.has(`asset:${asset.key}`);
    assets.push({
      sys: {
        id,
        type: 'Asset',
        version: visible ? 2 : 1,
        ...(visible ? { publishedVersion: 1, ...always } : {}),
        createdAt: epoch,
        updatedAt: epoch,
      },
      fields: {
        title: localized(asset.key),
        // Alt text is localized: each locale's from assets.<locale>.yaml (images themselves are not).
        description: {
          ...localized(asset.alt),
          ...Object.fromEntries(
            (translations?.assets ?? []).flatMap(({ locale, alts }) =>
              alts[asset.key] === undefined ? [] : [[contentfulLocaleOf(locale), alts[asset.key]!]],
            ),
          ),
        },
        file: localized({
          url,
          fileName,
          contentType: `image/${meta.format === 'jpg' ? 'jpeg' : meta.format}`,
          details: { size: bytes.length, image: { width: meta.width, height: meta.height } },
        }),
      },
    });
  }

  for (const author of content.authors) {
    const where = `author ${author.slug}`;
    entry(
      'author',
      ids('author', author.slug),
      {
        name: author.name,
        slug: author.slug,
        bio: author.bio,
        avatar: author.avatar ? assetLink(reference('asset', author.avatar, where)) : undefined,
      },
      always,
      epoch,
    );
  }
  for (const topic of content.topics)
    entry(
      'topic',
      ids('topic', topic.slug),
      { name: topic.name, slug: topic.slug, description: topic.description },
      always,
      epoch,
    );
  for (const embed of content.embeds) {
    const kind = embed.type === 'CodeBlock' ? 'codeBlock' : 'pullQuote';
    const fields =
      embed.type === 'CodeBlock'
        ? { language: embed.language, code: embed.code, caption: embed.caption }
        : { quote: embed.quote, attribution: embed.attribution };
    entry(
      kind,
      ids(kind, embed.key),
      fields,
      publishedIf(publicReferences.has(`${kind}:${embed.key}`)),
      epoch,
    );
  }
  for (const article of content.articles) {
    entry(
      'article',
      ids('article', article.slug),
      articleFields(article),
      articlePublication(article),
      article.updatedAt,
    );
    // A live blog's updates are entries of their own naming their article, published with it.
    for (const update of article.live?.updates ?? [])
      entry(
        'liveBlogUpdate',
        ids('liveBlogUpdate', `${article.slug}@${update.at}`),
        liveUpdateFields(article, update),
        articlePublication(article),
        update.at,
      );
  }
  for (const page of content.pages) {
    const publication =
      page.status === 'PUBLISHED' ? { publishedAt: now, firstPublishedAt: now } : null;
    const blockIds = page.blocks.map((block, index) => {
      const id = ids('block', `${page.slug}#${index}`);
      const [contentType, fields] = blockFields(block, `page ${page.slug}, block ${index + 1}`);
      // A block is published with its page: a draft page's blocks are drafts.
      entry(contentType, id, fields, publication, page.updatedAt);
      return id;
    });
    entry('page', ids('page', page.slug), pageFields(page, blockIds), publication, page.updatedAt);
  }
  entry(
    'site',
    ids('site', 'site'),
    {
      title: content.site.title,
      description: content.site.description,
      navigation: content.site.navigation,
      footer: content.site.footer,
    },
    always,
    epoch,
  );

  // Translations: the original entry's values in another locale; a page's blocks are entries of the translation's own.
  const byId = new Map(entries.map((item) => [item.sys.id, item]));
  const translate = (id: string, code: string, fields: Record<string, unknown>) => {
    const target = byId.get(id);
    if (!target) return;
    for (const [field, value] of Object.entries(fields))
      if (value !== undefined && value !== null)
        target.fields[field] = { ...target.fields[field], [code]: value };
  };
  for (const translation of translations?.authors ?? [])
    if (hasOriginal('author', translation.original.slug))
      translate(ids('author', translation.original.slug), contentfulLocaleOf(translation.locale), {
        slug: translation.slug,
        bio: translation.bio,
      });
  for (const translation of translations?.topics ?? [])
    if (hasOriginal('topic', translation.original.slug))
      translate(ids('topic', translation.original.slug), contentfulLocaleOf(translation.locale), {
        name: translation.name,
        slug: translation.slug,
        description: translation.description,
      });
  for (const translation of translations?.articles ?? []) {
    const { original } = translation;
    if (!hasOriginal('article', original.slug)) continue;
    translate(ids('article', original.slug), contentfulLocaleOf(translation.locale), {
      title: translation.title,
      slug: translation.slug,
      summary: translation.summary,
      body: richText(translation.body, `article ${original.slug} (${translation.locale})`),
      seoTitle: translation.seo.title,
      seoDescription: translation.seo.description,
    });
  }
  for (const translation of translations?.pages ?? []) {
    const { original, page, locale } = translation;
    if (!hasOriginal('page', original.slug)) continue;
    const publication =
      original.status === 'PUBLISHED' ? { publishedAt: now, firstPublishedAt: now } : null;
    const blockIds = page.blocks.map((block, index) => {
      const id = ids('block', `${original.slug}.${locale}#${index}`);
      const where = `page ${original.slug} (${locale}), block ${index + 1}`;
      const [contentType, fields] = blockFields(block, where);
      entry(contentType, id, fields, publication, original.updatedAt);
      return id;
    });
    const fields = pageFields(page, blockIds);
    translate(ids('page', original.slug), contentfulLocaleOf(locale), {
      title: fields.title,
      slug: fields.slug,
      seoTitle: fields.seoTitle,
      seoDescription: fields.seoDescription,
      blocks: fields.blocks,
    });
  }
  for (const { locale, site } of translations?.sites ?? [])
    translate(ids('site', 'site'), contentfulLocaleOf(locale), {
      title: site.title,
      description: site.description,
      navigation: site.navigation,
      footer: site.footer,
    });

  function articlePublication(article: ArticleFile) {
    if (article.status !== 'PUBLISHED') return null;
    // Contentful stamps sys.publishedAt itself at each publish: an import publishes everything now.
    return { publishedAt: now, firstPublishedAt: now };
  }

  function articleFields(article: ArticleFile): Record<string, unknown> {
    const where = `article ${article.slug}`;
    return {
      title: article.title,
      slug: article.slug,
      summary: article.summary,
      body: richText(article.body, where),
      heroImage: article.heroImage
        ? assetLink(reference('asset', article.heroImage, where))
        : undefined,
      authors: article.authors.map((slug) => entryLink(reference('author', slug, where))),
      topics: article.topics.map((slug) => entryLink(reference('topic', slug, where))),
      publicationDate: article.publishedAt,
      lastUpdated: article.updatedAt,
      seoTitle: article.seo?.title,
      seoDescription: article.seo?.description,
      seoImage: article.seo?.image
        ? assetLink(reference('asset', article.seo.image, where))
        : undefined,
      liveCoverageStart: article.live?.coverageStart,
      liveCoverageEnd: article.live?.coverageEnd,
      liveSummary: article.live?.summary
        ? richText(article.live.summary, `${where}, live summary`)
        : undefined,
    };
  }

  function liveUpdateFields(article: ArticleFile, update: LiveUpdateFile): Record<string, unknown> {
    const where = `article ${article.slug}, live update at ${update.at}`;
    return {
      title: update.title,
      article: entryLink(ids('article', article.slug)),
      postedAt: update.at,
      body: richText(update.body, where),
      keyEvent: update.keyEvent,
      author: entryLink(reference('author', update.author, where)),
    };
  }

  function pageFields(page: PageFile, blockIds: string[]): Record<string, unknown> {
    return {
      title: page.title,
      slug: page.slug,
      lastUpdated: page.updatedAt,
      seoTitle: page.seo?.title,
      seoDescription: page.seo?.description,
      seoImage: page.seo?.image
        ? assetLink(reference('asset', page.seo.image, `page ${page.slug}`))
        : undefined,
      blocks: blockIds.map(entryLink),
    };
  }

  function blockFields(block: BlockFile, where: string): [string, Record<string, unknown>] {
    const contentType = BLOCK_TYPES[block.type];
    if (!contentType)
      throw new Error(`${where} is a "${block.type}", which is no page block Folio knows.`);
    const text = (key: string) =>
      typeof block[key] === 'string' ? (block[key] as string) : undefined;
    const link = (key: string) => {
      const value = block[key] as { label?: unknown; url?: unknown } | undefined;
      return typeof value?.label === 'string' && typeof value.url === 'string'
        ? { label: value.label, url: value.url }
        : undefined;
    };
    const image = text('image') ? assetLink(reference('asset', text('image')!, where)) : undefined;
    switch (block.type) {
      case 'HeroBlock': {
        const cta = link('callToAction');
        return [
          contentType,
          {
            heading: text('heading'),
            subheading: text('subheading'),
            image,
            ctaLabel: cta?.label,
            ctaUrl: cta?.url,
          },
        ];
      }
      case 'RichTextBlock':
        return [contentType, { body: richText(block.body as RichTextNode, where) }];
      case 'ArticleListBlock':
        return [
          contentType,
          {
            heading: text('heading'),
            mode: text('mode') ?? 'LATEST',
            topic: text('topic') ? entryLink(reference('topic', text('topic')!, where)) : undefined,
            count: block.count ?? 6,
          },
        ];
      case 'FeaturedArticlesBlock':
        return [
          contentType,
          {
            heading: text('heading'),
            articles: ((block.articles as string[] | undefined) ?? []).map((slug) =>
              entryLink(reference('article', slug, where)),
            ),
          },
        ];
      case 'CalloutBlock': {
        const cta = link('link');
        return [
          contentType,
          {
            heading: text('heading'),
            body: text('body'),
            tone: text('tone') ?? 'INFO',
            linkLabel: cta?.label,
            linkUrl: cta?.url,
          },
        ];
      }
      case 'ImageBlock':
        return [contentType, { image, caption: text('caption') }];
      default:
        return [
          contentType,
          {
            heading: text('heading'),
            description: text('description'),
            buttonLabel: text('buttonLabel'),
          },
        ];
    }
  }

  return { entries, assets, locales: readContentModel().locales, files };
}
