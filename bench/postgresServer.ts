import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { progress } from './log';

const ROOT = path.resolve(__dirname, '..');

export interface PostgresServer {
  url: string;
  stop(): void;
}

/**
 * TEST_DATABASE_URL's server, or Debian's PostgreSQL 15 started here on the
 * benchmark's own port and folder as scripts/ci-postgres.sh starts it (fsync
 * on, as deployed); `stop` stops only a server started here.
 */
export function postgresServer(
  benchmark: string,
  where: { port: number; dir: string },
): PostgresServer {
  if (process.env.TEST_DATABASE_URL)
    return { url: process.env.TEST_DATABASE_URL, stop: () => undefined };
  progress(
    benchmark,
    `starting Debian's PostgreSQL 15 on 127.0.0.1:${where.port} (scripts/ci-postgres.sh, fsync on)`,
  );
  const started = spawnSync('bash', [path.join(ROOT, 'scripts/ci-postgres.sh')], {
    env: {
      ...process.env,
      FOLIO_PG_PORT: String(where.port),
      FOLIO_PG_DIR: where.dir,
      FOLIO_PG_FSYNC: 'on',
    },
    encoding: 'utf8',
  });
  const url = /TEST_DATABASE_URL=(\S+)/.exec(started.stdout)?.[1];
  if (started.status !== 0 || !url)
    throw new Error(`scripts/ci-postgres.sh failed:\n${started.stderr}${started.stdout}`);
  return {
    url,
    stop: () =>
      void spawnSync(
        'runuser',
        [
          '-u',
          'postgres',
          '--',
          '/usr/lib/postgresql/15/bin/pg_ctl',
          '-D',
          where.dir,
          'stop',
          '-m',
          'fast',
        ],
        { stdio: 'ignore' },
      ),
  };
}
