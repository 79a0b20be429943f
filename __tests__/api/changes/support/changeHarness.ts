import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ResolvedChange } from '../../../../api/changes/changeKeys';
import { announceContentChange, type ContentChange } from '../../../../api/changes/contentChange';
import { inTransaction, type Database } from '../../../../api/db/database';
import { sourceRenderer } from '../../../support/sourceRenderer';
import { startTestServer, type TestServer } from '../../../support/testServer';

/** Resolved changes as a process drops them, to wait on. */
export class DropLog {
  readonly seen: ResolvedChange[] = [];
  private waiting: {
    test: (change: ResolvedChange) => boolean;
    resolve: (change: ResolvedChange) => void;
  }[] = [];

  /** Pass as `changes.onDropped`. */
  readonly onDropped = (change: ResolvedChange) => {
    this.seen.push(change);
    this.waiting = this.waiting.filter((waiter) => {
      if (!waiter.test(change)) return true;
      waiter.resolve(change);
      return false;
    });
  };

  /** The next drop (after this call) that includes `key`, or any next drop. */
  next(key?: string, timeoutMs = 10_000): Promise<ResolvedChange> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no drop${key ? ` of ${key}` : ''} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiting.push({
        test: (change) => key === undefined || change.keys.includes(key),
        resolve: (change) => {
          clearTimeout(timer);
          resolve(change);
        },
      });
    });
  }
}

/** What `write` changes, announced as it says, in one transaction on `db` (as `npm run content` does). */
export async function publish(
  db: Database,
  write: (tx: Database) => Promise<Omit<ContentChange, 'cause'>>,
  cause: ContentChange['cause'] = 'publish',
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const change = await write(tx);
    await announceContentChange(tx, { cause, ...change });
  });
}

/**
 * Gives the English "Reading the tides" a new title and announces it, as a
 * publish does: the change most freshness tests make.
 */
export function retitleTheTides(db: Database, title: string): Promise<void> {
  return publish(db, async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      "UPDATE articles SET title = $1, updated_at = now() WHERE slug = 'reading-the-tides' AND locale = 'en' RETURNING id",
      [title],
    );
    return {
      source: 'embedded',
      records: [{ type: 'Article', id: String(rows[0]!.id) }],
      listsChanged: false,
    };
  });
}

export interface ReaderAnswer {
  status: number;
  text: string;
  /** Set when the answer came from a cache (Folio's in-process one, or Varnish's). */
  age: string | null;
  headers: Headers;
}

export async function read(
  url: string,
  headers: Record<string, string> = {},
): Promise<ReaderAnswer> {
  const response = await fetch(url, { headers, redirect: 'manual' });
  return {
    status: response.status,
    text: await response.text(),
    age: response.headers.get('age'),
    headers: response.headers,
  };
}

/** A stand-in CDN purge address: records every PURGE, and can be made to fail. */
export interface PurgeRecorder {
  url: string;
  purges: { keys: string[]; at: number }[];
  /** While true, every purge gets a 503. */
  failing: boolean;
  /** How long each answer waits (a CDN answering slowly); the purge is recorded as it comes. */
  answerAfterMs: number;
  close(): Promise<void>;
}

export async function recordPurges(): Promise<PurgeRecorder> {
  const recorder: PurgeRecorder = {
    url: '',
    purges: [],
    failing: false,
    answerAfterMs: 0,
    close: async () => undefined,
  };
  const server: Server = createServer((request: IncomingMessage, response) => {
    if (request.method !== 'PURGE') return void response.writeHead(405).end();
    if (recorder.failing) return void response.writeHead(503).end('down');
    recorder.purges.push({
      keys: String(request.headers['surrogate-key'] ?? '')
        .split(' ')
        .filter(Boolean),
      at: Date.now(),
    });
    if (recorder.answerAfterMs > 0)
      setTimeout(() => response.writeHead(200).end('purged'), recorder.answerAfterMs);
    else response.writeHead(200).end('purged');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  recorder.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  recorder.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return recorder;
}

/** A production site serving readers, with what its changes drop and the CDN purges it sends recorded. */
export interface WatchedSite {
  site: TestServer;
  db: Database;
  purges: PurgeRecorder;
  drops: DropLog;
  /** `path` on the site. */
  url(path: string): string;
}

/** A WatchedSite for a test file: started before its tests, closed after them (its fields are set once `beforeAll` has run). */
export function watchSite(): WatchedSite {
  const watched = {
    drops: new DropLog(),
    url: (path: string) => `${watched.site.url}${path}`,
  } as WatchedSite;
  beforeAll(async () => {
    watched.purges = await recordPurges();
    watched.site = await startTestServer({
      mode: 'production',
      serveClient: true,
      renderer: sourceRenderer(),
      cdnPurgeUrl: watched.purges.url,
      changes: { onDropped: watched.drops.onDropped },
    });
    watched.db = watched.site.db;
  });
  afterAll(async () => {
    await watched.site?.close();
    await watched.purges?.close();
  });
  return watched;
}
