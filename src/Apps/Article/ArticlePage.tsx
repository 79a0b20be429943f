import { DocumentVersions } from '../../components/LanguageVersions';
import { lazy, Suspense } from 'react';
import { useInBrowser } from '../../site/useInBrowser';
import { useLocale, useLocalePath } from '../../site/useLocale';
import { graphql } from 'react-relay/hooks';
import type { ArticlePageQuery } from '@generated/ArticlePageQuery.graphql';
import { SeoHead } from '../../components/SeoHead';
import { useRouteQuery } from '../../routing/useRouteQuery';
import { pagePart } from '../../routing/pagePart';
import type { PartToLoad } from '../../routing/FolioRoute';
import { NotFoundPage } from '../../frame/NotFoundPage';
import { ArticleBody } from './ArticleBody';
import { ArticleHeader } from './ArticleHeader';
import { ArticleStructuredData } from './ArticleStructuredData';
import { HelpfulVote } from './HelpfulVote';
import { RelatedArticles } from './RelatedArticles';
import './Article.css';
import { articlePath } from '../../../shared/sitePaths';

const articlePageQuery = graphql`
  query ArticlePageQuery($slug: String!, $locale: String) @preloadable {
    # The frame (AppLayout) reads this: every route's query brings it with the page.
    # eslint-disable-next-line relay/must-colocate-fragment-spreads
    ...AppLayout_query
    article(slug: $slug, locale: $locale) {
      slug
      # Whether the article is a live blog: its coverage is a part of the page in a chunk of its own.
      liveBlog {
        __typename
      }
      translations {
        ...LanguageVersions_translations
      }
      seo {
        ...SeoHead_seo
      }
      ...ArticleHeader_article
      ...ArticleBody_article
      ...ArticleLiveBlog_article
      ...HelpfulVote_article
      ...RelatedArticles_article
      ...ArticleStructuredData_article
    }
  }
`;

/**
 * A live blog's coverage (ArticleLiveBlog.tsx): in a chunk of its own, which
 * an article that is not live never loads. The route's loader loads it for
 * a live blog before the page renders, and the server names it in the
 * page's document, so it is there when the page hydrates.
 */
const liveBlogPart = pagePart('live-blog', async () => ({
  default: (await import(/* webpackChunkName: "live-blog" */ './ArticleLiveBlog')).ArticleLiveBlog,
}));

/** The parts of the page an article needs (FolioRoute.partChunks): its live blog's, if it is one. */
export function partsOf(article: unknown): readonly PartToLoad[] {
  const found = article as ArticlePageQuery['response']['article'] | undefined;
  return found?.liveBlog ? [liveBlogPart] : [];
}

/**
 * What keeps an open article up to date: loaded once the page is shown
 * (docs/http-and-cache.md#live-updates). Its chunk is the one the network
 * layer loads to follow a stream (src/relay/subscribeGraphQL.ts): an article
 * needs both, so they come in one request.
 */
const ArticleLive = lazy(() => import(/* webpackChunkName: "live" */ './ArticleLive'));

/** `/articles/:slug`: one article. */
export default function ArticlePage() {
  const localize = useLocalePath();
  const locale = useLocale();
  // Only in the browser, and after hydration: the server renders the article as it is.
  const inBrowser = useInBrowser();
  const { article } = useRouteQuery<ArticlePageQuery>(articlePageQuery);
  // The route's loader answers a missing article with a 404 before this renders.
  if (!article) return <NotFoundPage />;
  return (
    <>
      <SeoHead seo={article.seo} path={localize(articlePath(article.slug))} type="article" />
      <ArticleStructuredData article={article} />
      <article className="article">
        <DocumentVersions translations={article.translations} pathOf={articlePath} />
        <ArticleHeader article={article} />
        <ArticleBody article={article} />
        {article.liveBlog && <liveBlogPart.Component article={article} />}
        <footer className="article-footer">
          <HelpfulVote article={article} />
        </footer>
      </article>
      <RelatedArticles article={article} />
      {inBrowser && (
        <Suspense fallback={null}>
          <ArticleLive slug={article.slug} locale={locale} />
        </Suspense>
      )}
    </>
  );
}
