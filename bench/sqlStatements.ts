import { generateArticles } from '../api/publishing/generate';
import type { RunningServer } from '../server/startServer';
import { progress } from './log';
import {
  assertOk,
  OPERATIONS,
  paginationOperation,
  postOperation,
  topicPaginationOperation,
  uncached,
  type Operation,
} from './operations';
import { codeBlock, table, type SectionResult } from './report';
import { withApiServer } from './site';
import { shortSql, StatementRecorder, type StatementRun } from './sqlProfile';

/** Sent first to warm the server; no count below asks for this article. */
const WARMUP = uncached(OPERATIONS.article, 'warm-up');

/** Generated on top of the seed so that a page of 50 is full (the seed has about 32 published articles). */
const EXTRA_ARTICLES = 100;

type Data = {
  articles?: { edges: unknown[] };
  node?: { articles?: { edges: unknown[] } };
  topic?: { id: string };
};

interface Counted {
  op: Operation;
  /** Statements of the first request for these variables (the API executes it). */
  statements: number;
  /** Statements of the same request again at once (the API's response cache may answer it). */
  repeat: number;
  edges: number | null;
  runs: StatementRun[];
  data: Data;
}

/** Statements one request costs (db.statementCount before and after, as __tests__/api/contentApi.test.ts does). */
async function statementsOf(
  server: RunningServer,
  op: Operation,
): Promise<{ statements: number; data: Data }> {
  const before = server.db.statementCount;
  const reply = await postOperation(server.url, op);
  const statements = server.db.statementCount - before;
  assertOk(op, reply);
  return { statements, data: reply.body.data as Data };
}

/**
 * The first request for `op`'s variables on a warm server (it executes: the response cache has
 * nothing for them yet), then the same request again (what the response cache leaves to SQL).
 */
async function count(
  server: RunningServer,
  recorder: StatementRecorder,
  op: Operation,
): Promise<Counted> {
  recorder.take();
  const first = await statementsOf(server, op);
  const runs = recorder.take();
  const repeat = await statementsOf(server, op);
  const edges =
    first.data.articles?.edges.length ?? first.data.node?.articles?.edges.length ?? null;
  return {
    op,
    statements: first.statements,
    repeat: repeat.statements,
    edges,
    runs,
    data: first.data,
  };
}

async function countAll(server: RunningServer): Promise<{ lists: Counted[]; pages: Counted[] }> {
  progress('sql', `adding ${EXTRA_ARTICLES} generated articles to an in-memory database`);
  await generateArticles(server.db, EXTRA_ARTICLES, 42);
  const recorder = new StatementRecorder(server.db);
  // Warm every code path (schema, loaders, PGlite's caches) with an operation none of the counts below repeats.
  assertOk(WARMUP, await postOperation(server.url, WARMUP));
  // Readers' counts are kept (api/caches/readerCounts.ts): each list is measured with its count already kept, as
  // every request after the first in a minute finds it, so that both sizes are compared in the same state.
  const keepListCount = paginationOperation(1);
  assertOk(keepListCount, await postOperation(server.url, keepListCount));
  const lists: Counted[] = [];
  for (const size of [12, 50]) lists.push(await count(server, recorder, paginationOperation(size)));
  const pages: Counted[] = [];
  for (const op of Object.values(OPERATIONS)) pages.push(await count(server, recorder, op));
  const id = pages.find((page) => page.op.name === OPERATIONS.topic.name)?.data.topic?.id;
  if (id) {
    const keepTopicCount = topicPaginationOperation(1, id);
    assertOk(keepTopicCount, await postOperation(server.url, keepTopicCount));
    for (const size of [12, 50])
      lists.push(await count(server, recorder, topicPaginationOperation(size, id)));
  }
  return { lists, pages };
}

function countTable(list: readonly Counted[]): string {
  const rows = list.map((entry) => [
    entry.op.name,
    JSON.stringify(entry.op.variables),
    entry.edges === null ? '—' : String(entry.edges),
    String(entry.statements),
    String(entry.repeat),
  ]);
  return table(
    [
      'Operation',
      'Variables',
      'Articles returned',
      'SQL statements (executed)',
      'Same request again',
    ],
    rows,
    ['l', 'l', 'r', 'r', 'r'],
  );
}

function statementList(entry: Counted): string {
  return codeBlock(
    entry.runs.map((run, index) => `${index + 1}. ${shortSql(run.sql, 150)}`).join('\n'),
    'text',
  );
}

export async function runSqlStatements(): Promise<Omit<SectionResult, 'durationMs'>> {
  const { lists, pages } = await withApiServer('memory://', countAll);
  const twelve = lists[0]!;
  const fifty = lists[1]!;
  const full = twelve.edges === 12 && fifty.edges === 50;
  const same = twelve.statements === fifty.statements;
  const body = [
    `Method: the server in this process (\`startServer\`, production, in-memory PGlite seeded from content/ plus ${EXTRA_ARTICLES} articles from \`generateArticles(db, ${EXTRA_ARTICLES}, 42)\` so that a page of 50 is full), ` +
      'warmed with one article request. Each operation is then sent as a persisted POST while counting `db.statementCount` (the approach of `__tests__/api/contentApi.test.ts`): ' +
      "the first request for its variables is executed (**the target compares these counts**); the same request sent again at once shows what the API's in-process response cache leaves to the database.",
    '### Lists of 12 and 50',
    countTable(lists),
    same
      ? `The page of 50 costs the same ${fifty.statements} statements as the page of 12: the list is one keyset query and every per-article field (authors, topics, hero image) is one batched DataLoader statement.`
      : `**The page of 50 costs ${fifty.statements - twelve.statements} more statements than the page of 12**: something is loaded per article instead of batched (compare the lists below).`,
    `Statements for a page of 12 (${twelve.statements}):`,
    statementList(twelve),
    ...(same ? [] : [`Statements for a page of 50 (${fifty.statements}):`, statementList(fifty)]),
    '### Every page query (for reference)',
    countTable(pages),
    `Statements for ${OPERATIONS.article.name} (${pages.find((page) => page.op.name === OPERATIONS.article.name)?.statements ?? '?'}):`,
    statementList(pages.find((page) => page.op.name === OPERATIONS.article.name)!),
  ].join('\n\n');
  return {
    id: 'sql',
    title: 'SQL statements per operation',
    targets: [
      {
        target: 'Same SQL statement count for lists of 12 and 50 articles',
        measured: `${twelve.statements} and ${fifty.statements} (${twelve.edges} and ${fifty.edges} articles returned)`,
        pass: same && full,
      },
    ],
    body,
  };
}
