import { DocumentVersions } from '../../components/LanguageVersions';
import { useLocalePath } from '../../site/useLocale';
import { ARTICLE_PAGE_SIZE } from '../../../shared/limits';
import { graphql } from 'react-relay/hooks';
import { usePaginationFragment } from '../../relay/usePaginationFragment';
import type { TopicArticles_topic$key } from '@generated/TopicArticles_topic.graphql';
import type { TopicArticlesPaginationQuery } from '@generated/TopicArticlesPaginationQuery.graphql';
import type { TopicPageQuery } from '@generated/TopicPageQuery.graphql';
import { ArticleCardList } from '../../components/ArticleCardList';
import { DocumentHead } from '../../components/DocumentHead';
import { Breadcrumbs } from '../../components/StructuredData';
import { useRouteQuery } from '../../routing/useRouteQuery';
import { NotFoundPage } from '../../frame/NotFoundPage';
import { HOME_PATH, topicPath, TOPICS_PATH } from '../../../shared/sitePaths';
import { useSiteTitle } from '../../site/useSiteTitle';
import { useMessages } from '../../i18n/useMessages';

const topicPageQuery = graphql`
  query TopicPageQuery($slug: String!, $locale: String) @preloadable {
    # The frame (AppLayout) reads this: every route's query brings it with the page.
    # eslint-disable-next-line relay/must-colocate-fragment-spreads
    ...AppLayout_query
    topic(slug: $slug, locale: $locale) {
      slug
      name
      translations {
        ...LanguageVersions_translations
      }
      description
      articleCount
      ...TopicArticles_topic
    }
  }
`;

/** `/topics/:slug`: one topic and its articles, newest first. */
export default function TopicPage() {
  const localize = useLocalePath();
  const { topic } = useRouteQuery<TopicPageQuery>(topicPageQuery);
  const siteTitle = useSiteTitle();
  const t = useMessages();
  if (!topic) return <NotFoundPage />;
  return (
    <div className="listing-page">
      <DocumentHead
        title={topic.name}
        description={topic.description}
        path={localize(topicPath(topic.slug))}
      />
      <Breadcrumbs
        trail={[
          [siteTitle, localize(HOME_PATH)],
          [t('breadcrumb.topics'), localize(TOPICS_PATH)],
          [topic.name, localize(topicPath(topic.slug))],
        ]}
      />
      <DocumentVersions translations={topic.translations} pathOf={topicPath} />
      <header className="listing-page__header">
        <p className="listing-page__kicker">{t('topic.kicker')}</p>
        <h1 className="listing-page__title">{topic.name}</h1>
        <p className="listing-page__description">{topic.description}</p>
        <p className="listing-page__count">{t('articles.count', { count: topic.articleCount })}</p>
      </header>
      <TopicArticles topic={topic} />
    </div>
  );
}

function TopicArticles({ topic }: { topic: TopicArticles_topic$key }) {
  const t = useMessages();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    TopicArticlesPaginationQuery,
    TopicArticles_topic$key
  >(
    graphql`
      fragment TopicArticles_topic on Topic
      @refetchable(queryName: "TopicArticlesPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 12 }, cursor: { type: "String" }) {
        articles(first: $count, after: $cursor) @connection(key: "TopicArticles_articles") {
          edges {
            node {
              ...ArticleCardList_articles
            }
          }
        }
      }
    `,
    topic,
  );
  return (
    <ArticleCardList
      articles={data.articles.edges.map((edge) => edge.node)}
      pagination={{ hasNext, isLoadingNext, loadNext: () => loadNext(ARTICLE_PAGE_SIZE) }}
      emptyText={t('topic.empty')}
    />
  );
}
