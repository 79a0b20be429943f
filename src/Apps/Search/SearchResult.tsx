import { useLocale, useLocalePath } from '../../site/useLocale';
import { graphql, useFragment } from 'react-relay/hooks';
import type { SearchResult_edge$key } from '@generated/SearchResult_edge.graphql';
import { formatDate } from '../../components/formatDate';
import { Link } from '../../routing/Link';
import { articlePath } from '../../../shared/sitePaths';

/** One search hit: title, where it is from, and the passage that matched. */
export function SearchResult({ edge }: { edge: SearchResult_edge$key }) {
  const localize = useLocalePath();
  const locale = useLocale();
  const {
    snippet,
    node: { slug, title, publishedAt, topics },
  } = useFragment(
    graphql`
      fragment SearchResult_edge on SearchResultEdge {
        snippet {
          text
          highlighted
        }
        node {
          slug
          title
          publishedAt
          topics {
            name
          }
        }
      }
    `,
    edge,
  );
  return (
    <article className="search-result">
      <h2 className="search-result__title">
        <Link to={localize(articlePath(slug))}>{title}</Link>
      </h2>
      <p className="search-result__snippet">
        {snippet.map((span, index) =>
          span.highlighted ? (
            <mark key={index}>{span.text}</mark>
          ) : (
            <span key={index}>{span.text}</span>
          ),
        )}
      </p>
      <p className="search-result__meta">
        {[topics[0]?.name, publishedAt ? formatDate(publishedAt, 'medium', locale) : null]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </article>
  );
}
