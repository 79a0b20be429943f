import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import type { SearchPageQuery } from '@generated/SearchPageQuery.graphql';
import type { SearchResults_query$key } from '@generated/SearchResults_query.graphql';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { SEARCH_PAGE_SIZE } from './searchQuery';
import { SearchResult } from './SearchResult';

export const searchPageQuery = graphql`
  query SearchPageQuery($query: String!) {
    ...AppLayout_query
    ...SearchResults_query @arguments(query: $query)
  }
`;

export function SearchResults({ queryRef, query }: { queryRef: PreloadedQuery<SearchPageQuery>; query: string }) {
  const data = usePreloadedQuery<SearchPageQuery>(searchPageQuery, queryRef);
  return <SearchResultList query={data} text={query} />;
}

function SearchResultList({ query, text }: { query: SearchResults_query$key; text: string }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(
    graphql`
      fragment SearchResults_query on Query
      @refetchable(queryName: "SearchResultsPaginationQuery")
      @argumentDefinitions(query: { type: "String!" }, count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
        search(query: $query, first: $count, after: $cursor) @connection(key: "SearchResults_search", filters: ["query"]) {
          totalCount
          edges {
            snippet {
              text
              highlighted
            }
            node {
              id
              ...SearchResult_article
            }
          }
        }
      }
    `,
    query,
  );
  const { totalCount, edges } = data.search;
  return (
    <section aria-label="Search results">
      <p className="search-page__count" role="status">
        {totalCount === 0 ? `Nothing matches “${text}”.` : `${totalCount} ${totalCount === 1 ? 'result' : 'results'} for “${text}”`}
      </p>
      <ol className="search-page__results">
        {edges.map((edge) => (
          <li key={edge.node.id}>
            <SearchResult article={edge.node} snippet={edge.snippet} />
          </li>
        ))}
      </ol>
      {hasNext && <LoadMoreButton isLoading={isLoadingNext} onClick={() => loadNext(SEARCH_PAGE_SIZE)} label="More results" />}
    </section>
  );
}
