#!/usr/bin/env node
/**
 * Runs the GraphQL queries of cms/strapi/README.md ("GraphQL Folio can rely on")
 * against a running, imported Strapi and saves each answer, trimmed, as
 * cms/strapi/examples/<name>.json: `{ query, variables, status, answer }`.
 *
 *   node cms/strapi/scripts/capture-examples.mjs   # with `npm run cms:strapi` running
 *
 * FOLIO_STRAPI_URL (http://127.0.0.1:1337), FOLIO_STRAPI_TOKEN (default: .data/strapi/token).
 * Trimmed: an `article.text` component keeps its first block and the blocks that show
 * something (headings, lists, quotes, code, links, marks), at most 6; a featured-articles
 * block keeps its first 2 articles, a page's rich text its first 8 blocks; nothing else changes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import folio from '../lib/folio.js';

const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = process.env.FOLIO_EXAMPLES_DIR || path.join(PROJECT, 'examples');
const url = process.env.FOLIO_STRAPI_URL || `http://127.0.0.1:${process.env.STRAPI_PORT || 1337}`;
const token = process.env.FOLIO_STRAPI_TOKEN || folio.readText(folio.dataFile('token'));

async function post(query, variables = {}, headers = { authorization: `Bearer ${token}` }) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  let answer;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = text;
  }
  return { status: response.status, contentType: response.headers.get('content-type'), answer };
}

const showsSomething = (block) =>
  block.type !== 'paragraph' ||
  (block.children ?? []).some(
    (child) =>
      child.type === 'link' || Object.keys(child).some((key) => !['type', 'text'].includes(key)),
  );

function trim(value) {
  if (Array.isArray(value)) return value.map(trim);
  if (value === null || typeof value !== 'object') return value;
  const copy = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, trim(inner)]));
  if (copy.__typename === 'ComponentArticleText' && Array.isArray(copy.content)) {
    copy.content = copy.content
      .filter((block, index) => index === 0 || showsSomething(block))
      .slice(0, 6);
  }
  if (copy.__typename === 'ComponentBlocksFeaturedArticles' && Array.isArray(copy.articles))
    copy.articles = copy.articles.slice(0, 2);
  if (copy.__typename === 'ComponentBlocksRichText' && Array.isArray(copy.body))
    copy.body = copy.body.slice(0, 8);
  return copy;
}

function save(name, query, variables, result) {
  writeFileSync(
    path.join(OUT, `${name}.json`),
    `${JSON.stringify({ query, variables, status: result.status, answer: trim(result.answer) }, null, 2)}\n`,
  );
  process.stderr.write(`${name}: HTTP ${result.status}\n`);
}

const MEDIA = 'documentId url width height alternativeText mime name hash ext';
const AUTHOR = `documentId name slug bio avatar { ${MEDIA} }`;
const TOPIC = 'documentId name slug description';
const CARD = `documentId slug title summary publicationDate updatedAt publishedAt seoTitle seoDescription
    heroImage { ${MEDIA} }
    seoImage { ${MEDIA} }
    authors(pagination: { limit: 20 }) { ${AUTHOR} }
    topics(pagination: { limit: 20 }) { ${TOPIC} }`;
const BODY = `body {
      __typename
      ... on ComponentArticleText { id content }
      ... on ComponentArticleCodeBlock { id language code caption }
      ... on ComponentArticlePullQuote { id quote attribution }
      ... on ComponentArticleArticleCard { id article { ${CARD} } }
      ... on ComponentArticleImage { id image { ${MEDIA} } caption }
      ... on ComponentArticleTable { id rows }
    }`;

const ARTICLE = `query Article($slug: String!, $status: PublicationStatus) {
  articles(filters: { slug: { eq: $slug } }, status: $status) {
    ${CARD}
    ${BODY}
  }
}`;

const PAGE = `query Page($slug: String!, $status: PublicationStatus) {
  pages(filters: { slug: { eq: $slug } }, status: $status) {
    documentId slug title updatedAt publishedAt seoTitle seoDescription
    seoImage { ${MEDIA} }
    blocks {
      __typename
      ... on ComponentBlocksHero { id heading subheading image { ${MEDIA} } ctaLabel ctaUrl }
      ... on ComponentBlocksRichText { id body }
      ... on ComponentBlocksArticleList { id heading mode count topic { ${TOPIC} } }
      ... on ComponentBlocksFeaturedArticles { id heading articles { ${CARD} } }
      ... on ComponentBlocksCallout { id heading calloutBody: body tone linkLabel linkUrl }
      ... on ComponentBlocksImage { id image { ${MEDIA} } caption }
      ... on ComponentBlocksNewsletterSignup { id heading description buttonLabel }
    }
  }
}`;

const TOPIC_ARTICLES = `query TopicArticles($topic: ID!, $now: DateTime!, $start: Int!, $limit: Int!, $status: PublicationStatus) {
  articles_connection(
    filters: { topics: { documentId: { eq: $topic } }, publicationDate: { lte: $now } }
    pagination: { start: $start, limit: $limit }
    sort: ["publicationDate:desc", "documentId:desc"]
    status: $status
  ) {
    nodes { documentId slug title publicationDate updatedAt publishedAt }
    pageInfo { total page pageSize pageCount }
  }
}`;

const TOPIC_DRAFTS = `query TopicDrafts($topic: ID!, $start: Int!, $limit: Int!) {
  articles_connection(
    filters: { topics: { documentId: { eq: $topic } } }
    pagination: { start: $start, limit: $limit }
    sort: ["publicationDate:desc", "documentId:desc"]
    status: DRAFT
  ) {
    nodes { documentId slug title publicationDate updatedAt publishedAt }
    pageInfo { total page pageSize pageCount }
  }
}`;

const SITE = `query Site {
  site { documentId title description navigation { id label url } footer { id label url } updatedAt }
}`;

const MANY = `query Many($slug: String!, $topics: [ID], $self: ID!, $now: DateTime!) {
  site { title }
  article: articles(filters: { slug: { eq: $slug } }, status: PUBLISHED) { documentId slug authors { slug } topics { slug } }
  draft: articles(filters: { slug: { eq: $slug } }, status: DRAFT) { documentId slug publishedAt authors { slug } topics { slug } }
  related: articles(filters: { topics: { documentId: { in: $topics } }, documentId: { ne: $self }, publicationDate: { lte: $now } }, pagination: { limit: 3 }, sort: ["publicationDate:desc", "documentId:desc"]) { slug }
  count: articles_connection(filters: { topics: { documentId: { in: $topics } } }, pagination: { limit: 1 }) { pageInfo { total } }
  authors_connection(pagination: { start: 0, limit: 2 }, sort: ["name:asc", "documentId:asc"]) { nodes { slug name } pageInfo { total } }
}`;

const run = async () => {
  mkdirSync(OUT, { recursive: true });
  const now = new Date().toISOString();
  const ids = await post('{ topics(pagination: { limit: 100 }) { documentId slug } }');
  const topicId = (slug) => ids.answer.data.topics.find((topic) => topic.slug === slug).documentId;

  const a = { slug: 'reading-the-tides', status: 'PUBLISHED' };
  save('article', ARTICLE, a, await post(ARTICLE, a));
  const table = { slug: 'contrast-is-for-everyone', status: 'PUBLISHED' };
  save('article-table-code', ARTICLE, table, await post(ARTICLE, table));
  const draftOnly = { slug: 'the-four-day-week', status: 'DRAFT' };
  save('article-draft-only', ARTICLE, draftOnly, await post(ARTICLE, draftOnly));
  const draftOnlyPublished = { slug: 'the-four-day-week', status: 'PUBLISHED' };
  save(
    'article-draft-only-as-published',
    ARTICLE,
    draftOnlyPublished,
    await post(ARTICLE, draftOnlyPublished),
  );

  for (const slug of ['home', 'about', 'start-here']) {
    const variables = { slug, status: 'PUBLISHED' };
    save(`page-${slug}`, PAGE, variables, await post(PAGE, variables));
  }

  const work = { topic: topicId('work-culture'), now, start: 0, limit: 3 };
  save(
    'topic-articles',
    TOPIC_ARTICLES,
    { ...work, status: 'PUBLISHED' },
    await post(TOPIC_ARTICLES, { ...work, status: 'PUBLISHED' }),
  );
  save(
    'topic-articles-page-2',
    TOPIC_ARTICLES,
    { ...work, start: 3, status: 'PUBLISHED' },
    await post(TOPIC_ARTICLES, { ...work, start: 3, status: 'PUBLISHED' }),
  );
  save(
    'topic-articles-draft',
    TOPIC_ARTICLES,
    { ...work, limit: 10, status: 'DRAFT' },
    await post(TOPIC_ARTICLES, { ...work, limit: 10, status: 'DRAFT' }),
  );
  const drafts = { topic: topicId('work-culture'), start: 0, limit: 10 };
  save('topic-drafts', TOPIC_DRAFTS, drafts, await post(TOPIC_DRAFTS, drafts));
  const neverPublished = `query NeverPublished {
  neverPublished: articles(status: DRAFT, hasPublishedVersion: false, pagination: { limit: 100 }) { documentId slug publishedAt }
  draftsOfPublished: articles_connection(status: DRAFT, hasPublishedVersion: true) { pageInfo { total } }
  published: articles_connection(status: PUBLISHED) { pageInfo { total } }
}`;
  save('drafts-has-published-version', neverPublished, {}, await post(neverPublished));
  const cities = { topic: topicId('cities'), now, start: 0, limit: 20, status: 'PUBLISHED' };
  const withScheduled = { ...cities, now: '2100-01-01T00:00:00.000Z' };
  save(
    'topic-articles-scheduled',
    TOPIC_ARTICLES,
    withScheduled,
    await post(TOPIC_ARTICLES, withScheduled),
  );

  save('site', SITE, {}, await post(SITE));

  const article = await post(ARTICLE, a);
  const tides = article.answer.data.articles[0];
  const many = {
    slug: a.slug,
    topics: tides.topics.map((topic) => topic.documentId),
    self: tides.documentId,
    now,
  };
  save('many-roots', MANY, many, await post(MANY, many));

  const media = `query Media($ids: [ID], $id: ID!) {
  uploadFiles(filters: { documentId: { in: $ids } }, pagination: { limit: 2 }) { ${MEDIA} }
  uploadFile(documentId: $id) { ${MEDIA} }
}`;
  const mediaVariables = {
    ids: [tides.heroImage.documentId, tides.authors[0].avatar.documentId],
    id: tides.heroImage.documentId,
  };
  save('media', media, mediaVariables, await post(media, mediaVariables));

  const authorArticles = `query AuthorArticles($slug: String!) { authors(filters: { slug: { eq: $slug } }) { slug articles { documentId slug publishedAt } } }`;
  save(
    'author-articles-duplicates',
    authorArticles,
    { slug: 'eliza-marsh' },
    await post(authorArticles, { slug: 'eliza-marsh' }),
  );

  // Errors.
  save('error-bad-token', SITE, {}, await post(SITE, {}, { authorization: 'Bearer not-a-token' }));
  save('error-no-token', SITE, {}, await post(SITE, {}, {}));
  const relationLimit =
    '{ topics(filters: { slug: { eq: "science" } }) { slug articles { slug } } }';
  save('relation-list-default-limit', relationLimit, {}, await post(relationLimit));
  const badField = '{ site { title subtitle } }';
  const conflict =
    '{ pages { blocks { ... on ComponentBlocksRichText { body } ... on ComponentBlocksCallout { body } } } }';
  save('error-body-conflict', conflict, {}, await post(conflict));
  save('error-bad-field', badField, {}, await post(badField));
  const badVariable =
    'query($topic: String!) { articles(filters: { topics: { documentId: { eq: $topic } } }) { slug } }';
  save('error-string-for-id', badVariable, { topic: 'x' }, await post(badVariable, { topic: 'x' }));
  const mutation = 'mutation { updateSite(data: { title: "Hacked" }) { title } }';
  save('error-mutation-read-only', mutation, {}, await post(mutation));
  const tooMany =
    '{ articles(pagination: { limit: 500 }) { slug } articles_connection(pagination: { limit: 500 }) { pageInfo { total pageSize } } }';
  save('limit-above-max', tooMany, {}, await post(tooMany));
  const deep = `{ pages { blocks { ... on ComponentBlocksFeaturedArticles { articles { body { ... on ComponentArticleArticleCard { article { body { ... on ComponentArticleArticleCard { article { authors { avatar { url } } } } } } } } } } } } }`;
  save('error-too-deep', deep, {}, await post(deep));
};

run().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
