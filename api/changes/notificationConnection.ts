import { Client } from 'pg';
import { isDatabaseUnreachable } from '../db/database';
import { purgerLock } from '../db/locks';
import type { SourceKind } from '../sources/contentSource';

/** The notification connection's name in pg_stat_activity: how the purging process counts who must drop a change. */
export const listenerName = (source: SourceKind) => `folio-changes-${source}`;

export interface ConnectionLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  debug(fields: object, message: string): void;
}

export interface NotificationConnectionOptions {
  /** The PostgreSQL server to LISTEN on, with a connection of this process's own (not from the pool). */
  databaseUrl: string;
  source: SourceKind;
  /** The channels to LISTEN on. */
  channels: readonly string[];
  logger: ConnectionLogger;
  /** A notification on one of the channels. */
  onNotification(channel: string, payload: string): void;
  /** This process took the purger's lock: it resolves changes and purges from now on. */
  onLeading(): void;
  /** Listening again after the connection was down: changes may have been missed meanwhile. */
  onReconnected(): void;
  /** A fixed reconnection back-off (tests); default RECONNECT_WHILE_DOWN_MS or RECONNECT_OTHERWISE_MS by the failure. */
  reconnectMs?: { first: number; longest: number } | undefined;
  /** How often the connection is checked (and a process that does not purge asks to): default 2 s. */
  heartbeatMs?: number | undefined;
}

/**
 * This process's LISTEN connection to PostgreSQL, kept up: it reconnects
 * with a growing back-off when lost, checks itself every heartbeat, and holds
 * the purger's advisory lock (`purgerLock`) when no other process does; the
 * lock goes with the connection, so another process takes it within a
 * heartbeat when this one dies or loses its connection.
 */
/**
 * The reconnection back-off while PostgreSQL is not there or not yet back
 * (refused, shut down, starting up, a connection cut: api/db/database.ts's
 * isDatabaseUnreachable, but not "too many connections"): 50 ms doubling to
 * 200 ms. A database back from an outage is heard within a fifth of a
 * second, and the changes published meanwhile are resolved and purged then
 * (api/changes/changeLog.ts): a publish made the moment it is back is fresh
 * at the CDN within 1 s of it (__tests__/server/databaseOutage.test.ts).
 * An attempt on a port nobody listens on is a refused TCP connection, which
 * costs a database that is down nothing; one that answers "starting up"
 * does so for a few seconds at most.
 */
export const RECONNECT_WHILE_DOWN_MS = { first: 50, longest: 200 } as const;
/**
 * Any other failure (credentials refused, no such database, out of
 * connections, a LISTEN that does not answer): 250 ms doubling to 1 s, each
 * attempt a connection the database must refuse.
 */
export const RECONNECT_OTHERWISE_MS = { first: 250, longest: 1_000 } as const;
/** An outage is logged at its first failure, then once this often while it lasts: an outage of minutes is a few lines. */
export const RECONNECT_LOG_EVERY_MS = 10_000;

/** How long to wait before connecting again after `attempts` failures, the last of them `error`. */
export function reconnectDelay(
  error: Error | null,
  attempts: number,
  fixed?: { first: number; longest: number },
): number {
  const backOff =
    fixed ??
    (isDatabaseUnreachable(error) && (error as { code?: unknown }).code !== TOO_MANY_CONNECTIONS
      ? RECONNECT_WHILE_DOWN_MS
      : RECONNECT_OTHERWISE_MS);
  return Math.min(backOff.longest, backOff.first * 2 ** attempts);
}

/** SQLSTATE too_many_connections: the database is there, and a quick retry only adds to its load. */
const TOO_MANY_CONNECTIONS = '53300';

export class NotificationConnection {
  private client: Client | null = null;
  private leading = false;
  private closed = false;
  private everConnected = false;
  private attempts = 0;
  /** When the current outage was last logged (0: not yet). */
  private loggedAt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly lostClients = new WeakSet<Client>();

  constructor(private readonly options: NotificationConnectionOptions) {}

  /** Whether this process holds the purger's lock. */
  get leads(): boolean {
    return this.leading;
  }

  /** Whether the connection is up. */
  get connected(): boolean {
    return this.client !== null;
  }

  /** For the fault tests: the connection's backend pid. */
  get pid(): number | null {
    return (this.client as unknown as { processID?: number } | null)?.processID ?? null;
  }

  /** Says something on the connection (a NOTIFY), if it is up; a failure is let go. */
  notify(channel: string, payload: string): void {
    this.client?.query('SELECT pg_notify($1, $2)', [channel, payload]).catch(() => undefined);
  }

  async connect(): Promise<void> {
    if (this.closed) return;
    const client = new Client({
      connectionString: this.options.databaseUrl,
      application_name: listenerName(this.options.source),
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      query_timeout: 5_000,
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    client.on('notification', (message) =>
      this.options.onNotification(message.channel, message.payload ?? ''),
    );
    try {
      await client.connect();
      for (const channel of this.options.channels) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      // Lost for this reason first: ending the client says 'end', which would be lost for none.
      this.lost(client, error as Error);
      await client.end().catch(() => undefined);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.attempts = 0;
    this.loggedAt = 0;
    if (this.everConnected) this.options.onReconnected();
    this.everConnected = true;
    await this.tryToLead(client);
    this.heartbeat = setInterval(() => void this.beat(client), this.options.heartbeatMs ?? 2_000);
    this.heartbeat.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    const client = this.client;
    this.client = null;
    this.leading = false;
    await client?.end().catch(() => undefined);
  }

  private async beat(client: Client) {
    if (this.client !== client) return;
    try {
      if (this.leading) await client.query('SELECT 1');
      else await this.tryToLead(client);
    } catch (error) {
      // A connection that no longer answers: start over on a new one.
      this.options.logger.warn(
        { err: (error as Error).message },
        'content changes: the notification connection does not answer; reconnecting',
      );
      this.lost(client, error as Error);
      await client.end().catch(() => undefined);
    }
  }

  private async tryToLead(client: Client) {
    const [key1, key2] = purgerLock(this.options.source);
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1::int, $2::int) AS locked',
      [key1, key2],
    );
    if (rows[0]?.locked && this.client === client && !this.leading) {
      this.leading = true;
      this.options.logger.info(
        { source: this.options.source },
        'content changes: this process resolves changes and purges the CDN',
      );
      this.options.onLeading();
    }
  }

  private lost(client: Client, error: Error | null) {
    // Each connection is lost once ('error', then 'end', or a failed heartbeat), and only the current one counts.
    if (this.lostClients.has(client)) return;
    this.lostClients.add(client);
    if (this.client !== null && this.client !== client) return;
    this.client = null;
    this.leading = false;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    if (this.closed) return;
    const delay = reconnectDelay(error, this.attempts, this.options.reconnectMs);
    this.attempts += 1;
    // The first failure of an outage, and one every RECONNECT_LOG_EVERY_MS after it.
    const now = Date.now();
    const log = now - this.loggedAt >= RECONNECT_LOG_EVERY_MS ? 'warn' : 'debug';
    if (log === 'warn') this.loggedAt = now;
    this.options.logger[log](
      { err: error?.message, attempt: this.attempts, retryInMs: delay },
      `content changes: the notification connection is down (${error?.message ?? 'closed'}); reconnecting in ${delay} ms (kept answers still expire within their 60 s meanwhile)`,
    );
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }
}
