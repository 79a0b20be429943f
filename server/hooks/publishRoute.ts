import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONTENT_EVENTS_PATH } from '../../shared/contentEvents';
import { CONTENT_PUBLISH_PATH, type ContentPublishing } from '../../api/contentService';
import type { Logger } from '../ops/logger';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** A comment line now and then keeps proxies from closing an idle event stream. */
const EVENT_STREAM_HEARTBEAT_MS = 15_000;

/** Why a publish failed, in one line: the error's message and code, never its stack. */
function reasonOf(error: unknown): string {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  const text = typeof message === 'string' && message !== '' ? message : String(error);
  const line = text.split('\n')[0]!;
  return typeof code === 'string' && !line.includes(code) ? `${line} (${code})` : line;
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response
    .writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    })
    .end(JSON.stringify(body));
}

/**
 * The HTTP side of publishing content/ from inside the server
 * (api/publishing/serverPublishing.ts, docs/publishing.md#change-events-and-freshness):
 * `npm run content`'s POST CONTENT_PUBLISH_PATH, from this machine with the
 * publisher's token, and in development the event stream on
 * CONTENT_EVENTS_PATH that tells the browser of each publish. Anything else
 * goes on.
 */
export function createPublishRoute(publishing: ContentPublishing, logger: Pick<Logger, 'error'>) {
  const streams = new Set<ServerResponse>();
  const stopEvents = publishing.onEvent((event, data) => {
    const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const stream of streams) {
      stream.write(text);
      // Through the compression middleware an event is only sent when flushed.
      (stream as ServerResponse & { flush?: () => void }).flush?.();
    }
  });

  const publish = (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST') return answer(response, 405, { error: 'POST to publish.' });
    if (
      !LOOPBACK.has(request.socket.remoteAddress ?? '') ||
      !publishing.authorizes(request.headers.authorization)
    ) {
      return answer(response, 403, { error: 'Publishing is for npm run content on this machine.' });
    }
    publishing.publish('npm run content').then(
      (outcome) => answer(response, 'problems' in outcome ? 422 : 200, outcome),
      (error: unknown) => {
        logger.error({ err: error }, 'content/ could not be published');
        // The one asking is `npm run content` on this machine: it is told why (a full disk, the database gone).
        answer(response, 500, {
          error: `The server could not publish content/: ${reasonOf(error)}`,
        });
      },
    );
  };

  const streamEvents = (request: IncomingMessage, response: ServerResponse) => {
    // no-transform: compression (the server's, the dev server's proxy's) would hold events back until a buffer fills.
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
    });
    // Reconnect soon after the API restarts (tsx watch).
    response.write('retry: 1000\n\n');
    streams.add(response);
    const heartbeat = setInterval(
      () => response.write(': still here\n\n'),
      EVENT_STREAM_HEARTBEAT_MS,
    );
    heartbeat.unref();
    request.on('close', () => {
      clearInterval(heartbeat);
      streams.delete(response);
    });
  };

  return {
    /** Express middleware: the publish route and (in development) the event stream. */
    handle(request: IncomingMessage, response: ServerResponse, next: () => void): void {
      const pathname = (request.url ?? '').split('?')[0];
      if (publishing.takesPublishRequests && pathname === CONTENT_PUBLISH_PATH)
        return publish(request, response);
      if (publishing.tellsBrowsers && pathname === CONTENT_EVENTS_PATH && request.method === 'GET')
        return streamEvents(request, response);
      next();
    },
    /** Ends the event streams (they never end by themselves, and a draining server waits for them). */
    close(): void {
      stopEvents();
      for (const stream of streams) stream.end();
      streams.clear();
    },
  };
}
