import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../api/db/database';
import { migrate } from '../api/db/migrations';
import { publishContent, type PublishResult } from '../api/publishing/publishContent';
import { createContentPublishing } from '../api/publishing/serverPublishing';
import { createPublishRoute } from '../server/hooks/publishRoute';
import { type ContentFiles } from '../api/model/contentFiles';
import { readContentFiles } from '../api/publishing/readContentFiles';
import { CONTENT_DIR } from '../settings/contentDir';
import { progress } from './log';
import { codeBlock, table, verdict, type SectionResult, type TargetCheck } from './report';
import { int, median } from './stats';
import { random } from '../api/publishing/generate';
import { ContentFolderCopy } from '../harness/contentFolderCopy';

/**
 * `npm run content` at 1,000 articles (issue 21): the seed's folder plus
 * generated articles written the way a writer writes them (front matter,
 * headings, lists, marks, links to each other, embeds), published
 * - by the command itself, as a writer runs it (process start, PGlite
 *   opened from its folder, migrations checked, the publish, exit): the whole
 *   folder into an empty database, then nothing changed, then one changed
 *   file (five times, a different article each), then a broken file;
 * - in this process (`publishContent`, the publish alone) over the same kind
 *   of PGlite folder.
 *   npx tsx bench/publishing.ts   (prints its section of bench/RESULTS.md)
 */
const PUBLISHING_ARTICLES = 1_000;
const ROUNDS = 5;
const ROOT = path.resolve(__dirname, '..');
const SECTION = 'publishing';

const TARGETS = { oneFileMs: 2_000, wholeFolderMs: 30_000, healthMs: 100 } as const;

const WORDS =
  'the tide water light signal grain bridge river clock glass paper timber stone engine rhythm pattern measure season harbour street kitchen garden window current pressure surface bearing spring'.split(
    ' ',
  );

/** A folder of `count` articles: content/ (read as `seed`) and generated ones, `bench-<n>.md`. */
function makeFolder(count: number, seed: ContentFiles): ContentFolderCopy {
  const folder = new ContentFolderCopy();
  const next = random(21);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const sentence = () => {
    const text = words(12 + Math.floor(next() * 14));
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  const heroes = seed.assets
    .filter((asset) => asset.key.startsWith('hero-'))
    .map((asset) => asset.key);
  const generated = count - seed.articles.length;
  for (let n = 1; n <= generated; n += 1) {
    const linked = 1 + Math.floor(next() * generated);
    const paragraph = () =>
      [
        sentence(),
        `It is **${words(2)}** and *${words(3)}*, as [the ${words(2)}](article:bench-${linked}) shows.`,
        sentence(),
        sentence(),
        `A \`${pick(WORDS)}\` is ${words(9)}.`,
      ].join(' ');
    const body = [
      paragraph(),
      paragraph(),
      `## ${sentence().slice(0, -1)}`,
      paragraph(),
      `- ${sentence()}\n- ${sentence()}\n- ${sentence()}`,
      paragraph(),
      n % 7 === 0 ? '::embed{entry="codeBlock:tide-harmonics"}' : `> ${sentence()}`,
      `## ${sentence().slice(0, -1)}`,
      paragraph(),
      `By :embed{entry="author:${pick(seed.authors).slug}"}, more in :embed{entry="topic:${pick(seed.topics).slug}"}.`,
      paragraph(),
      n % 5 === 0 ? '![](asset:inline-tide-curve)' : paragraph(),
      `| ${words(1)} | ${words(1)} |\n| --- | --- |\n| ${words(2)} | ${words(2)} |`,
      paragraph(),
    ].join('\n\n');
    const published = new Date(Date.UTC(2020, 0, 1) + Math.floor(next() * 5 * 365 * 86_400_000))
      .toISOString()
      .replace(/\.000Z$/, 'Z');
    const topics = [...new Set([pick(seed.topics).slug, pick(seed.topics).slug])];
    folder.write(
      `articles/bench-${n}.md`,
      `---\ntitle: ${sentence().slice(0, 60)}\nsummary: ${sentence()}\nstatus: published\npublishedAt: ${published}\nauthors: [${pick(seed.authors).slug}]\ntopics: [${topics.join(', ')}]\nhero: ${pick(heroes)}\n---\n\n${body}\n`,
    );
  }
  return folder;
}

/**
 * `npm run content`, as a writer types it, over this folder and data folder:
 * wall time, the CPU time of npm and everything it ran (GNU time's user +
 * system: what the wall time would be on a machine with nothing else to do,
 * or less), exit code and last line.
 */
function runCommand(
  contentDir: string,
  dataDir: string,
): Promise<{ ms: number; cpuMs: number; code: number | null; line: string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('/usr/bin/time', ['-f', 'cpu %U %S', 'npm', 'run', '--silent', 'content'], {
      cwd: ROOT,
      env: {
        ...process.env,
        FOLIO_CONTENT_DIR: contentDir,
        FOLIO_DATA_DIR: dataDir,
        DATABASE_URL: '',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const ms = performance.now() - started;
      const [, user, system] = /^cpu ([\d.]+) ([\d.]+)$/m.exec(output) ?? [];
      const lines = output
        .trim()
        .split('\n')
        .filter((line) => !line.startsWith('cpu ') && !line.startsWith('Command exited'));
      resolve({
        ms,
        cpuMs: (Number(user) + Number(system)) * 1000,
        code,
        line: lines.at(-1) ?? '',
      });
    });
  });
}

/**
 * `/healthz` asked every 5 ms from a process of its own (a probe is not held
 * up by the server it probes) until `stop`: how long each answer took.
 */
function probeHealth(url: string): { stop: () => Promise<number[]> } {
  const probe = spawn(
    process.execPath,
    [
      '-e',
      `const http = require('node:http'); const times = []; let stopping = false;
       process.on('message', () => (stopping = true));
       (async () => {
         while (!stopping) {
           const started = performance.now();
           await new Promise((done) => http.get(process.argv[1], { agent: false }, (answer) => { answer.resume(); answer.on('end', done); }).on('error', done));
           times.push(performance.now() - started);
           await new Promise((done) => setTimeout(done, 5));
         }
         process.send(times, () => process.exit(0));
       })();`,
      url,
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  return {
    stop: () =>
      new Promise((resolve) => {
        probe.once('message', (times) => resolve(times as number[]));
        probe.send('stop');
      }),
  };
}

function editTitle(folder: ContentFolderCopy, n: number, round: number): void {
  folder.edit(`articles/bench-${n}.md`, /^title: (.*)$/m, `title: $1 (edit ${round})`);
}

export async function runPublishing(): Promise<Omit<SectionResult, 'durationMs'>> {
  const loadAtStart = loadavg()[0]!;
  const seed = readContentFiles(CONTENT_DIR);
  const folder = makeFolder(PUBLISHING_ARTICLES, seed);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-bench-data-'));
  const inProcessDir = mkdtempSync(path.join(tmpdir(), 'folio-bench-data-'));
  try {
    progress(SECTION, `folder of ${PUBLISHING_ARTICLES} articles in ${folder.dir}`);
    const command: { step: string; ms: number; cpuMs: number; line: string }[] = [];
    const run = async (step: string, expectCode = 0) => {
      const result = await runCommand(folder.dir, dataDir);
      if (result.code !== expectCode)
        throw new Error(`${step}: npm run content exited ${result.code}: ${result.line}`);
      command.push({ step, ms: result.ms, cpuMs: result.cpuMs, line: result.line });
      progress(
        SECTION,
        `${step}: ${int(result.ms)} ms, CPU ${int(result.cpuMs)} ms (${result.line})`,
      );
      return result;
    };
    const scratch = (await run('the whole folder, empty database')).ms;
    await run('nothing changed');
    const oneFile: { ms: number; cpuMs: number }[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      editTitle(folder, round * 97, round);
      oneFile.push(await run(`one changed file (${round})`));
    }
    const broken = 'articles/bench-500.md';
    const intact = folder.read(broken);
    folder.write(broken, intact.replace('status: published', 'status: live'));
    await run('one broken file (refused)', 1);
    folder.write(broken, intact);

    // With a server holding the database (npm start, npm run dev): the command asks it.
    const serverDb = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    const publishing = createContentPublishing({
      db: serverDb,
      source: 'embedded',
      mode: 'production',
      dataDir,
      contentDir: folder.dir,
      logger: { info: () => {}, warn: () => {}, error: () => {} },
    });
    const route = createPublishRoute(publishing, { error: () => {} });
    const http = createServer((request, response) =>
      request.url === '/healthz'
        ? response.end('ok')
        : route.handle(request, response, () => response.writeHead(404).end()),
    );
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    publishing.listening(`http://127.0.0.1:${(http.address() as AddressInfo).port}`);
    const throughServer: { ms: number; cpuMs: number }[] = [];
    let everyArticle: { ms: number } = { ms: 0 };
    let health: number[] = [];
    try {
      await run('nothing changed, through a running server');
      for (let round = 1; round <= ROUNDS; round += 1) {
        editTitle(folder, round * 101, round);
        throughServer.push(await run(`one changed file, through a running server (${round})`));
      }
      // Every generated article changed at once, with a health probe asking all the while.
      const generated = PUBLISHING_ARTICLES - seed.articles.length;
      for (let n = 1; n <= generated; n += 1) editTitle(folder, n, 99);
      const probe = probeHealth(`http://127.0.0.1:${(http.address() as AddressInfo).port}/healthz`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      everyArticle = await run('every generated article changed, through a running server');
      await new Promise((resolve) => setTimeout(resolve, 300));
      health = (await probe.stop()).sort((a, b) => a - b);
      progress(
        SECTION,
        `/healthz during that publish: ${health.length} answers, p50 ${int(health[Math.floor(health.length / 2)]!)} ms, p99 ${int(health[Math.floor(health.length * 0.99)]!)} ms, max ${int(health.at(-1)!)} ms`,
      );
    } finally {
      await publishing.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      await serverDb.close();
    }

    // The publish alone, in this process, over a PGlite folder of its own.
    const db = await openDatabase({ dataDir: path.join(inProcessDir, 'pglite') });
    const inProcess: { step: string; result: PublishResult }[] = [];
    try {
      await migrate(db);
      inProcess.push({
        step: 'the whole folder, empty database',
        result: await publishContent(db, { dir: folder.dir }),
      });
      inProcess.push({
        step: 'nothing changed',
        result: await publishContent(db, { dir: folder.dir }),
      });
      for (let round = 1; round <= ROUNDS; round += 1) {
        editTitle(folder, round * 89, round);
        inProcess.push({
          step: `one changed file (${round})`,
          result: await publishContent(db, { dir: folder.dir }),
        });
      }
    } finally {
      await db.close();
    }
    for (const { step, result } of inProcess)
      progress(SECTION, `in process, ${step}: ${result.ms} ms`);

    const worst = (runs: { ms: number; cpuMs: number }[]) => ({
      ms: Math.max(...runs.map((r) => r.ms)),
      cpuMs: Math.max(...runs.map((r) => r.cpuMs)),
    });
    const medianOf = (runs: { ms: number; cpuMs: number }[]) => ({
      ms: median(runs.map((r) => r.ms)),
      cpuMs: median(runs.map((r) => r.cpuMs)),
    });
    const oneFileCheck = (runs: { ms: number; cpuMs: number }[], how: string): TargetCheck => ({
      target: `Publishing one changed file out of ${int(PUBLISHING_ARTICLES)} < ${int(TARGETS.oneFileMs)} ms (npm run content ${how}, start to exit, worst of ${ROUNDS})`,
      measured: `${int(worst(runs).ms)} ms wall, ${int(worst(runs).cpuMs)} ms CPU (medians ${int(medianOf(runs).ms)} / ${int(medianOf(runs).cpuMs)} ms)`,
      pass: worst(runs).ms < TARGETS.oneFileMs,
    });
    const targets: TargetCheck[] = [
      oneFileCheck(oneFile, 'opening PGlite itself'),
      oneFileCheck(throughServer, 'through a running server'),
      {
        target: `/healthz answers within ${TARGETS.healthMs} ms throughout a publish of every article changed, through a running server (asked every 5 ms from another process)`,
        measured: `max ${int(health.at(-1) ?? 0)} ms, p99 ${int(health[Math.floor(health.length * 0.99)] ?? 0)} ms, ${int(health.length)} answers during a ${int(everyArticle.ms)} ms publish`,
        pass: (health.at(-1) ?? Infinity) < TARGETS.healthMs,
      },
      {
        target: `Publishing all ${int(PUBLISHING_ARTICLES)} from scratch < ${int(TARGETS.wholeFolderMs)} ms (npm run content into an empty database, start to exit)`,
        measured: `${int(scratch)} ms`,
        pass: scratch < TARGETS.wholeFolderMs,
      },
    ];
    const articleShare = inProcess[0]!.result.written.article ?? 0;
    const body = [
      `Reproduce: \`npx tsx bench/publishing.ts\`. A folder of ${int(PUBLISHING_ARTICLES)} articles: content/ (its ${int(seed.articles.length)} articles and the rest of the seed) and generated ones written as a writer writes them (front matter, two sections, a list, a quote or a code block embed, an inline author and topic, a table, marks, a link to another article; about 5 kB of Markdown each). PGlite in a folder, as \`npm run content\` finds it with no server running.`,
      '',
      "`npm run content` as a writer types it, start to exit. With no server running it starts Node with tsx, opens PGlite from its folder (WebAssembly compiled by V8's baseline compiler only: a short command gains nothing from optimising it), checks migrations, publishes and closes; into the empty database, its first seed is that publish (announcing nothing), so the command's own publish then finds nothing to do. With a server holding the database (here one in this process, as `npm start` or `npm run dev` would be) it asks that server, whose publish runs warm. CPU time is npm's and everything it ran (user + system).",
      '',
      table(
        ['step', 'wall time', 'CPU time', 'what it printed'],
        command.map((row) => [row.step, `${int(row.ms)} ms`, `${int(row.cpuMs)} ms`, row.line]),
        ['l', 'r', 'r', 'l'],
      ),
      '',
      `The publish alone (\`publishContent\` in this process, over a PGlite folder migrated and empty; the whole folder is ${int(articleShare)} articles and ${int(inProcess[0]!.result.change?.records.length ?? 0)} records announced):`,
      '',
      table(
        ['step', 'publish', 'written', 'unchanged'],
        inProcess.map(({ step, result }) => [
          step,
          `${int(result.ms)} ms`,
          Object.entries(result.written)
            .map(([kind, n]) => `${int(n)} ${kind}`)
            .join(', ') || '–',
          int(result.unchanged),
        ]),
        ['l', 'r', 'l', 'r'],
      ),
      '',
      'Where the time goes: of a one-file publish by the command alone, starting npm and Node, loading the parser and PGlite, and PGlite opening its folder are most of the wall time; through a server only starting npm and Node remain (the command then loads neither). The publish itself reads the folder (every file, hashed), two rows of memory per record from `content_records`, parses the one changed file, and writes it in one transaction. From scratch, parsing the Markdown (micromark, about 5–10 ms per article) and the writes (batches of 20 articles per statement, the event loop turning between statements; parsing runs on a worker thread when a server publishes) share the time; the first seed also runs `VACUUM ANALYZE`.',
      '',
      `Load average (1 min) at start / end: ${loadAtStart.toFixed(2)} / ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores (other work on the machine makes every wall time longer).`,
      '',
      ...targets.map((check) => `- ${verdict(check.pass)} ${check.target}: ${check.measured}`),
    ].join('\n');
    return {
      id: 'publishing',
      title: `Publishing content/: ${int(PUBLISHING_ARTICLES)} articles`,
      targets,
      body,
    };
  } finally {
    folder.dispose();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(inProcessDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  runPublishing().then(
    (section) => {
      console.log(`\n## ${section.title}\n\n${section.body}\n`);
      console.log(
        codeBlock(
          section.targets
            .map((check) => `${check.pass ? 'PASS' : 'MISS'} ${check.target}: ${check.measured}`)
            .join('\n'),
        ),
      );
      process.exit(section.targets.every((check) => check.pass) ? 0 : 1);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
