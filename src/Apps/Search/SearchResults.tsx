import { graphql } from 'react-relay/hooks';
import { usePaginationFragment } from '../../relay/usePaginationFragment';
import type { SearchResults_query$key } from '@generated/SearchResults_query.graphql';
import type { SearchResultsPaginationQuery } from '@generated/SearchResultsPaginationQuery.graphql';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { SEARCH_PAGE_SIZE } from './searchQuery';
import { SearchResult } from './SearchResult';
import { useMessages } from '../../i18n/useMessages';

/** The results of a search for `text`, with "more results" while there are more. */
export function SearchResults({ query, text }: { query: SearchResults_query$key; text: string }) {
  const t = useMessages();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    SearchResultsPaginationQuery,
    SearchResults_query$key
  >(
    graphql`
      fragment SearchResults_query on Query
      @refetchable(queryName: "SearchResultsPaginationQuery")
      @argumentDefinitions(
        query: { type: "String!" }
        count: { type: "Int", defaultValue: 10 }
        cursor: { type: "String" }
      ) {
        search(query: $query, first: $count, after: $cursor, locale: $locale)
          @connection(key: "SearchResults_search", filters: ["query"]) {
          totalCount
          edges {
            node {
              id
            }
            ...SearchResult_edge
          }
        }
      }
    `,
    query,
  );
  const { totalCount, edges } = data.search;
  return (
    <section aria-label={t('search.results')}>
      <p className="search-page__count" role="status">
        {totalCount === 0
          ? t('search.nothing', { text })
          : t('search.count', { count: totalCount, text })}
      </p>
      <ol className="search-page__results">
        {edges.map((edge) => (
          <li key={edge.node.id}>
            <SearchResult edge={edge} />
          </li>
        ))}
      </ol>
      {hasNext && (
        <LoadMoreButton
          isLoading={isLoadingNext}
          onClick={() => loadNext(SEARCH_PAGE_SIZE)}
          label={t('search.more')}
        />
      )}
    </section>
  );
}
