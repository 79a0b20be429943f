import { graphql, useFragment } from 'react-relay/hooks';
import type { SearchResult_article$key } from '@generated/SearchResult_article.graphql';
import { formatDate } from '../../components/formatDate';
import { Link } from '../../routing/Link';

interface SearchResultProps {
  article: SearchResult_article$key;
  snippet: readonly { readonly text: string; readonly highlighted: boolean }[];
}

/** One search hit: title, where it is from, and the passage that matched. */
export function SearchResult({ article, snippet }: SearchResultProps) {
  const { slug, title, publishedAt, topics } = useFragment(
    graphql`
      fragment SearchResult_article on Article {
        slug
        title
        publishedAt
        topics {
          name
        }
      }
    `,
    article,
  );
  return (
    <article className="search-result">
      <h2 className="search-result__title">
        <Link to={`/articles/${slug}`}>{title}</Link>
      </h2>
      <p className="search-result__snippet">
        {snippet.map((span, index) => (span.highlighted ? <mark key={index}>{span.text}</mark> : <span key={index}>{span.text}</span>))}
      </p>
      <p className="search-result__meta">
        {[topics[0]?.name, publishedAt ? formatDate(publishedAt, 'medium') : null].filter(Boolean).join(' · ')}
      </p>
    </article>
  );
}
