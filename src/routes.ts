import ArticleIndexPageQuery from '@generated/ArticleIndexPageQuery$parameters';
import ArticlePageQuery from '@generated/ArticlePageQuery$parameters';
import AuthorPageQuery from '@generated/AuthorPageQuery$parameters';
import ComposedPageQuery from '@generated/ComposedPageQuery$parameters';
import SearchPageQuery from '@generated/SearchPageQuery$parameters';
import TopicIndexPageQuery from '@generated/TopicIndexPageQuery$parameters';
import TopicPageQuery from '@generated/TopicPageQuery$parameters';
import { isValidSlug } from '../shared/limits';
import { normalizeSearchQuery } from './Apps/Search/searchQuery';
import { NO_QUERY, NOT_FOUND, type FolioRoute, type RouteMatch } from './routing/FolioRoute';
import { announceNewArtifacts } from './routing/hotArtifacts';
import {
  ARTICLE_ROUTE,
  ARTICLES_PATH,
  articlePath,
  AUTHOR_ROUTE,
  authorPath,
  HOME_PAGE_SLUG,
  HOME_PATH,
  PAGE_ROUTE,
  pagePath,
  SEARCH_PATH,
  TOPIC_ROUTE,
  topicPath,
  TOPICS_PATH,
} from '../shared/sitePaths';

const bySlug = ({ params }: RouteMatch) =>
  isValidSlug(params.slug) ? { slug: params.slug } : NOT_FOUND;

/**
 * Every page of Folio (docs/routes.md#routes): its path, the query it starts on navigation
 * (its parameters only: the artifact comes with the page's own chunk), how
 * the URL becomes that query's variables, and the page itself.
 */
export const routes: FolioRoute[] = [
  {
    id: 'home',
    path: HOME_PATH,
    chunk: 'page',
    subject: 'page',
    query: ComposedPageQuery,
    prepare: () => ({ slug: HOME_PAGE_SLUG }),
    page: () => import(/* webpackChunkName: "page" */ './Apps/Page/ComposedPage'),
  },
  {
    id: 'article-index',
    path: ARTICLES_PATH,
    chunk: 'article-index',
    query: ArticleIndexPageQuery,
    prepare: () => ({}),
    page: () =>
      import(/* webpackChunkName: "article-index" */ './Apps/ArticleIndex/ArticleIndexPage'),
  },
  {
    id: 'article',
    path: ARTICLE_ROUTE,
    chunk: 'article',
    // A live blog's coverage (ArticlePage.tsx, liveBlogPart).
    partChunks: ['live-blog'],
    subject: 'article',
    pathOf: articlePath,
    query: ArticlePageQuery,
    prepare: bySlug,
    page: () => import(/* webpackChunkName: "article" */ './Apps/Article/ArticlePage'),
  },
  {
    id: 'topic-index',
    path: TOPICS_PATH,
    chunk: 'topic-index',
    query: TopicIndexPageQuery,
    prepare: () => ({}),
    page: () => import(/* webpackChunkName: "topic-index" */ './Apps/Topic/TopicIndexPage'),
  },
  {
    id: 'topic',
    path: TOPIC_ROUTE,
    chunk: 'topic',
    subject: 'topic',
    pathOf: topicPath,
    query: TopicPageQuery,
    prepare: bySlug,
    page: () => import(/* webpackChunkName: "topic" */ './Apps/Topic/TopicPage'),
  },
  {
    id: 'author',
    path: AUTHOR_ROUTE,
    chunk: 'author',
    subject: 'author',
    pathOf: authorPath,
    query: AuthorPageQuery,
    prepare: bySlug,
    page: () => import(/* webpackChunkName: "author" */ './Apps/Author/AuthorPage'),
  },
  {
    id: 'search',
    path: SEARCH_PATH,
    chunk: 'search',
    showsOwnErrors: true,
    query: SearchPageQuery,
    prepare: ({ searchParams }) => {
      const query = normalizeSearchQuery(searchParams.get('q'));
      return query === null ? NO_QUERY : { query };
    },
    page: () => import(/* webpackChunkName: "search" */ './Apps/Search/SearchPage'),
  },
  {
    // Any other composed page (about, …). `home` is only ever `/`.
    id: 'page',
    path: PAGE_ROUTE,
    chunk: 'page',
    subject: 'page',
    pathOf: pagePath,
    query: ComposedPageQuery,
    prepare: ({ params }) =>
      isValidSlug(params.slug) && params.slug !== HOME_PAGE_SLUG
        ? { slug: params.slug }
        : NOT_FOUND,
    page: () => import(/* webpackChunkName: "page" */ './Apps/Page/ComposedPage'),
  },
];

// `npm run dev`: new query artifacts (a spread fragment changed) replace the
// old ones in this table, and the page on screen loads again (hotArtifacts.ts).
if (import.meta.webpackHot) {
  import.meta.webpackHot.accept(
    [
      '@generated/ArticleIndexPageQuery$parameters',
      '@generated/ArticlePageQuery$parameters',
      '@generated/AuthorPageQuery$parameters',
      '@generated/ComposedPageQuery$parameters',
      '@generated/SearchPageQuery$parameters',
      '@generated/TopicIndexPageQuery$parameters',
      '@generated/TopicPageQuery$parameters',
    ],
    () => {
      const latest = [
        ArticleIndexPageQuery,
        ArticlePageQuery,
        AuthorPageQuery,
        ComposedPageQuery,
        SearchPageQuery,
        TopicIndexPageQuery,
        TopicPageQuery,
      ];
      for (const route of routes)
        route.query =
          latest.find((query) => query.params.name === route.query.params.name) ?? route.query;
      announceNewArtifacts();
    },
  );
}
