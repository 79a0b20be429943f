import { graphql } from 'react-relay/hooks';
import type { TopicIndexPageQuery } from '@generated/TopicIndexPageQuery.graphql';
import { DocumentHead } from '../../components/DocumentHead';
import { Link } from '../../routing/Link';
import { useRouteQuery } from '../../routing/useRouteQuery';
import { topicPath } from '../../../shared/sitePaths';

const topicIndexPageQuery = graphql`
  query TopicIndexPageQuery @preloadable {
    # The frame (AppLayout) reads this: every route's query brings it with the page.
    # eslint-disable-next-line relay/must-colocate-fragment-spreads
    ...AppLayout_query
    topics(first: 50) {
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

/** `/topics`: every topic with its article count. */
export default function TopicIndexPage() {
  const { topics } = useRouteQuery<TopicIndexPageQuery>(topicIndexPageQuery);
  return (
    <div className="listing-page">
      <DocumentHead title="Topics" description="Browse Folio by topic." path="/topics" />
      <header className="listing-page__header">
        <h1 className="listing-page__title">Topics</h1>
      </header>
      <ul className="topic-grid">
        {topics.edges.map(({ node: topic }) => (
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
    </div>
  );
}
