import { TOPIC_INDEX_PAGE_SIZE } from '../../../shared/limits';
import { graphql, usePaginationFragment } from 'react-relay/hooks';
import type { TopicIndex_query$key } from '@generated/TopicIndex_query.graphql';
import type { TopicIndexPaginationQuery } from '@generated/TopicIndexPaginationQuery.graphql';
import type { TopicIndexPageQuery } from '@generated/TopicIndexPageQuery.graphql';
import { DocumentHead } from '../../components/DocumentHead';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { Link } from '../../routing/Link';
import { useRouteQuery } from '../../routing/useRouteQuery';
import { topicPath } from '../../../shared/sitePaths';

const topicIndexPageQuery = graphql`
  query TopicIndexPageQuery @preloadable {
    # The frame (AppLayout) reads this: every route's query brings it with the page.
    # eslint-disable-next-line relay/must-colocate-fragment-spreads
    ...AppLayout_query
    ...TopicIndex_query
  }
`;

/** `/topics`: every topic with its article count, a page at a time (TOPIC_INDEX_PAGE_SIZE). */
export default function TopicIndexPage() {
  const query = useRouteQuery<TopicIndexPageQuery>(topicIndexPageQuery);
  return (
    <div className="listing-page">
      <DocumentHead title="Topics" description="Browse Folio by topic." path="/topics" />
      <header className="listing-page__header">
        <h1 className="listing-page__title">Topics</h1>
      </header>
      <TopicIndex query={query} />
    </div>
  );
}

function TopicIndex({ query }: { query: TopicIndex_query$key }) {
  // The literal 50 is TOPIC_INDEX_PAGE_SIZE (shared/limits.ts); a test holds them together.
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<TopicIndexPaginationQuery, TopicIndex_query$key>(
    graphql`
      fragment TopicIndex_query on Query @refetchable(queryName: "TopicIndexPaginationQuery") @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
        topics(first: $count, after: $cursor) @connection(key: "TopicIndex_topics") {
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
    `,
    query,
  );
  return (
    <>
      <ul className="topic-grid">
        {data.topics.edges.map(({ node: topic }) => (
          <li key={topic.id} className="topic-grid__item">
            <h2 className="topic-grid__name">
              <Link to={topicPath(topic.slug)}>{topic.name}</Link>
            </h2>
            <p className="topic-grid__description">{topic.description}</p>
            <p className="topic-grid__count">
              {topic.articleCount} {topic.articleCount === 1 ? 'article' : 'articles'}
            </p>
          </li>
        ))}
      </ul>
      {hasNext && <LoadMoreButton isLoading={isLoadingNext} onClick={() => loadNext(TOPIC_INDEX_PAGE_SIZE)} />}
    </>
  );
}
