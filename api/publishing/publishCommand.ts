import { existsSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { openDatabase, type Database } from '../db/database';
import { readStorageSettings } from '../../settings/storageSettings';
import { readServerSettings } from '../../settings/serverSettings';
import { readOperationsSettings } from '../../settings/operationsSettings';
import { CONTENT_DIR } from '../../settings/contentDir';
import { ContentRejected, formatProblem, sortProblems, type ContentProblem } from './problems';
import type { PublishResult } from './publishContent';
import { CONTENT_PUBLISH_PATH, readPublisherAddress } from './publisherAddress';
import { describeChecked, describePublish } from './publishSummary';
import type { AssetFile } from '../model/contentFiles';
import { previewLinkKey } from '../previewLinks';

/**
 * `npm run content`: publishes content/ (api/publishing/publishContent.ts).
 *   npm run content              publish
 *   npm run content -- --check   check the folder only (no database): its problems, or that it is ready
 *   npm run content -- --preview content/articles/x.md
 *                                publish, then print a signed link that opens that draft (article or
 *                                page) on the running server for ten minutes (api/publishing/draftPreview.ts)
 *
 * Where it publishes, the server's own settings decide:
 * - DATABASE_URL: into that PostgreSQL, directly (every server on it hears of
 *   the change through the database);
 * - otherwise PGlite in FOLIO_DATA_DIR (default .data/), which only one
 *   process may open: when a Folio server holds it, the server publishes
 *   (the command asks it, api/publishing/serverPublishing.ts); when none
 *   does, the command opens it itself. A folder held by a process that did
 *   not say where it is is never opened: the command stops and says why.
 *
 * Problems are printed one per line as `content/file.md:line: what`, and
 * the command exits 1 with nothing published.
 */
/**
 * PGlite is PostgreSQL compiled to WebAssembly. A long-lived server gains
 * from V8 optimising it (TurboFan); a command that lives two seconds loses:
 * optimising PGlite takes more CPU than the publish (measured: a one-file
 * publish of 1,000 articles takes half the CPU time with the baseline
 * compiler alone, and a whole-folder publish no longer). Set before PGlite
 * is loaded; a V8 without the flag says so on stderr and goes on.
 */
setFlagsFromString('--liftoff-only');

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

async function main(argv: readonly string[]): Promise<number> {
  const folder = path.relative(process.cwd(), CONTENT_DIR) || '.';
  const printProblems = (problems: readonly ContentProblem[]) => {
    for (const problem of sortProblems(problems)) console.error(formatProblem(problem, folder));
    console.error(`nothing was published: ${count(problems.length, 'problem')} in ${folder}/`);
    return 1;
  };
  if (argv.includes('--check')) return checkOnly(folder);
  const previewAt = argv.indexOf('--preview');
  const unknown = argv.filter((arg, n) => n !== previewAt && n !== previewAt + 1);
  if (previewAt === -1 ? argv.length > 0 : unknown.length > 0) {
    console.error(
      `npm run content: unknown option ${(previewAt === -1 ? argv : unknown).join(' ')} (the options are --check, and --preview <file>)`,
    );
    return 1;
  }
  const { draftToPreview, draftPreviewLink } = await import('./draftPreview');
  const draft = previewAt === -1 ? null : draftToPreview(argv[previewAt + 1], CONTENT_DIR);
  if (typeof draft === 'string') {
    console.error(`npm run content: ${draft}`);
    return 1;
  }

  const { databaseUrl, dataDir } = readStorageSettings();
  const publisher = databaseUrl ? null : readPublisherAddress(dataDir);
  // A server over a CMS names itself too, but publishes nothing from content/.
  const server = publisher?.publishes === false ? null : publisher;
  let outcome: Published | { problems: ContentProblem[] };
  if (databaseUrl) {
    outcome = await publishWith(openDatabase({ databaseUrl }));
  } else {
    const pgliteDir = path.join(dataDir, 'pglite');
    if (server) {
      outcome = await publishThrough(server.url, server.token);
    } else if (existsSync(path.join(pgliteDir, 'postmaster.pid'))) {
      // PGlite leaves this file while a process has the folder open (and after one that crashed).
      console.error(
        `npm run content: the database in ${path.relative(process.cwd(), pgliteDir)} is open in another process, which did not say where it serves, so it is not opened twice.\n` +
          `Stop that process (a Folio server started before this version, a test) and run npm run content again; or set DATABASE_URL to publish into PostgreSQL.\n` +
          `If no process has it open, the last one stopped without closing it: start and stop a server once (npm start, then Ctrl-C), or delete ${path.relative(process.cwd(), path.join(pgliteDir, 'postmaster.pid'))}.`,
      );
      return 1;
    } else {
      outcome = await publishWith(openDatabase({ dataDir: pgliteDir }));
    }
  }
  if ('problems' in outcome) return printProblems(outcome.problems);
  console.log(`${folder}/ ${describePublish(outcome.result)}`);
  if (draft) {
    const key = server
      ? server.previewLinkKey && Buffer.from(server.previewLinkKey, 'base64url')
      : outcome.previewLinkKey;
    if (!key) {
      console.error(
        'npm run content: the running server is older than this command and signs no preview links: restart it, then run the command again',
      );
      return 1;
    }
    const siteUrl =
      server?.siteUrl ??
      readOperationsSettings().publicUrl ??
      `http://127.0.0.1:${readServerSettings().port}`;
    console.log(`preview ${draft.file} (the link works for 10 minutes, in any browser):`);
    console.log(draftPreviewLink(draft, key, siteUrl));
  }
  return 0;
}

/**
 * `--check`: the folder read and checked as a publish would (every image
 * opened), nothing written, no database; what it checked, by kind, then its
 * problems or that it is ready.
 */
async function checkOnly(folder: string): Promise<number> {
  const { readContentFolder } = await import('./contentFolder');
  const { records, problems } = readContentFolder(CONTENT_DIR);
  const { isProblem, measureImage } = await import('./measureImage');
  for (const record of records)
    if (record.kind === 'asset') {
      const measured = await measureImage(record.value as AssetFile, CONTENT_DIR);
      if (isProblem(measured)) problems.push(measured);
    }
  const checked = describeChecked(
    records,
    problems.map((problem) => problem.file),
  );
  if (problems.length === 0) {
    console.log(`${folder}/ is ready to publish: ${checked}; no problems`);
    return 0;
  }
  for (const problem of sortProblems(problems)) console.error(formatProblem(problem, folder));
  console.error(
    `${folder}/ is not ready to publish: ${count(problems.length, 'problem')} (${checked}); --check publishes nothing`,
  );
  return 1;
}

/**
 * Publishes with a database of this process's own (PostgreSQL, or PGlite that
 * no server holds). The parser and the publisher load while the database
 * opens (PGlite compiles its WebAssembly off the main thread meanwhile).
 */
async function publishWith(
  opening: Promise<Database>,
): Promise<Published | { problems: ContentProblem[] }> {
  const [{ prepareDatabase }, { isSeeded }, { publishContent }] = await Promise.all([
    import('./prepareDatabase'),
    import('./seedContent'),
    import('./publishContent'),
  ]);
  const db = await opening;
  try {
    // Migrations (and, for an empty database, its first seed: this folder) under the servers' own lock.
    const empty = !(await isSeeded(db).catch(() => false));
    await prepareDatabase(db, { log: (message) => console.log(message) });
    if (empty) console.log('the database was empty: it now holds the whole folder');
    const result = await publishContent(db);
    return {
      result,
      previewLinkKey: await previewLinkKey(db, readServerSettings().previewLinkKey),
    };
  } catch (error) {
    if (error instanceof ContentRejected) return { problems: error.problems };
    throw error;
  } finally {
    await db.close();
  }
}

/** What a publish did; with the database at hand, the key its servers sign preview links with. */
interface Published {
  result: PublishResult;
  previewLinkKey?: Buffer;
}

/** Asks the server that holds PGlite to publish. */
async function publishThrough(
  url: string,
  token: string,
): Promise<Published | { problems: ContentProblem[] }> {
  console.log(`a Folio server (${url}) holds the database: it publishes`);
  const response = await fetch(new URL(CONTENT_PUBLISH_PATH, url), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  }).catch((error: unknown) => {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(
      `the Folio server at ${url} did not answer (${cause?.code ?? cause?.message ?? (error as Error).message}): it may have stopped. A publish it did not finish changed nothing; start it again (npm start) and publish once more.`,
    );
  });
  const body = (await response.json().catch(() => ({}))) as {
    result?: PublishResult;
    problems?: ContentProblem[];
    error?: string;
  };
  if (body.problems) return { problems: body.problems };
  if (!response.ok || !body.result)
    throw new Error(body.error ?? `the server answered ${response.status}`);
  return { result: body.result };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A message, never a stack: what failed and, from the database, why.
    console.error(`npm run content: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
