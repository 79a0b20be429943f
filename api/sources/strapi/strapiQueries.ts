import { LIVE_BLOG_UPDATES_READ } from '../../../shared/limits';
import type { CrawledArticle } from '../cms/cmsCrawl';
import { VERSIONS } from './strapiLocales';
import type { LocalizedType } from './strapiRequest';

/**
 * What Folio asks Strapi 5's GraphQL API (the content types in
 * cms/strapi/src/, cms/README.md): `articles(filters, pagination, sort,
 * status)`, `articles_connection { pageInfo { total } }`, dynamic zones as
 * unions of `Component<Category><Name>`, media as `UploadFile`, ids as
 * `documentId`. Fragments are spread by the fields of strapiLookups.ts,
 * strapiLists.ts and strapiCrawl.ts, and sent once per batch.
 */
export const MEDIA = `fragment FolioMedia on UploadFile { documentId url width height alternativeText mime name hash ext }`;
export const TOPIC = `fragment FolioTopic on Topic { documentId slug name description }`;
export const AUTHOR = `fragment FolioAuthor on Author { documentId slug name bio avatar { ...FolioMedia } }`;

/** How many authors or topics one article names, at most. */
export const BYLINE_LIMIT = 20;

/**
 * An article without its body: what lists and cards need. `readingText` is
 * the body's text alone (no embeds, cards or images), enough for the card's
 * reading time to be the article's.
 */
export const ARTICLE_CARD = `fragment FolioArticleCard on Article {
  documentId slug title summary publicationDate updatedAt publishedAt seoTitle seoDescription
  heroImage { ...FolioMedia }
  seoImage { ...FolioMedia }
  authors(pagination: { limit: ${BYLINE_LIMIT} }) { ...FolioAuthor }
  topics(pagination: { limit: ${BYLINE_LIMIT} }) { ...FolioTopic }
  readingText: body {
    __typename
    ... on ComponentArticleText { content }
    ... on ComponentArticleTable { rows }
  }
}`;

/** The most updates of one live blog read (every one the page shows: docs/content-model.md#live-blogs). */
export const LIVE_UPDATE_LIMIT = LIVE_BLOG_UPDATES_READ;

/** A whole article: its body's components, with the article cards and images they embed, and its live blog (strapiLiveBlogs.ts). */
export const ARTICLE = `fragment FolioArticle on Article {
  ...FolioArticleCard
  body {
    __typename
    ... on ComponentArticleText { id content }
    ... on ComponentArticleCodeBlock { id language code caption }
    ... on ComponentArticlePullQuote { id quote attribution }
    ... on ComponentArticleArticleCard { id article { ...FolioArticleCard } }
    ... on ComponentArticleImage { id image { ...FolioMedia } caption }
    ... on ComponentArticleTable { id rows }
  }
  liveCoverageStart liveCoverageEnd liveSummary
  liveUpdates(pagination: { limit: ${LIVE_UPDATE_LIMIT} }) { postedAt title body keyEvent author { documentId } }
}`;

export const PAGE = `fragment FolioPage on Page {
  documentId slug title updatedAt publishedAt seoTitle seoDescription
  seoImage { ...FolioMedia }
  blocks {
    __typename
    ... on ComponentBlocksHero { id heading subheading image { ...FolioMedia } ctaLabel ctaUrl }
    ... on ComponentBlocksRichText { id body }
    ... on ComponentBlocksArticleList { id heading mode count topic { ...FolioTopic } }
    ... on ComponentBlocksFeaturedArticles { id heading articles { ...FolioArticleCard } }
    ... on ComponentBlocksCallout { id heading calloutBody: body tone linkLabel linkUrl }
    ... on ComponentBlocksImage { id image { ...FolioMedia } caption }
    ... on ComponentBlocksNewsletterSignup { id heading description buttonLabel }
  }
}`;

export const CARD_FRAGMENTS = [MEDIA, TOPIC, AUTHOR, ARTICLE_CARD] as const;
export const ARTICLE_FRAGMENTS = [...CARD_FRAGMENTS, ARTICLE] as const;
export const PAGE_FRAGMENTS = [...CARD_FRAGMENTS, PAGE] as const;

/** What Folio selects of each localized type (a lookup's, a list's), and the fragments that spreads. */
export const SELECTIONS: Record<LocalizedType, { select: string; fragments: readonly string[] }> = {
  articles: { select: '...FolioArticle', fragments: ARTICLE_FRAGMENTS },
  pages: { select: '...FolioPage', fragments: PAGE_FRAGMENTS },
  authors: { select: '...FolioAuthor', fragments: [MEDIA, AUTHOR] },
  topics: { select: '...FolioTopic', fragments: [TOPIC] },
};

/** What a crawl selects of an article: a row (its versions and when it last changed), with its bylines' slugs, or whole. */
export const CRAWLED_ARTICLE: Record<
  CrawledArticle,
  { fields: string; fragments?: readonly string[] }
> = {
  row: { fields: `${VERSIONS} updatedAt` },
  'row with bylines': { fields: `${VERSIONS} updatedAt authors { slug } topics { slug }` },
  whole: { fields: '...FolioArticle', fragments: ARTICLE_FRAGMENTS },
};
