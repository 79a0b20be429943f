import { usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import { useLoaderData } from 'react-router';
import type { GraphQLTaggedNode, OperationType } from 'relay-runtime';

export interface RouteLoaderData<Q extends OperationType = OperationType> {
  queryRef: PreloadedQuery<Q>;
}

/** The data of the query the router started for this page. */
export function useRouteQuery<Q extends OperationType>(query: GraphQLTaggedNode): Q['response'] {
  const { queryRef } = useLoaderData() as RouteLoaderData<Q>;
  return usePreloadedQuery<Q>(query, queryRef);
}
