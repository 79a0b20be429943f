import ArticlePageQuery from '@generated/ArticlePageQuery.graphql';
import type { FolioRoute } from './routing/FolioRoute';
import { isValidSlug } from './routing/slug';

/** Every page of Folio and the query it starts on navigation (SPEC §4). */
export const routes: FolioRoute[] = [
  {
    path: '/articles/:slug',
    query: ArticlePageQuery,
    prepare: ({ params }) => (isValidSlug(params.slug) ? { slug: params.slug } : null),
    page: () => import(/* webpackChunkName: "article" */ './Apps/Article/ArticlePage'),
  },
];
