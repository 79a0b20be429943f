import { MAX_FIRST } from '../../shared/limits';
import type { ListPage } from '../sources/contentSource';
import { apiError } from './errors';

export { MAX_FIRST };

export function checkFirst(first: number | null | undefined, fallback: number): number {
  const value = first ?? fallback;
  if (!Number.isInteger(value) || value < 0 || value > MAX_FIRST) {
    throw apiError('BAD_USER_INPUT', `\`first\` must be between 0 and ${MAX_FIRST}; got ${value}.`);
  }
  return value;
}

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
  /** Resolved only when asked for (graphql-js calls function-valued fields). */
  totalCount: () => Promise<number>;
}

/** A source's list page as a Relay connection; `edgeOf` adds what an edge carries besides its node (a search snippet). */
export function connection<T, N = T>(
  page: ListPage<T>,
  edgeOf: (item: T) => { node: N } & Record<string, unknown> = (item) => ({
    node: item as unknown as N,
  }),
): Connection<N> {
  const edges = page.nodes.map((item, index) => ({
    cursor: page.cursors[index]!,
    ...edgeOf(item),
  }));
  return {
    edges,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount: page.totalCount,
  };
}
