import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import {
  CONTENT_EVENTS_PATH,
  CONTENT_PUBLISHED_EVENT,
  CONTENT_REJECTED_EVENT,
} from '../../shared/contentEvents';
import type { Database } from '../db/database';
import { bearerToken, isSecret } from '../previewCredential';
import { CONTENT_DIR } from '../../settings/contentDir';
import type { SourceKind } from '../sources/contentSource';
import { formatProblem, ContentRejected } from './problems';
import { publishContent, type PublishResult } from './publishContent';
import {
  CONTENT_PUBLISH_PATH,
  PUBLISHER_FILE,
  readPublisherAddress,
  type PublisherAddress,
} from './publisherAddress';
import { describePublish } from './publishSummary';

export {
  CONTENT_PUBLISH_PATH,
  PUBLISHER_FILE,
  readPublisherAddress,
  type PublisherAddress,
} from './publisherAddress';

/** Fields first, then the message (pino's order). */
type Log = (fields: Record<string, unknown>, message: string) => void;

export interface ContentPublishingOptions {
  db: Database;
  /** Only the embedded source is published from content/. */
  source: SourceKind;
  mode: 'production' | 'development';
  /**
   * The data folder, when the database is PGlite in it: `npm run content`
   * finds this server there. Absent over PostgreSQL (the command writes to
   * it directly) and for a database in memory.
   */
  dataDir?: string | undefined;
  /** Default content/. */
  contentDir?: string;
  /** What `npm run content -- --preview` signs its link with and where it points (api/publishing/draftPreview.ts). */
  preview?: { linkKey: Buffer | undefined; siteUrl: string | undefined };
  /** Publish each save of content/ and tell browsers (`npm run dev`; only in development). */
  watch?: boolean;
  logger: { info: Log; warn: Log; error: Log };
}

export interface ContentPublishing {
  /** Express middleware: the publish route and (in development) the event stream; anything else goes on. */
  handle(request: IncomingMessage, response: ServerResponse, next: () => void): void;
  /** Settles once content/ is watched (at once when it is not to be). */
  watching: Promise<void>;
  /** Once the server listens: its address goes where `npm run content` looks. */
  listening(url: string): void;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** How long saves are gathered before a publish: an editor's save is often several writes. */
const SAVE_SETTLE_MS = 80;
/** A comment line now and then keeps proxies from closing an idle event stream. */
const EVENT_STREAM_HEARTBEAT_MS = 15_000;

/**
 * Publishing content/ from inside the server (docs/publishing.md#change-events-and-freshness, issue 21):
 *
 * - over PGlite, `npm run content` cannot open the database while the server
 *   holds it, so it asks the server: POST CONTENT_PUBLISH_PATH from this
 *   machine with the token of the PUBLISHER_FILE the server wrote (a request
 *   from a proxy on the same machine has no token);
 * - in development (`npm run dev`), the server watches content/ itself,
 *   publishes each save, and tells the browser on CONTENT_EVENTS_PATH, so the
 *   page on screen shows the change without a reload.
 */
export function createContentPublishing(options: ContentPublishingOptions): ContentPublishing {
  const contentDir = options.contentDir ?? CONTENT_DIR;
  const embedded = options.source === 'embedded';
  const development = options.mode === 'development';
  const token = randomBytes(24).toString('base64url');
  const publisherFile = options.dataDir ? path.join(options.dataDir, PUBLISHER_FILE) : null;
  const streams = new Set<ServerResponse>();
  let stopWatching: (() => Promise<void>) | null = null;

  const send = (event: string, data: unknown) => {
    const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const stream of streams) {
      stream.write(text);
      // Through the compression middleware an event is only sent when flushed.
      (stream as ServerResponse & { flush?: () => void }).flush?.();
    }
  };

  /** Publishes running now: closing waits for them (the database must outlive them). */
  const running = new Set<Promise<unknown>>();
  const publish = (why: string) => {
    const publishing = publishOnce(why);
    running.add(publishing);
    void publishing.then(
      () => running.delete(publishing),
      () => running.delete(publishing),
    );
    return publishing;
  };

  const publishOnce = async (
    why: string,
  ): Promise<{ result: PublishResult } | { problems: ContentRejected['problems'] }> => {
    try {
      // Parsing a large change takes seconds: off the thread that serves readers.
      const result = await publishContent(options.db, { dir: contentDir, offThread: true });
      options.logger.info(
        { why, records: result.change?.records.length ?? 0, ms: result.ms },
        `content/ ${describePublish(result)}`,
      );
      if (result.change) send(CONTENT_PUBLISHED_EVENT, result.change);
      return { result };
    } catch (error) {
      if (!(error instanceof ContentRejected)) throw error;
      const lines = error.problems.map((problem) =>
        formatProblem(problem, path.basename(contentDir)),
      );
      options.logger.warn(
        { why, problems: error.problems.length },
        `content/ was not published (nothing changed):\n${lines.join('\n')}`,
      );
      send(CONTENT_REJECTED_EVENT, lines.join('\n'));
      return { problems: error.problems };
    }
  };

  const watching =
    embedded && development && options.watch
      ? watch(contentDir, () => {
          publish('saved').catch((error: unknown) =>
            options.logger.error({ err: error }, 'content/ could not be published'),
          );
        }).then(
          (stop) => {
            stopWatching = stop;
          },
          (error: unknown) =>
            options.logger.warn({ err: error }, 'content/ is not watched: saves are not published'),
        )
      : Promise.resolve();

  return {
    watching,
    handle(request, response, next) {
      const pathname = (request.url ?? '').split('?')[0];
      if (embedded && publisherFile && pathname === CONTENT_PUBLISH_PATH) {
        if (request.method !== 'POST')
          return void answer(response, 405, { error: 'POST to publish.' });
        if (
          !LOOPBACK.has(request.socket.remoteAddress ?? '') ||
          !sameToken(request.headers.authorization, token)
        ) {
          return void answer(response, 403, {
            error: 'Publishing is for npm run content on this machine.',
          });
        }
        publish('npm run content').then(
          (outcome) => answer(response, 'problems' in outcome ? 422 : 200, outcome),
          (error: unknown) => {
            options.logger.error({ err: error }, 'content/ could not be published');
            answer(response, 500, { error: 'The server could not publish content/: see its log.' });
          },
        );
        return;
      }
      if (embedded && development && pathname === CONTENT_EVENTS_PATH && request.method === 'GET') {
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
        return;
      }
      next();
    },
    listening(url) {
      if (!embedded || !publisherFile) return;
      const linkKey = options.preview?.linkKey;
      const address: PublisherAddress = {
        pid: process.pid,
        url,
        token,
        siteUrl: options.preview?.siteUrl ?? url,
        ...(linkKey ? { previewLinkKey: linkKey.toString('base64url') } : {}),
      };
      writeFileSync(publisherFile, `${JSON.stringify(address)}\n`, { mode: 0o600 });
    },
    async close() {
      for (const stream of streams) stream.end();
      streams.clear();
      await watching;
      await stopWatching?.();
      await Promise.allSettled([...running]);
      if (publisherFile && readPublisherAddress(path.dirname(publisherFile))?.pid === process.pid)
        rmSync(publisherFile, { force: true });
    },
  };
}

function sameToken(header: string | undefined, token: string): boolean {
  const given = bearerToken(header);
  return given !== null && isSecret(given, token);
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response
    .writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    })
    .end(JSON.stringify(body));
}

/** Calls `onSave` (once per burst of saves) when anything in `dir` changes. chokidar is a development dependency: loaded only here. */
async function watch(dir: string, onSave: () => void): Promise<() => Promise<void>> {
  const { watch: watchFolder } = await import('chokidar');
  let timer: NodeJS.Timeout | null = null;
  const watcher = watchFolder(dir, {
    ignoreInitial: true,
    // Editors' swap and backup files are not content.
    ignored: (file) => /(^|[/\\])\.|~$|\.swp$/.test(path.relative(dir, file)),
  });
  watcher.on('all', () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(onSave, SAVE_SETTLE_MS);
  });
  // Saves made before the first scan is over would go unseen.
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return async () => {
    if (timer) clearTimeout(timer);
    await watcher.close();
  };
}
