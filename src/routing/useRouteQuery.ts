import type { ComponentType } from 'react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import { useLoaderData } from 'react-router';
import type { GraphQLTaggedNode, OperationType } from 'relay-runtime';

export interface RouteLoaderData<Q extends OperationType = OperationType> {
  /** Null when the route's `prepare` said there is nothing to ask yet. */
  queryRef: PreloadedQuery<Q> | null;
  /** The page's component, from its own chunk. */
  Page: ComponentType;
  /** The chunks of the page's parts its content needs, loaded with it (FolioRoute.partChunks). */
  partChunks?: readonly string[];
}

/** The query the router started for this page, if it started one. */
export function useRouteQueryRef<Q extends OperationType>(): PreloadedQuery<Q> | null {
  return (useLoaderData() as RouteLoaderData<Q>).queryRef;
}

/** The data of the query the router started for this page. */
export function useRouteQuery<Q extends OperationType>(query: GraphQLTaggedNode): Q['response'] {
  const queryRef = useRouteQueryRef<Q>();
  if (!queryRef) throw new Error('This route started no query; use useRouteQueryRef.');
  return usePreloadedQuery<Q>(query, queryRef);
}
