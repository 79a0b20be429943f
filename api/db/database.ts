import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** What the API needs of a PostgreSQL connection: the same SQL on PGlite and on a server. */
export interface Database {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs several statements (migrations); no parameters. */
  exec(sql: string): Promise<void>;
  /** Statements run so far (tests count them to prove batching). */
  readonly statementCount: number;
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; without it, PGlite in `dataDir`. */
  databaseUrl?: string | undefined;
  /** PGlite's folder, or `memory://` for a throwaway database. */
  dataDir?: string | undefined;
}

export const DEFAULT_DATA_DIR = path.resolve(__dirname, '../../.data');

function counted(kind: Database['kind'], run: Database['query'], exec: Database['exec'], close: () => Promise<void>): Database {
  let statements = 0;
  return {
    kind,
    get statementCount() {
      return statements;
    },
    query(sql, params) {
      statements += 1;
      return run(sql, params);
    },
    exec(sql) {
      statements += 1;
      return exec(sql);
    },
    close,
  };
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) {
    const { Pool, types } = await import('pg');
    // count(*) and bigint columns as numbers: Folio's counts are far below 2^53.
    types.setTypeParser(20, (value: string) => Number(value));
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    return counted(
      'postgres',
      async (sql, params) => {
        const result = await pool.query(sql, params as unknown[]);
        return { rows: result.rows };
      },
      async (sql) => {
        await pool.query(sql);
      },
      () => pool.end(),
    );
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const dataDir = options.dataDir ?? path.join(DEFAULT_DATA_DIR, 'pglite');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  return counted(
    'pglite',
    async (sql, params) => {
      const result = await db.query(sql, params as unknown[]);
      return { rows: result.rows as never[] };
    },
    async (sql) => {
      await db.exec(sql);
    },
    () => db.close(),
  );
}
