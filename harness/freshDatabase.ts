import type { Client } from 'pg';
import { withPostgresClient } from './postgresClient';

export interface FreshDatabase {
  /** A connection string to the new, empty database. */
  url: string;
  name: string;
  /** Drops it (ending any connection still open to it). */
  drop(): Promise<void>;
}

/**
 * A new, empty database on the server of `serverUrl` (TEST_DATABASE_URL),
 * made with CREATE DATABASE, so that a test starts from nothing and never
 * meets another test file's tables.
 */
export async function createFreshDatabase(
  serverUrl: string,
  label: string,
): Promise<FreshDatabase> {
  const name = `folio_${label}_${process.pid}_${Date.now().toString(36)}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_');
  const admin = <T>(fn: (client: Client) => Promise<T>) => withPostgresClient(serverUrl, fn);
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
