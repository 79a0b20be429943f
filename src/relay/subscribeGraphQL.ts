import { Observable, type GraphQLResponse, type SubscribeFunction } from 'relay-runtime';
import { GRAPHQL_PATH, GRAPHQL_STREAM_PATH } from '../../shared/sitePaths';

/** The stream endpoint beside a GraphQL endpoint (`…/graphql` → `…/graphql/stream`), wherever that is. */
export function streamEndpointOf(endpoint: string): string {
  return `${endpoint.replace(/\/$/, '')}${GRAPHQL_STREAM_PATH.slice(GRAPHQL_PATH.length)}`;
}

/**
 * Relay's subscribe function (docs/http-and-cache.md#live-updates), beside
 * `createFetchGraphQL` in the network layer: a persisted subscription is
 * followed as server-sent events from the stream endpoint, and every update
 * goes into the store like a query's answer. What follows a stream (and
 * reconnects it) loads only when a page first subscribes, so pages that never
 * do carry none of it. Its chunk, `live`, is the one the article page's
 * subscription comes in (src/Apps/Article/ArticlePage.tsx), so an article
 * loads both at once.
 */
export function createSubscribeGraphQL(endpoint: string): SubscribeFunction {
  const streams = streamEndpointOf(endpoint);
  return (params, variables) =>
    Observable.create<GraphQLResponse>((sink) => {
      let stop: (() => void) | null = null;
      let ended = false;
      import(/* webpackChunkName: "live" */ './liveStream').then(
        ({ followStream }) => {
          if (!ended) stop = followStream(streams, params, variables, sink);
        },
        // The chunk did not arrive (offline): the page stays as it is.
        () => sink.complete(),
      );
      return () => {
        ended = true;
        stop?.();
      };
    });
}
