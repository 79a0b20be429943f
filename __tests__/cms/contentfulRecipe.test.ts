import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../harness/siteProcess';
import { variablesOf } from '../../harness/contentSources';
import { CONTENT_DIR } from '../../settings/contentDir';
import { eventually } from '../support/eventually';

/**
 * Previewing from Contentful as the docs say it is set up, command by command
 * (docs/sources.md#over-contentful, cms/contentful/README.md#preview-from-contentful; issue 39):
 *
 *   FOLIO_CONTENTFUL_FIXTURE_PORT=… npm run --silent cms:contentful > .data/contentful.env   # terminal 1
 *   env $(cat .data/contentful.env) npm start                                               # terminal 2
 *   env $(cat .data/contentful.env) npm run cms:contentful-preview-urls                     # terminal 3
 *
 * each run as a shell runs it, from the repo's root. The patterns printed are
 * filled as Contentful fills them ({entry.sys.id}: the entry edited;
 * {locale}: the editor's, `en-US` or `de-DE`) and opened as an editor's
 * browser opens them. What differs from a writer's machine, and why: the
 * env file is in a folder of this test's, and Folio's data folder too
 * (FOLIO_DATA_DIR; the repo's .data is someone's), the ports are free ones
 * (the fixture's PORT, which its line carries, rather than 4000), and the
 * fixture reads a copy of content/ with a German draft added (the seed has
 * none: its one draft article is English only).
 */
const ROOT = path.resolve(__dirname, '../..');
const DRAFT = { slug: 'the-four-day-week', title: 'What the four-day week trials actually found' };
const GERMAN_DRAFT = {
  slug: 'die-vier-tage-woche',
  title: 'Was die Versuche mit der Vier-Tage-Woche wirklich ergaben',
};

let dir: string;
let envFile: string;
const processes: ChildProcess[] = [];
/** What each command printed, for the failure messages. */
const printed = new Map<ChildProcess, string>();

/** Runs a command line in bash from the repo's root, as a writer's terminal does, in a process group of its own. */
function shell(command: string, env: Record<string, string> = {}): ChildProcess {
  const child = spawn('bash', ['-c', command], {
    cwd: ROOT,
    env: { ...writersEnvironment(), ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  printed.set(child, '');
  const keep = (chunk: Buffer) =>
    printed.set(child, (printed.get(child) + chunk.toString()).slice(-50_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  processes.push(child);
  return child;
}

/** This process's environment as a writer's shell has it: none of Folio's variables, and no NODE_ENV (jest sets `test`). */
function writersEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined &&
        !entry[0].startsWith('FOLIO_') &&
        !['NODE_ENV', 'DATABASE_URL', 'PORT', 'WEB_CONCURRENCY'].includes(entry[0]),
    ),
  );
}

/** A command that ends: its stdout, or an error with everything it printed. */
async function run(command: string, env: Record<string, string> = {}): Promise<string> {
  const child = shell(command, env);
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${command} exited ${code}:\n${printed.get(child)}`);
  return out;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'folio-contentful-recipe-'));
  envFile = path.join(dir, 'contentful.env');
  const content = path.join(dir, 'content');
  cpSync(CONTENT_DIR, content, { recursive: true });
  // A German translation of the seed's draft article (a translation file, content/README.md): a German draft in the space.
  writeFileSync(
    path.join(content, 'articles', `${DRAFT.slug}.de.md`),
    `---\ntitle: ${GERMAN_DRAFT.title}\nsummary: Was die Versuche zeigen, in Zahlen.\nslug: ${GERMAN_DRAFT.slug}\n---\n\nEin Entwurf auf Deutsch.\n`,
  );
  const [fixturePort, folioPort] = [await freePort(), await freePort()];

  // Terminal 1: the fixture, its one line into the env file.
  const fixture = shell(
    `FOLIO_CONTENTFUL_FIXTURE_PORT=${fixturePort} npm run --silent cms:contentful > "${envFile}"`,
    { PORT: String(folioPort), FOLIO_CONTENT_DIR: content },
  );
  await eventually(async () => {
    if (fixture.exitCode !== null) throw new Error(`the fixture exited:\n${printed.get(fixture)}`);
    expect(readFileSync(envFile, 'utf8')).toContain('\n');
  });
  // Terminal 2: Folio, as documented (its data folder this test's).
  const folio = shell('env $(cat "$ENV_FILE") npm start', {
    ENV_FILE: envFile,
    FOLIO_DATA_DIR: path.join(dir, 'data'),
  });
  await eventually(async () => {
    if (folio.exitCode !== null) throw new Error(`npm start exited:\n${printed.get(folio)}`);
    expect(printed.get(folio)).toContain(`server on http://127.0.0.1:${folioPort}`);
  }, 120_000);
});

afterAll(async () => {
  // Each command's whole process group (npm, tsx, node), and its exit waited for.
  await Promise.all(
    processes.map(async (child) => {
      if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return; // already gone
      }
      await exited;
    }),
  );
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The id Contentful fills in for an entry: its sys.id, as the fixture's Preview API gives it. */
async function entryId(slug: string): Promise<string> {
  const env = variablesOf(readFileSync(envFile, 'utf8'));
  const answer = await fetch(env.FOLIO_CONTENTFUL_GRAPHQL_URL!, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${env.FOLIO_CONTENTFUL_PREVIEW_TOKEN}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      query: `{ articleCollection(preview: true, where: { slug: "${slug}" }) { items { sys { id } } } }`,
    }),
  });
  const { data } = (await answer.json()) as {
    data: { articleCollection: { items: { sys: { id: string } }[] } };
  };
  return data.articleCollection.items[0]!.sys.id;
}

it('the patterns printed by the documented command open an English and a German draft on Folio started as documented', async () => {
  // Terminal 3: the patterns, with the environment Folio runs with.
  const out = await run('env $(cat "$ENV_FILE") npm run cms:contentful-preview-urls', {
    ENV_FILE: envFile,
    FOLIO_DATA_DIR: path.join(dir, 'data'),
  });
  const { PORT: port } = variablesOf(readFileSync(envFile, 'utf8'));
  const site = `http://127.0.0.1:${port}`;
  const patterns = Object.fromEntries(
    [...out.matchAll(/^(article|page)\t(\S+)$/gm)].map((match) => [match[1], match[2]!]),
  );
  expect(Object.keys(patterns).sort()).toEqual(['article', 'page']);
  expect(patterns.page).toContain(
    `${site}/preview/open?type=Page&id={entry.sys.id}&locale={locale}&key=`,
  );
  expect(patterns.article).toContain(
    `${site}/preview/open?type=Article&id={entry.sys.id}&locale={locale}&key=`,
  );

  const id = await entryId(DRAFT.slug);
  const cases = [
    { locale: 'en-US', path: `/articles/${DRAFT.slug}`, title: DRAFT.title },
    { locale: 'de-DE', path: `/de/articles/${GERMAN_DRAFT.slug}`, title: GERMAN_DRAFT.title },
  ];
  for (const { locale, path: pagePath, title } of cases) {
    // The editor's click on Open preview, in that locale.
    const filled = patterns.article!.replace('{entry.sys.id}', id).replace('{locale}', locale);
    const opened = await fetch(filled, { redirect: 'manual' });
    expect({
      locale,
      status: opened.status,
      body: opened.status === 303 ? '' : await opened.text(),
    }).toEqual({
      locale,
      status: 303,
      body: '',
    });
    expect(opened.headers.get('location')).toBe(pagePath);
    const cookie = opened.headers.get('set-cookie')!.split(';')[0]!;
    const page = await fetch(`${site}${pagePath}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`>${title}</h1>`);
    // A reader at the same address: nothing.
    expect((await fetch(`${site}${pagePath}`)).status).toBe(404);
  }
});
