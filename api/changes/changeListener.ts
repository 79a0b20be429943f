import type { Database } from '../db/database';
import { HIDDEN_IMAGES_KEY, imageFileKey } from '../caches/keptImageOriginals';
import type { ContentSource, ScheduledPublication, SourceKind } from '../sources/contentSource';
import { SOURCE_KINDS } from '../../settings/sourceSettings';
import { inLocaleKey, isCacheKey, SEARCH_KEY, slugKey } from '../caches/cacheKeys';
import { recordPublishedSlugs } from '../sources/slugHistory';
import type { CdnPurger } from './cdnPurge';
import { resolveChange, type ResolvedChange } from './changeKeys';
import {
  announceContentChange,
  announcedAtOf,
  CONTENT_CHANGES_CHANNEL,
  contentChangeOf,
  type ContentChange,
} from './contentChange';
import { CHANGE_LOG_PAGE, changesAfter, markResolved, resolvedUpTo } from './changeLog';
import { listenInProcess, readMessage, sendMessage } from './notifications';
import { listenerName, NotificationConnection } from './notificationConnection';
import type { ReaderCaches } from '../caches/readerCaches';
import type { SearchFreshness } from './searchFreshness';
import {
  changeEvents,
  changePropagation,
  type PropagationStage,
  watchChangeListener,
} from '../observability/metrics';
import { ScheduleWatch } from './schedule';

/** The channel the purging process sends each change's resolved keys on: every process drops them. */
export const CACHE_KEYS_CHANNEL = 'folio_cache_keys';
/** The channel each process says it dropped a change's keys on: the CDN is purged once all have. */
export const CACHE_DROPPED_CHANNEL = 'folio_cache_dropped';

/**
 * The longest the CDN purge waits for every process to say it dropped the
 * keys. Purged sooner, a CDN could refetch the page from a process that has
 * not dropped it yet, and keep the old answer for its s-maxage.
 */
const DROPPED_WAIT_MS = 500;

/**
 * When the source could not be read to resolve a change (a CMS down or
 * limiting just then), what Folio knew is dropped at once and the change is
 * resolved again after each of these waits until the source answers: what
 * the record touches now (a new slug, a new topic) is dropped then. Past the
 * last, answers still expire within their lifetimes.
 */
export const UNREAD_CHANGE_RETRIES_MS: readonly number[] = [1_000, 5_000, 15_000, 30_000, 60_000];

/** A resolved change as it travels: named, so each process can say it dropped it. */
/** `announcedAt`: when the change was announced, for the propagation metric. */
type KeysMessage = ResolvedChange & { id?: string; announcedAt?: number };

export interface ChangeLogger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface ChangeListenerOptions {
  /** The server's database (its pool): rows of long messages, the record index, announcements. */
  db: Database;
  /** The PostgreSQL server to LISTEN on, with a connection of this process's own; without it (PGlite), changes are delivered in this process. */
  databaseUrl?: string | undefined;
  source: ContentSource;
  caches: ReaderCaches;
  /** Purges the CDN (`FOLIO_CDN_PURGE_URL`), when one is configured. */
  purger?: CdnPurger | null;
  logger: ChangeLogger;
  /** A fixed reconnection back-off of the notification connection (tests); by default it depends on the failure (notificationConnection.ts). */
  reconnectMs?: { first: number; longest: number };
  /** How often the connection is checked (and a process that does not purge asks to): default 2 s. */
  heartbeatMs?: number;
  /** A CMS source's search index, read again for the articles a change names (api/changes/searchFreshness.ts). */
  search?: SearchFreshness;
  /** Told after this process dropped a change's keys (tests and the bench wait on it). */
  onDropped?: (resolved: ResolvedChange) => void;
}

/**
 * One change event reaches every cache (issue 21, docs/publishing.md#change-events-and-freshness).
 *
 * Every Folio process LISTENs on a PostgreSQL connection of its own (not
 * from the pool) for two channels. On `folio_content_changes` arrive the
 * changes as announced (api/changes/contentChange.ts). One process per
 * database and source — the one holding `purgerLock` on its notification
 * connection — resolves each change into cache keys (changeKeys.ts), sends
 * them on `folio_cache_keys`, purges them at the CDN once every listening
 * process has said on `folio_cache_dropped` that it dropped them (so the CDN
 * cannot refetch an old page from a process that has not), and has a CMS
 * source's search index read again (searchFreshness.ts); if it dies or loses its connection, the lock goes
 * with the connection and another process takes it within a heartbeat.
 * Every process (the purger too) drops the keys that arrive on
 * `folio_cache_keys` from all its caches, and reads the schedule again.
 *
 * When the notification connection drops, the process reconnects with a
 * growing back-off; meanwhile its caches still expire as always (60 s), and
 * on reconnecting it drops everything it kept, since changes may have been
 * missed. PGlite is one process: it is always the purger, and both channels
 * are delivered in process.
 */
export class ChangeListener {
  readonly schedule: ScheduleWatch;
  /** The LISTEN connection (PostgreSQL); null with PGlite, whose one process always purges. */
  private connection: NotificationConnection | null = null;
  private purgesInProcess = false;
  private closed = false;
  private resolving: Promise<void> = Promise.resolve();
  private stopInProcess: (() => void)[] = [];
  private readonly retries = new Set<NodeJS.Timeout>();
  /** Changes this process sent keys for and waits to hear dropped everywhere: how many processes said so, and how many must. */
  private readonly awaitingDrops = new Map<
    string,
    { dropped: number; expected: number; done: () => void }
  >();
  private sent = 0;
  /** The last logged change resolved (changeLog.ts), once this process purges; read again when it starts purging. */
  private cursor: string | null = null;
  /** Stops `folio_change_listener_up` reading this listener. */
  private unwatch: () => void = () => undefined;
  /** Changes resolved from the log that no notification had brought (counted for the log and the metrics). */
  missedResolved = 0;

  constructor(private readonly options: ChangeListenerOptions) {
    this.schedule = new ScheduleWatch({
      source: options.source,
      caches: options.caches,
      logger: options.logger,
      announces: () => this.purges,
      announce: (publication) => this.announceScheduled(publication),
    });
    // Search answers are dropped once the articles a change names are in the index.
    options.search?.onChangeRead(() =>
      this.sendKeys({ source: options.source.kind, keys: [SEARCH_KEY], files: [] }),
    );
  }

  /** Whether this process purges (holds the lock, or is PGlite's one process). */
  get purges(): boolean {
    return this.connection ? this.connection.leads : this.purgesInProcess;
  }

  /** Whether changes reach this process right now. */
  get listening(): boolean {
    return this.options.databaseUrl ? (this.connection?.connected ?? false) : !this.closed;
  }

  /** Reads the schedule and starts listening; a database that does not answer is retried in the background. */
  async start(): Promise<void> {
    this.unwatch = watchChangeListener(() => this.listening);
    await this.schedule.refresh();
    if (!this.options.databaseUrl) {
      this.purgesInProcess = true;
      this.stopInProcess = [
        listenInProcess(this.options.db, CONTENT_CHANGES_CHANNEL, (payload) =>
          this.onChange(payload),
        ),
        listenInProcess(
          this.options.db,
          CACHE_KEYS_CHANNEL,
          (payload) => void this.onKeys(payload),
        ),
      ];
      // Changes published while no server was running (`npm run content` writes the database itself then).
      this.beginResolving('no server was running');
      await this.resolving;
      return;
    }
    this.connection = new NotificationConnection({
      databaseUrl: this.options.databaseUrl,
      source: this.options.source.kind,
      channels: [CONTENT_CHANGES_CHANNEL, CACHE_KEYS_CHANNEL, CACHE_DROPPED_CHANNEL],
      logger: this.options.logger,
      reconnectMs: this.options.reconnectMs,
      heartbeatMs: this.options.heartbeatMs,
      onNotification: (channel, payload) => {
        if (channel === CONTENT_CHANGES_CHANNEL) this.onChange(payload);
        else if (channel === CACHE_KEYS_CHANNEL) void this.onKeys(payload);
        else if (channel === CACHE_DROPPED_CHANNEL) this.onDroppedElsewhere(payload);
      },
      // The process that purged before may have died with a publication due, or with changes
      // unresolved; this one may have missed notifications while its connection was down.
      onLeading: () => {
        void this.schedule.refresh();
        this.cursor = null;
        this.beginResolving('no process was resolving them');
      },
      onReconnected: () => {
        // Changes announced while the connection was down were not heard: nothing kept can be trusted.
        this.options.caches.dropAll();
        void this.schedule.refresh();
        this.options.logger.info(
          { source: this.options.source.kind },
          'content changes: listening again; dropped every kept answer (changes may have been missed)',
        );
      },
    });
    await this.connection.connect();
    // Leading from the start: what was published while no process resolved is resolved, and every document's slug read, before serving.
    await this.resolving;
  }

  /**
   * This process resolves from now on: the changes logged meanwhile first,
   * then where every published document is (api/sources/slugHistory.ts),
   * in the same queue as the changes, so a change resolved later always
   * writes its slugs after this read of them. A start waits for both, as
   * it waits for a CMS's search index (the embedded source's read is a few
   * statements; a CMS's, what its sitemap costs).
   */
  private beginResolving(why: string) {
    this.whenResolved(() => this.catchUp(why));
    this.whenResolved(() => this.readSlugs());
  }

  /** Every published document's slug; those left since the last read (renamed while no Folio listened) are dropped and purged. */
  private async readSlugs() {
    const { db, source, logger } = this.options;
    const started = Date.now();
    try {
      const left = await recordPublishedSlugs(db, source);
      const keys = left.flatMap(({ type, locale, slug }) => {
        const key = slugKey(type, slug);
        return key === null ? [] : [inLocaleKey(key, locale)];
      });
      if (keys.length > 0) await this.sendKeys({ source: source.kind, keys, files: [] });
      logger.info(
        { source: source.kind, moved: left.length, ms: Date.now() - started },
        `addresses: every published document's slug read (${left.length} moved since the last read)`,
      );
    } catch (error) {
      logger.warn(
        { source: source.kind, err: (error as Error).message },
        'addresses: could not read every published document; a document renamed while no Folio listened keeps its old address a 404 until it changes again',
      );
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unwatch();
    this.schedule.close();
    this.stopInProcess.forEach((stop) => stop());
    for (const retry of this.retries) clearTimeout(retry);
    this.retries.clear();
    // Changes still waiting to be heard dropped everywhere are settled now, and purge nothing.
    for (const awaiting of this.awaitingDrops.values()) awaiting.done();
    this.awaitingDrops.clear();
    this.purgesInProcess = false;
    await this.connection?.close();
    await this.resolving;
  }

  /** For the fault tests: the notification connection's backend pid. */
  get connectionPid(): number | null {
    return this.connection?.pid ?? null;
  }

  /** A change as announced: the purging process resolves it, one at a time, in the order they came. */
  private onChange(payload: string) {
    if (!this.purges) return;
    this.whenResolved(() => this.resolveAnnounced(payload));
  }

  /** Work on changes, one after the other; a failure is logged and the next goes on. */
  private whenResolved(work: () => Promise<void>) {
    this.resolving = this.resolving.then(() =>
      work().catch((error: unknown) =>
        this.options.logger.error(
          { err: (error as Error).message },
          'content changes: could not resolve a change into cache keys',
        ),
      ),
    );
  }

  private async resolveAnnounced(payload: string) {
    const message = await readMessage(this.options.db, payload);
    // Logged (changeLog.ts): the log is resolved in order, this change and any whose notification was missed.
    if (typeof (message as { logId?: unknown } | null)?.logId === 'string') return this.catchUp();
    // An announcer from before the change log (a rolling deploy): what the message says.
    await this.resolveMessage(message);
  }

  /**
   * Resolves every change of this source logged after the last one resolved
   * (the cursor, kept in the database so that whichever process purges next
   * goes on from it): a change announced while this process, or every
   * process, was not listening is dropped and purged all the same.
   */
  private async catchUp(why?: string) {
    const { db } = this.options;
    const source = this.options.source.kind;
    this.cursor ??= await resolvedUpTo(db, source);
    let resolved = 0;
    for (;;) {
      const page = await changesAfter(db, source, this.cursor);
      for (const { id, change } of page) {
        await this.resolveMessage(change);
        await markResolved(db, source, id);
        this.cursor = id;
        resolved += 1;
      }
      if (page.length < CHANGE_LOG_PAGE || this.closed) break;
    }
    if (why && resolved > 0) {
      this.missedResolved += resolved;
      this.options.logger.warn(
        { why, changes: resolved },
        `content changes: resolved ${resolved} change(s) announced while ${why}`,
      );
    }
  }

  private async resolveMessage(message: unknown) {
    const change = contentChangeOf(message);
    if (typeof change === 'string') {
      this.options.logger.warn(
        { reason: change },
        `content changes: ignored a message that is not a change (${change})`,
      );
      return;
    }
    if (change.source !== this.options.source.kind) return;
    changeEvents.labels(change.cause).inc();
    await this.resolveAndSend(change, 0, announcedAtOf(message));
    const articleIds = change.records
      .filter((record) => record.type === 'Article')
      .map((record) => record.id);
    this.options.search?.articlesChanged(articleIds);
  }

  /** Resolves a change and sends its keys; one the source could not be read for is resolved again a while later (UNREAD_CHANGE_RETRIES_MS). */
  private async resolveAndSend(
    change: ContentChange,
    attempt: number,
    announcedAt?: number,
  ): Promise<void> {
    const started = Date.now();
    const { resolved, unread } = await resolveChange(change, this.options.db, this.options.source);
    // A retry's drop is not the change's propagation: only the first resolution is timed.
    await this.sendKeys(resolved, attempt === 0 ? announcedAt : undefined);
    this.options.logger.info(
      {
        cause: change.cause,
        records: change.records.length,
        keys: resolved.keys.length,
        ms: Date.now() - started,
        attempt,
      },
      `content change (${change.cause}): ${change.records.length} records, ${resolved.keys.length} keys dropped${this.options.purger ? ' and purged' : ''}`,
    );
    if (!unread) return;
    const wait = UNREAD_CHANGE_RETRIES_MS[attempt];
    if (wait === undefined || this.closed) {
      this.options.logger.error(
        { cause: change.cause, records: change.records, attempts: attempt + 1 },
        'content change: the source could not be read to resolve it; what it touches now expires with its answers',
      );
      return;
    }
    this.options.logger.warn(
      { cause: change.cause, records: change.records, retryInMs: wait },
      `content change: the source could not be read, so what Folio knew of its records was dropped; resolving it again in ${wait} ms`,
    );
    const retry = setTimeout(() => {
      this.retries.delete(retry);
      // Only the purging process resolves; one that stopped being it leaves what the change touches now to expire with its answers.
      if (!this.purges || this.closed) return;
      this.resolving = this.resolving.then(() =>
        this.resolveAndSend(change, attempt + 1).catch((error: unknown) =>
          this.options.logger.error(
            { err: (error as Error).message },
            'content changes: could not resolve a change into cache keys',
          ),
        ),
      );
    }, wait);
    retry.unref();
    this.retries.add(retry);
  }

  /**
   * Sends a change's keys to every process, and purges them at the CDN once
   * every process listening has said it dropped them (or DROPPED_WAIT_MS has
   * passed): the CDN's next fetch then finds no process still keeping the old
   * answer. Not waited on: the next change is resolved meanwhile.
   */
  private async sendKeys(resolved: ResolvedChange, announcedAt?: number): Promise<void> {
    const purger = this.options.purger;
    const timed = announcedAt === undefined ? {} : { announcedAt };
    // The CDN stage: from the announcement to the purge of every key acknowledged.
    const acknowledged =
      announcedAt === undefined ? undefined : () => observePropagation('cdn', announcedAt);
    if (!purger || !this.options.databaseUrl) {
      await sendMessage(this.options.db, CACHE_KEYS_CHANNEL, { ...resolved, ...timed });
      purger?.purge(resolved.keys, acknowledged);
      return;
    }
    this.sent += 1;
    const id = `${process.pid}.${this.sent}`;
    const { rows } = await this.options.db.query<{ listeners: number }>(
      'SELECT count(*)::int AS listeners FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
      [listenerName(this.options.source.kind)],
    );
    const everywhere = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, DROPPED_WAIT_MS);
      timer.unref();
      this.awaitingDrops.set(id, {
        dropped: 0,
        expected: rows[0]?.listeners ?? 1,
        done: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
    await sendMessage(this.options.db, CACHE_KEYS_CHANNEL, {
      ...resolved,
      ...timed,
      id,
    } satisfies KeysMessage);
    void everywhere.then(() => {
      this.awaitingDrops.delete(id);
      // Closed meanwhile: the purger is closed too.
      if (!this.closed) purger.purge(resolved.keys, acknowledged);
    });
  }

  /** Another process (or this one) dropped the keys of a change this process sent. */
  private onDroppedElsewhere(id: string) {
    const awaiting = this.awaitingDrops.get(id);
    if (!awaiting) return;
    awaiting.dropped += 1;
    if (awaiting.dropped >= awaiting.expected) awaiting.done();
  }

  /** Keys to drop, from the purging process: every process (this one too) drops them. */
  private async onKeys(payload: string) {
    let resolved: KeysMessage | null;
    try {
      resolved = resolvedChangeOf(await readMessage(this.options.db, payload));
    } catch (error) {
      this.options.logger.warn(
        { err: (error as Error).message },
        'content changes: could not read the keys of a change',
      );
      return;
    }
    if (resolved === null) {
      this.options.logger.warn({}, 'content changes: ignored keys that are not a resolved change');
      return;
    }
    if (resolved.source !== this.options.source.kind) return;
    // Nothing new is kept until the schedule is read again: the change may have scheduled something sooner.
    const settle = this.options.caches.unsettleSchedule();
    this.options.caches.drop([
      ...resolved.keys,
      ...resolved.files.map(imageFileKey),
      HIDDEN_IMAGES_KEY,
    ]);
    if (resolved.announcedAt !== undefined) observePropagation('caches', resolved.announcedAt);
    // Said on the notification connection: the purging process purges the CDN once every process has.
    if (resolved.id !== undefined) this.connection?.notify(CACHE_DROPPED_CHANNEL, resolved.id);
    this.options.onDropped?.(resolved);
    await this.schedule.refresh().finally(settle);
  }

  private announceScheduled(publication: ScheduledPublication): Promise<void> {
    return announceContentChange(this.options.db, {
      source: this.options.source.kind,
      cause: 'schedule',
      records: publication.articleIds.map((id) => ({ type: 'Article', id })),
      listsChanged: true,
    });
  }
}

/** `folio_change_propagation_seconds` for one stage of a change announced at `announcedAt`. */
function observePropagation(stage: PropagationStage, announcedAt: number) {
  // Clocks of two machines may disagree a little: never a negative time.
  changePropagation.labels(stage).observe(Math.max(0, Date.now() - announcedAt) / 1000);
}

function resolvedChangeOf(value: unknown): KeysMessage | null {
  const { source, keys, files, id } = (value ?? {}) as Record<string, unknown>;
  const announcedAt = announcedAtOf(value);
  if (!SOURCE_KINDS.includes(source as SourceKind) || !Array.isArray(keys) || !Array.isArray(files))
    return null;
  return {
    source: source as SourceKind,
    keys: keys.filter((key): key is string => typeof key === 'string' && isCacheKey(key)),
    files: files.filter((file): file is string => typeof file === 'string'),
    ...(typeof id === 'string' ? { id } : {}),
    ...(announcedAt === undefined ? {} : { announcedAt }),
  };
}
