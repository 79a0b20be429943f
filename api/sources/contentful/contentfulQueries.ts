/**
 * What Folio asks Contentful's GraphQL Content API, in its conventions
 * (content type `article` → type `Article`, `articleCollection(skip, limit,
 * where, order, preview) { total items }`, links as `…Collection`, rich text
 * as `{ json links }`): cms/contentful/README.md. Fragments are spread by the
 * fields in contentfulSource.ts and sent once per batch.
 */
export const ASSET = `fragment FolioAsset on Asset { sys { id } url width height title description contentType fileName }`;
export const TOPIC = `fragment FolioTopic on Topic { sys { id } slug name description }`;
export const AUTHOR = `fragment FolioAuthor on Author { sys { id } slug name bio avatar { ...FolioAsset } }`;

/** How many authors or topics one article names, at most (Contentful's collections need a limit). */
export const BYLINE_LIMIT = 20;

/** An article with everything but its rich text's links: what lists and cards need. */
export const ARTICLE_CARD = `fragment FolioArticleCard on Article {
  sys { id publishedAt }
  slug title summary publicationDate seoTitle seoDescription
  heroImage { ...FolioAsset }
  seoImage { ...FolioAsset }
  authorsCollection(limit: ${BYLINE_LIMIT}) { items { ...FolioAuthor } }
  topicsCollection(limit: ${BYLINE_LIMIT}) { items { ...FolioTopic } }
  body { json }
}`;

/** An entry a rich-text document links to, as much as the embed or link shows. */
export const LINKED_ENTRY = `fragment FolioLinkedEntry on Entry {
  __typename
  sys { id }
  ... on Article { ...FolioArticleCard }
  ... on Author { ...FolioAuthor }
  ... on Topic { ...FolioTopic }
  ... on Page { slug title }
  ... on CodeBlock { language code caption }
  ... on PullQuote { quote attribution }
}`;

const RICH_TEXT_LINKS = `links {
  entries { block { ...FolioLinkedEntry } inline { ...FolioLinkedEntry } hyperlink { ...FolioLinkedEntry } }
  assets { block { ...FolioAsset } hyperlink { ...FolioAsset } }
}`;

/** An article with its body's links: the article page, one request. */
export const ARTICLE = `fragment FolioArticle on Article { ...FolioArticleCard body { json ${RICH_TEXT_LINKS} } }`;

export const PAGE = `fragment FolioPage on Page {
  sys { id publishedAt }
  slug title seoTitle seoDescription
  seoImage { ...FolioAsset }
  blocksCollection(limit: 40) {
    items {
      __typename
      ... on HeroBlock { sys { id } heading subheading image { ...FolioAsset } ctaLabel ctaUrl }
      ... on RichTextBlock { sys { id } body { json ${RICH_TEXT_LINKS} } }
      ... on ArticleListBlock { sys { id } heading mode count topic { ...FolioTopic } }
      ... on FeaturedArticlesBlock { sys { id } heading articlesCollection(limit: 12) { items { ...FolioArticleCard } } }
      ... on CalloutBlock { sys { id } heading body tone linkLabel linkUrl }
      ... on ImageBlock { sys { id } image { ...FolioAsset } caption }
      ... on NewsletterSignupBlock { sys { id } heading description buttonLabel }
    }
  }
}`;

export const CARD_FRAGMENTS = [ASSET, TOPIC, AUTHOR, ARTICLE_CARD] as const;
export const ARTICLE_FRAGMENTS = [...CARD_FRAGMENTS, LINKED_ENTRY, ARTICLE] as const;
export const PAGE_FRAGMENTS = [...CARD_FRAGMENTS, LINKED_ENTRY, PAGE] as const;
