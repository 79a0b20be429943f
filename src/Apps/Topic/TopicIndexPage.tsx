import { everyVersion, LanguageVersions } from '../../components/LanguageVersions';
import { useLocalePath } from '../../site/useLocale';
import { TOPIC_INDEX_PAGE_SIZE } from '../../../shared/limits';
import { graphql } from 'react-relay/hooks';
import { usePaginationFragment } from '../../relay/usePaginationFragment';
import type { TopicIndex_query$key } from '@generated/TopicIndex_query.graphql';
import type { TopicIndexPaginationQuery } from '@generated/TopicIndexPaginationQuery.graphql';
import type { TopicIndexPageQuery } from '@generated/TopicIndexPageQuery.graphql';
import { DocumentHead } from '../../components/DocumentHead';
import { LoadMoreButton } from '../../components/LoadMoreButton';
// The "Load more" button's look (.load-more, .button--secondary) lives with the article cards'.
import '../../components/ArticleCard.css';
import { Link } from '../../routing/Link';
import { useRouteQuery } from '../../routing/useRouteQuery';
import { topicPath, TOPICS_PATH } from '../../../shared/sitePaths';
import { SITE_TITLE_WITHOUT_RECORD } from '../../../shared/siteTitle';
import { useMessages } from '../../i18n/useMessages';

const topicIndexPageQuery = graphql`
  query TopicIndexPageQuery($locale: String) @preloadable {
    # The frame (AppLayout) reads this: every route's query brings it with the page.
    # eslint-disable-next-line relay/must-colocate-fragment-spreads
    ...AppLayout_query
    ...TopicIndex_query
  }
`;

const topicIndex = graphql`
  fragment TopicIndex_query on Query
  # count's default is TOPIC_INDEX_PAGE_SIZE (shared/limits.ts): a test holds them together.
  @refetchable(queryName: "TopicIndexPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
    topics(first: $count, after: $cursor, locale: $locale) @connection(key: "TopicIndex_topics") {
      edges {
        node {
          id
          slug
          name
          description
          articleCount
        }
      }
    }
  }
`;

/** `/topics`: every topic with its article count, TOPIC_INDEX_PAGE_SIZE at a time. */
export default function TopicIndexPage() {
  const localize = useLocalePath();
  const t = useMessages();
  const query = useRouteQuery<TopicIndexPageQuery>(topicIndexPageQuery);
  return (
    <div className="listing-page">
      <DocumentHead
        title={t('topicIndex.title')}
        description={t('topicIndex.description', { site: SITE_TITLE_WITHOUT_RECORD })}
        path={localize(TOPICS_PATH)}
      />
      <LanguageVersions versions={everyVersion(TOPICS_PATH)} />
      <header className="listing-page__header">
        <h1 className="listing-page__title">{t('topicIndex.title')}</h1>
      </header>
      <TopicIndex query={query} />
    </div>
  );
}

function TopicIndex({ query }: { query: TopicIndex_query$key }) {
  const localize = useLocalePath();
  const t = useMessages();
  const list = usePaginationFragment<TopicIndexPaginationQuery, typeof query>(topicIndex, query);
  const loadMore = () => list.loadNext(TOPIC_INDEX_PAGE_SIZE);
  return (
    <>
      <ul className="topic-grid">
        {list.data.topics.edges.map(({ node: topic }) => (
          <li key={topic.id} className="topic-grid__item">
            <h2 className="topic-grid__name">
              <Link to={localize(topicPath(topic.slug))}>{topic.name}</Link>
            </h2>
            <p className="topic-grid__description">{topic.description}</p>
            <p className="topic-grid__count">
              {t('articles.count', { count: topic.articleCount })}
            </p>
          </li>
        ))}
      </ul>
      {list.hasNext && <LoadMoreButton isLoading={list.isLoadingNext} onClick={loadMore} />}
    </>
  );
}
