import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_PUBLISHED_EVENT, CONTENT_REJECTED_EVENT } from '../../shared/contentEvents';
import type { Database } from '../db/database';
import { bearerToken, isSecret } from '../previewCredential';
import { CONTENT_DIR } from '../../settings/contentDir';
import type { SourceKind } from '../sources/contentSource';
import { formatProblem, ContentRejected } from './problems';
import { publishContent, type PublishResult } from './publishContent';
import { PUBLISHER_FILE, readPublisherAddress, type PublisherAddress } from './publisherAddress';
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

/** What a publish asked of the server came to: the result, or the problems that refused it. */
export type PublishOutcome = { result: PublishResult } | { problems: ContentRejected['problems'] };

export interface ContentPublishing {
  /** Whether `npm run content` publishes through this server (the embedded source over PGlite in a data folder). */
  readonly takesPublishRequests: boolean;
  /** Whether saves of content/ are published and told to browsers (`npm run dev`). */
  readonly tellsBrowsers: boolean;
  /** Whether an `Authorization` header carries the token this server wrote to PUBLISHER_FILE. */
  authorizes(authorization: string | undefined): boolean;
  /** Publishes content/ now (closing waits for it). */
  publish(why: string): Promise<PublishOutcome>;
  /** Each publish's event (CONTENT_PUBLISHED_EVENT, CONTENT_REJECTED_EVENT) as it happens; the returned function stops it. */
  onEvent(listener: (event: string, data: unknown) => void): () => void;
  /** Settles once content/ is watched (at once when it is not to be). */
  watching: Promise<void>;
  /** Once the server listens: its address goes where `npm run content` looks. */
  listening(url: string): void;
  close(): Promise<void>;
}

/** How long saves are gathered before a publish: an editor's save is often several writes. */
const SAVE_SETTLE_MS = 80;

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
 *
 * The HTTP side of both (the route, the event stream) is the web server's:
 * server/hooks/publishRoute.ts.
 */
export function createContentPublishing(options: ContentPublishingOptions): ContentPublishing {
  const contentDir = options.contentDir ?? CONTENT_DIR;
  const embedded = options.source === 'embedded';
  const development = options.mode === 'development';
  const token = randomBytes(24).toString('base64url');
  const publisherFile = options.dataDir ? path.join(options.dataDir, PUBLISHER_FILE) : null;
  const listeners = new Set<(event: string, data: unknown) => void>();
  let stopWatching: (() => Promise<void>) | null = null;

  const send = (event: string, data: unknown) => {
    for (const listener of listeners) listener(event, data);
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

  const publishOnce = async (why: string): Promise<PublishOutcome> => {
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
    takesPublishRequests: embedded && publisherFile !== null,
    tellsBrowsers: embedded && development,
    authorizes: (authorization) => sameToken(authorization, token),
    publish,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listening(url) {
      // Over a CMS too: where it serves and its link key (the Contentful preview URLs' command reads them).
      if (!publisherFile) return;
      const linkKey = options.preview?.linkKey;
      const address: PublisherAddress = {
        pid: process.pid,
        url,
        token,
        publishes: embedded,
        siteUrl: options.preview?.siteUrl ?? url,
        ...(linkKey ? { previewLinkKey: linkKey.toString('base64url') } : {}),
      };
      writeFileSync(publisherFile, `${JSON.stringify(address)}\n`, { mode: 0o600 });
    },
    async close() {
      listeners.clear();
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
