import type { GraphQLResponse, RequestParameters, Variables } from 'relay-runtime';
import type { Sink } from 'relay-runtime/lib/network/RelayObservable';
import { LIVE_REOPEN_DELAYS_MS } from './retryPolicy';

/**
 * Follows one persisted subscription as server-sent events
 * (docs/http-and-cache.md#live-updates) and hands each update to Relay.
 * `EventSource` reconnects by itself after a dropped connection or a server's
 * drain (its `retry:` hint), sending `Last-Event-ID`: the server then sends
 * the current update only if it is not the one this page has. A refused
 * stream (429, 503, a 404: nothing to follow) is closed by the browser; it is
 * opened again a few times, further apart, and then left: the page stays as
 * it is, as it would without live updates. Returns what ends it.
 */
export function followStream(
  endpoint: string,
  params: RequestParameters,
  variables: Variables,
  sink: Sink<GraphQLResponse>,
): () => void {
  if (params.id == null || typeof EventSource === 'undefined') {
    sink.complete();
    return () => undefined;
  }
  const url = `${endpoint}?${new URLSearchParams({
    doc_id: params.id,
    operationName: params.name,
    variables: JSON.stringify(variables),
  })}`;
  let source: EventSource | null = null;
  let refusals = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    source = new EventSource(url);
    source.addEventListener('next', (event) => {
      refusals = 0;
      try {
        sink.next(JSON.parse((event as MessageEvent<string>).data) as GraphQLResponse);
      } catch {
        // Not JSON: skipped; the next update is whole again.
      }
    });
    source.addEventListener('error', () => {
      if (source?.readyState !== EventSource.CLOSED) return;
      const wait = LIVE_REOPEN_DELAYS_MS[refusals];
      refusals += 1;
      if (wait === undefined) return sink.complete();
      timer = setTimeout(open, wait);
    });
  };
  open();
  return () => {
    clearTimeout(timer);
    (source as EventSource | null)?.close();
  };
}
