import { LIVE_BLOG_UPDATES_READ } from '../../../shared/limits';
import type { CrawledArticle } from '../cms/cmsCrawl';
import { VERSION_SLUGS } from './contentfulLocales';

/**
 * What Folio asks Contentful's GraphQL Content API, in its conventions
 * (content type `article` → type `Article`, `articleCollection(skip, limit,
 * where, order, preview) { total items }`, links as `…Collection`, rich text
 * as `{ json links }`): cms/contentful/README.md. Fragments are spread by the
 * fields of contentfulLookups.ts, contentfulLists.ts and contentfulCrawl.ts,
 * and sent once per batch.
 *
 * Shaped by Contentful's two limits on one request: a query costs the most
 * entries and assets it could return, at most 11,000, and its text may be at
 * most 8 KB. Every piece says its cost (COST below, times its limit), and the
 * batcher (api/sources/cms/cmsGraphQL.ts) sends a tick's pieces in as many
 * requests as those limits need; what a loader asks at once is at most what
 * one request can hold on its own.
 * - Lists and cards fetch no rich-text `links` (they cost 1,000 each): a
 *   card costs 33 (itself, 2 images, 10 authors with their avatars, 10 topics).
 *   The entries their bodies link to are typed from what earlier answers
 *   said, or by id for a few each (contentfulLinkedEntries.ts).
 * - Only the article page (by slug) fetches `links`, and inside them only
 *   what costs nothing more (types, ids, scalar fields, assets): a linked
 *   article or author is read by id later, in the request that reads the
 *   page's related reading anyway.
 * - A page's featured articles come by id and its rich-text bodies without
 *   links, so a page of 20 blocks costs a few hundred, not 20 × 1,000.
 * cms/contentful/fixture checks both limits on every request the tests make.
 */
const compact = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Contentful's limits on one request: its query complexity, and its query text in bytes. */
export const MAX_COMPLEXITY = 11_000;
export const MAX_QUERY_BYTES = 8 * 1024;

export const ASSET = compact(
  `fragment FolioAsset on Asset { sys { id } url width height title description contentType fileName }`,
);
export const TOPIC = compact(`fragment FolioTopic on Topic { sys { id } slug name description }`);
export const AUTHOR = compact(
  `fragment FolioAuthor on Author { sys { id } slug name bio avatar { ...FolioAsset } }`,
);

/** How many authors or topics one article names, at most: the content model's `size.max` (cms/contentful/content-model.json). */
export const BYLINE_LIMIT = 10;
/** Blocks on one page, and articles in one featured block, at most (the model's `size.max` too). */
export const PAGE_BLOCK_LIMIT = 20;
export const FEATURED_LIMIT = 12;

/** An article with everything but its rich text's links: what lists and cards need. */
export const ARTICLE_CARD = compact(`fragment FolioArticleCard on Article {
  sys { id publishedAt firstPublishedAt }
  slug title summary publicationDate lastUpdated seoTitle seoDescription
  heroImage { ...FolioAsset }
  seoImage { ...FolioAsset }
  authorsCollection(limit: ${BYLINE_LIMIT}) { items { ...FolioAuthor } }
  topicsCollection(limit: ${BYLINE_LIMIT}) { items { ...FolioTopic } }
  body { json }
}`);

/**
 * An entry a rich-text document links to: its type and id (for the
 * document's global ids), and whole when that costs nothing more (no links
 * of its own). Articles, authors and pages are read by id when shown.
 */
export const LINKED_ENTRY = compact(`fragment FolioLinkedEntry on Entry {
  __typename
  sys { id }
  ... on Topic { ...FolioTopic }
  ... on CodeBlock { language code caption }
  ... on PullQuote { quote attribution }
}`);

const RICH_TEXT_LINKS = compact(`links {
  entries { block { ...FolioLinkedEntry } inline { ...FolioLinkedEntry } hyperlink { ...FolioLinkedEntry } }
  assets { block { ...FolioAsset } hyperlink { ...FolioAsset } }
}`);

/** An article with its body's links and its live coverage (a live blog's: its summary without links, typed like a card's body): the article page. */
export const ARTICLE = compact(
  `fragment FolioArticle on Article { ...FolioArticleCard body { json ${RICH_TEXT_LINKS} } liveCoverageStart liveCoverageEnd liveSummary { json } }`,
);

/**
 * The most updates one live blog shows (newest first): they come in one
 * query, each with its author, bodies without links (docs/content-model.md#live-blogs).
 */
export const LIVE_UPDATE_LIMIT = LIVE_BLOG_UPDATES_READ;

/** One live-blog update, an entry naming its article (cms/contentful/README.md#live-blogs). */
export const LIVE_UPDATE = compact(`fragment FolioLiveUpdate on LiveBlogUpdate {
  sys { id } postedAt title keyEvent author { ...FolioAuthor } body { json }
}`);

/** A page with its blocks; featured articles by id, rich-text bodies without links. */
export const PAGE = compact(`fragment FolioPage on Page {
  sys { id publishedAt }
  slug title lastUpdated seoTitle seoDescription
  seoImage { ...FolioAsset }
  blocksCollection(limit: ${PAGE_BLOCK_LIMIT}) {
    items {
      __typename
      ... on HeroBlock { sys { id } heading subheading image { ...FolioAsset } ctaLabel ctaUrl }
      ... on RichTextBlock { sys { id } body { json } }
      ... on ArticleListBlock { sys { id } heading mode count topic { ...FolioTopic } }
      ... on FeaturedArticlesBlock { sys { id } heading articlesCollection(limit: ${FEATURED_LIMIT}) { items { sys { id } } } }
      ... on CalloutBlock { sys { id } heading calloutBody: body tone linkLabel linkUrl }
      ... on ImageBlock { sys { id } image { ...FolioAsset } caption }
      ... on NewsletterSignupBlock { sys { id } heading description buttonLabel }
    }
  }
}`);

export const CARD_FRAGMENTS = [ASSET, TOPIC, AUTHOR, ARTICLE_CARD] as const;
export const ARTICLE_FRAGMENTS = [...CARD_FRAGMENTS, LINKED_ENTRY, ARTICLE] as const;
export const PAGE_FRAGMENTS = [ASSET, TOPIC, PAGE] as const;
export const LIVE_UPDATE_FRAGMENTS = [ASSET, AUTHOR, LIVE_UPDATE] as const;

/**
 * What one item of each selection costs towards Contentful's complexity (a
 * collection of `limit` items costs `limit` times it): the item, and every
 * link and collection inside it at its `limit`. The fixture counts the same
 * (contentfulFixture.test.ts checks each against it).
 */
export const COST = {
  /** Itself, 2 images, 10 authors with their avatars, 10 topics. */
  card: 33,
  /** A card and its body's `links` (1,000: what Contentful says they can return). */
  article: 1033,
  /** Itself, its SEO image, 20 blocks, and each block's image, topic or 12 featured articles at most. */
  page: 262,
  /** Itself and its avatar. */
  author: 2,
  /** A live-blog update: itself, its author and the author's avatar. */
  liveUpdate: 3,
  /** An entry or asset without links of its own: a topic, an asset, a linked entry (FolioLinkedEntry), the site, an article's slug and dates. */
  plain: 1,
  /** An article's slug, dates, and its authors' and topics' slugs (the sitemap). */
  sitemapArticle: 21,
} as const;

/** What Folio selects of an author, a topic or a page, the fragments that spreads, and what one item costs. */
export const SELECTIONS = {
  author: { select: '...FolioAuthor', fragments: [ASSET, AUTHOR], cost: COST.author },
  topic: { select: '...FolioTopic', fragments: [TOPIC], cost: COST.plain },
  page: { select: '...FolioPage', fragments: PAGE_FRAGMENTS, cost: COST.page },
} as const;

/** The most items of one selection a single request can hold: within the complexity, and within Contentful's largest `limit` (1,000). */
export const itemsPerRequest = (cost: number) => Math.min(1000, Math.floor(MAX_COMPLEXITY / cost));

/** What a crawl selects of an article: a row (its versions and when it last changed), with its bylines' slugs, or whole; and what each costs. */
const CRAWLED_OWN = `slug lastUpdated sys { id publishedAt } ${VERSION_SLUGS}`;
export const CRAWLED_ARTICLE: Record<CrawledArticle, { fields: string; cost: number }> = {
  row: { fields: CRAWLED_OWN, cost: COST.plain },
  'row with bylines': {
    fields: `${CRAWLED_OWN} authorsCollection(limit: ${BYLINE_LIMIT}) { items { slug } } topicsCollection(limit: ${BYLINE_LIMIT}) { items { slug } }`,
    cost: COST.sitemapArticle,
  },
  whole: { fields: '...FolioArticleCard', cost: COST.card },
};
