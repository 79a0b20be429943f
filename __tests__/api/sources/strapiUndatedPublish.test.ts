import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createEmbeddedSource } from '../../../api/sources/embedded/embeddedSource';
import { createLogger } from '../../../server/ops/logger';
import { eventually } from '../../support/eventually';
import { startTestServer, type TestServer } from '../../support/testServer';

/**
 * Where a source cannot tell an undated article's date (issue 39): a Strapi
 * project without Folio's cms/strapi/src/firstPublication.js publishes an
 * article with its publication date empty, and readers never see it. The
 * notification of that publish is the one place Folio hears of it: the
 * server logs one JSON line naming the document.
 */
const SECRET = 'a-webhook-secret-long-enough';
const PUBLISHED = path.resolve(
  __dirname,
  '../../../cms/strapi/examples/webhook-article-publish.json',
);
const WARNING = /published an article without a publication date/;

type LogLine = Record<string, unknown> & { msg: string; level: string };
const lines: LogLine[] = [];
let site: TestServer;

beforeAll(async () => {
  site = await startTestServer({
    mode: 'production',
    webhookSecret: SECRET,
    // The embedded content read as if it were Strapi's: the whole way from a Strapi notification.
    contentSource: (database) => ({ ...createEmbeddedSource(database), kind: 'strapi' }),
    logger: createLogger(
      { logLevel: 'info', logFormat: 'json' },
      { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
    ),
  });
});
afterAll(() => site.close());

/** Strapi's captured publish of an article (cms/strapi/examples/), with its entry changed. */
function publishOf(entry: Record<string, unknown>) {
  const captured = JSON.parse(readFileSync(PUBLISHED, 'utf8')) as {
    headers: Record<string, string>;
    body: { entry: Record<string, unknown> };
  };
  return fetch(`${site.url}/hooks/content`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Strapi-Event': 'entry.publish',
      Authorization: `Bearer ${SECRET}`,
    },
    body: JSON.stringify({ ...captured.body, entry: { ...captured.body.entry, ...entry } }),
  });
}

/** The log lines of the notification of `documentId`, once its own line is written. */
async function linesOf(documentId: string): Promise<LogLine[]> {
  const named = (line: LogLine) =>
    line.documentId === documentId ||
    JSON.stringify(line.records ?? []).includes(`"${documentId}"`);
  await eventually(async () => expect(lines.some(named)).toBe(true));
  return lines.filter(named);
}

it('an article Strapi published with an empty publication date is one warning naming it', async () => {
  const documentId = 'undatedarticle0000000001';
  const answer = await publishOf({ documentId, publicationDate: null, locale: 'de' });
  // Announced as any publish: the caches follow it whatever its date.
  expect(answer.status).toBe(200);
  const warnings = (await linesOf(documentId)).filter((line) => WARNING.test(line.msg));
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatchObject({
    level: 'warn',
    cms: 'strapi',
    event: 'entry.publish',
    documentId,
    locale: 'de',
    slug: 'the-water-tower',
    title: 'What the water tower is for',
  });
  expect(warnings[0]!.msg).toMatch(/readers will not see it/);
  expect(warnings[0]!.msg).toContain('cms/strapi/src/firstPublication.js');
  // An empty text is empty too.
  const blank = 'undatedarticle0000000002';
  await publishOf({ documentId: blank, publicationDate: '' });
  await eventually(async () =>
    expect((await linesOf(blank)).some((line) => WARNING.test(line.msg))).toBe(true),
  );
});

it('a dated publish, and a payload that leaves the field out, log no warning', async () => {
  const dated = 'datedarticle000000000001';
  expect((await publishOf({ documentId: dated })).status).toBe(200);
  const unsaid = 'unsaidarticle00000000001';
  expect((await publishOf({ documentId: unsaid, publicationDate: undefined })).status).toBe(200);
  for (const id of [dated, unsaid])
    expect((await linesOf(id)).filter((line) => WARNING.test(line.msg))).toEqual([]);
});
