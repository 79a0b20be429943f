import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { databaseAddress, databaseProblem, dataFolderProblem } from '../../../api/db/startChecks';
import { describeOnPostgres } from '../../support/describeOnPostgres';

const ROOT = path.resolve(__dirname, '../../..');

describe('the data folder, checked before the start', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'folio-start-checks-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes a missing folder (and its parents), private, and leaves no probe behind', () => {
    const data = path.join(dir, 'a', 'b', 'data');
    expect(dataFolderProblem(data, true)).toBeNull();
    expect(statSync(data).mode & 0o777).toBe(0o700);
    expect(dataFolderProblem(data, true)).toBeNull();
    expect(() => statSync(path.join(data, '.folio-write-probe'))).toThrow();
  });

  it('names a folder that cannot be made, written or is a file, in one line', () => {
    // Node's recursive mkdir loops for ever on /proc/x; the check makes one level at a time.
    expect(dataFolderProblem('/proc/x', true)).toBe(
      "FOLIO_DATA_DIR (/proc/x) cannot be made: ENOENT: no such file or directory, mkdir '/proc/x'; give the server a folder it can write (in the image: a volume at /data).",
    );
    expect(dataFolderProblem('/proc', false)).toMatch(
      /^The data folder \/proc \(FOLIO_DATA_DIR\) cannot be written: ENOENT: .*; give the server a folder it can write/,
    );
    const file = path.join(dir, 'a-file');
    writeFileSync(file, '');
    expect(dataFolderProblem(file, true)).toBe(
      `FOLIO_DATA_DIR (${file}) is not a folder; give the server a folder it can write (in the image: a volume at /data).`,
    );
    expect(dataFolderProblem('memory://', true)).toBeNull();
  });
});

describe('the database, checked before the start', () => {
  it('names the address, never the password', () => {
    expect(databaseAddress('postgres://folio:s3cret@db.example:6543/folio')).toBe(
      'db.example:6543/folio',
    );
    expect(databaseAddress('postgres://folio:s3cret@db.example/folio')).toBe(
      'db.example:5432/folio',
    );
    expect(databaseAddress('not a url')).toBe('the server it names');
  });

  it('a server that cannot be reached is one line with what the driver said', async () => {
    expect(await databaseProblem('postgres://folio:s3cret@127.0.0.1:1/folio', 2_000)).toBe(
      'DATABASE_URL: PostgreSQL at 127.0.0.1:1/folio cannot be reached: connect ECONNREFUSED 127.0.0.1:1.',
    );
  });
});

describeOnPostgres('the database check against PostgreSQL', (serverUrl) => {
  it('passes a server that answers, and names what a server refuses with its SQLSTATE', async () => {
    expect(await databaseProblem(serverUrl, 5_000)).toBeNull();
    const missing = new URL(serverUrl);
    missing.pathname = '/folio_no_such_database';
    expect(await databaseProblem(missing.toString(), 5_000)).toBe(
      `DATABASE_URL: PostgreSQL at ${missing.hostname}:${missing.port}/folio_no_such_database refused: database "folio_no_such_database" does not exist (3D000).`,
    );
    // The check's connection is closed: nothing named folio is left connected by it.
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    const { rows } = await admin.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'folio' AND datname = 'folio_no_such_database'",
    );
    await admin.end();
    expect(Number(rows[0]!.n)).toBe(0);
  });
});

describe('npm start with bad input stops at once: one line, exit 1, no worker started', () => {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) =>
        !key.startsWith('FOLIO_') &&
        !key.startsWith('DATABASE_URL') &&
        key !== 'WEB_CONCURRENCY' &&
        key !== 'NODE_ENV',
    ),
  );
  it.each([
    [
      'a data folder that cannot be made',
      { FOLIO_DATA_DIR: '/proc/x' },
      "folio: FOLIO_DATA_DIR (/proc/x) cannot be made: ENOENT: no such file or directory, mkdir '/proc/x'; give the server a folder it can write (in the image: a volume at /data).",
    ],
    [
      'a database that cannot be reached, before two workers',
      { DATABASE_URL: 'postgres://folio:s3cret@127.0.0.1:1/folio', WEB_CONCURRENCY: '2' },
      'folio: DATABASE_URL: PostgreSQL at 127.0.0.1:1/folio cannot be reached: connect ECONNREFUSED 127.0.0.1:1.',
    ],
    [
      'a secret file that is missing',
      { DATABASE_URL_FILE: '/run/secrets/folio-no-such-file', WEB_CONCURRENCY: '2' },
      'folio: DATABASE_URL_FILE names /run/secrets/folio-no-such-file, which cannot be read (ENOENT: no such file or directory).',
    ],
  ])('%s', (_, variables, line) => {
    const started = Date.now();
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      cwd: ROOT,
      env: { ...inherited, NODE_ENV: 'production', PORT: '0', ...variables },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect({ status: run.status, stderr: run.stderr.trim(), stdout: run.stdout }).toEqual({
      status: 1,
      stderr: line,
      stdout: '',
    });
    expect(run.stderr).not.toMatch(/s3cret/);
    console.log(`${line.slice(0, 40)}…: exited after ${Date.now() - started} ms`);
  });
});
