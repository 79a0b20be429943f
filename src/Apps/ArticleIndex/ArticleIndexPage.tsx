import { everyVersion, LanguageVersions } from '../../components/LanguageVersions';
import { useLocalePath } from '../../site/useLocale';
import { ARTICLE_PAGE_SIZE } from '../../../shared/limits';
import { graphql } from 'react-relay/hooks';
import { usePaginationFragment } from '../../relay/usePaginationFragment';
import type { ArticleIndex_query$key } from '@generated/ArticleIndex_query.graphql';
import type { ArticleIndexPaginationQuery } from '@generated/ArticleIndexPaginationQuery.graphql';
import type { ArticleIndexPageQuery } from '@generated/ArticleIndexPageQuery.graphql';
import { ArticleCardList } from '../../components/ArticleCardList';
import { DocumentHead } from '../../components/DocumentHead';
import { useRouteQuery } from '../../routing/useRouteQuery';
import { ARTICLES_PATH } from '../../../shared/sitePaths';
import { SITE_TITLE_WITHOUT_RECORD } from '../../../shared/siteTitle';
import { useMessages } from '../../i18n/useMessages';

const articleIndexPageQuery = graphql`
  query ArticleIndexPageQuery($locale: String) @preloadable {
    # The frame (AppLayout) reads this: every route's query brings it with the page.
    # eslint-disable-next-line relay/must-colocate-fragment-spreads
    ...AppLayout_query
    ...ArticleIndex_query
  }
`;

/** `/articles`: every article, newest first, a page of 12 at a time. */
export default function ArticleIndexPage() {
  const localize = useLocalePath();
  const t = useMessages();
  const query = useRouteQuery<ArticleIndexPageQuery>(articleIndexPageQuery);
  return (
    <div className="listing-page">
      <DocumentHead
        title={t('articleIndex.title')}
        description={t('articleIndex.description', { site: SITE_TITLE_WITHOUT_RECORD })}
        path={localize(ARTICLES_PATH)}
      />
      <LanguageVersions versions={everyVersion(ARTICLES_PATH)} />
      <header className="listing-page__header">
        <h1 className="listing-page__title">{t('articleIndex.title')}</h1>
      </header>
      <ArticleIndex query={query} />
    </div>
  );
}

function ArticleIndex({ query }: { query: ArticleIndex_query$key }) {
  const t = useMessages();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    ArticleIndexPaginationQuery,
    ArticleIndex_query$key
  >(
    graphql`
      fragment ArticleIndex_query on Query
      @refetchable(queryName: "ArticleIndexPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 12 }, cursor: { type: "String" }) {
        articles(first: $count, after: $cursor, locale: $locale)
          @connection(key: "ArticleIndex_articles") {
          totalCount
          edges {
            node {
              ...ArticleCardList_articles
            }
          }
        }
      }
    `,
    query,
  );
  const articles = data.articles.edges.map((edge) => edge.node);
  return (
    <>
      <p className="listing-page__count">
        {t('articles.count', { count: data.articles.totalCount })}
      </p>
      <ArticleCardList
        articles={articles}
        pagination={{ hasNext, isLoadingNext, loadNext: () => loadNext(ARTICLE_PAGE_SIZE) }}
      />
    </>
  );
}
