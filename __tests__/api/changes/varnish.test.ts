import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '../../../harness/siteProcess';
import { sourceRenderer } from '../../support/sourceRenderer';
import { startTestServer, type TestServer } from '../../support/testServer';
import {
  DropLog,
  publish,
  read,
  retitleTheTides,
  type ReaderAnswer,
} from './support/changeHarness';
import { eventually } from '../../support/eventually';
import {
  isVarnishHit,
  startVarnish,
  varnishdPath,
  type RunningVarnish,
} from '../../../harness/varnishProcess';

/**
 * The reference CDN for real (issue 21): Debian's Varnish 7 with xkey, run
 * with the committed cdn/varnish/folio.vcl in front of a Folio server whose
 * FOLIO_CDN_PURGE_URL is that Varnish. A change purges exactly the answers
 * that show it; an unrelated page stays a hit; nothing with a credential,
 * and nothing Folio does not mark public, is ever kept.
 */
const PREVIEW_TOKEN = 'preview-secret';
const ARTICLE = '/articles/reading-the-tides';
const UNRELATED_TOPIC = '/topics/food';
const DRAFT = '/articles/the-four-day-week';

function describeWithVarnish(title: string, body: () => void): void {
  if (varnishdPath()) describe(title, body);
  else if (process.env.CI)
    it(`${title}: has Varnish to test against in CI`, () => {
      throw new Error(
        'varnishd is not installed: run `eval "$(bash scripts/ci-varnish.sh)"` first.',
      );
    });
  else
    it.skip(`${title}: runs against Debian's Varnish 7 when it is installed (see scripts/ci-varnish.sh)`, () => {});
}

const isHit = (answer: ReaderAnswer) => isVarnishHit(answer.headers.get('x-varnish'));

describeWithVarnish('Varnish with folio.vcl in front of Folio', () => {
  let site: TestServer;
  let varnish: RunningVarnish;
  const drops = new DropLog();
  const cdn = (path: string, headers: Record<string, string> = {}) =>
    read(`${varnish.url}${path}`, headers);

  beforeAll(async () => {
    const port = await freePort();
    site = await startTestServer({
      mode: 'production',
      serveClient: true,
      renderer: sourceRenderer(),
      previewToken: PREVIEW_TOKEN,
      cdnPurgeUrl: `http://127.0.0.1:${port}/`,
      changes: { onDropped: drops.onDropped },
    });
    varnish = await startVarnish({ backendPort: site.port, port });
  });
  afterAll(async () => {
    await varnish?.stop();
    await site?.close();
  });

  it("keeps readers' pages for their s-maxage and answers them again from the cache", async () => {
    const first = await cdn(ARTICLE);
    expect(first.status).toBe(200);
    expect(isHit(first)).toBe(false);
    const second = await cdn(ARTICLE);
    expect(isHit(second)).toBe(true);
    expect(second.headers.get('age')).not.toBeNull();
    // Keys are Varnish's business: readers do not get them.
    expect(second.headers.get('surrogate-key')).toBeNull();
    expect(second.text).toBe(first.text);
  });

  it('answers the new text as soon as a change is purged, while an unrelated topic page stays a hit', async () => {
    await cdn(UNRELATED_TOPIC);
    const unrelated = await cdn(UNRELATED_TOPIC);
    expect(isHit(unrelated)).toBe(true);
    expect(isHit(await cdn(ARTICLE))).toBe(true);

    const dropped = drops.next('a/reading-the-tides');
    await retitleTheTides(site.db, 'Reading the tides, through Varnish');
    await dropped;
    // Well inside the minutes Varnish would keep it unpurged; how fast it is, bench/freshness.ts measures.
    await eventually(
      async () => expect((await cdn(ARTICLE)).text).toContain('Reading the tides, through Varnish'),
      10_000,
      10,
    );

    const still = await cdn(UNRELATED_TOPIC);
    expect(isHit(still)).toBe(true);
    expect(still.headers.get('x-varnish')!.split(' ')[1]).toBe(
      unrelated.headers.get('x-varnish')!.split(' ')[1],
    );
    // The purger purges the article's keys once more a moment later (api/changes/cdnPurge.ts): past it, the next tests start from a quiet CDN.
    await eventually(async () => expect(site.purger!.idle).toBe(true), 10_000);
  });

  it('leaves no stale page when Varnish restarts while a change is made, and purges once it is back (issue 36)', async () => {
    await cdn(ARTICLE);
    expect(isHit(await cdn(ARTICLE))).toBe(true);
    const port = Number(new URL(varnish.url).port);
    const failedBefore = site.purger!.counts.failedCalls;
    await varnish.stop();
    const dropped = drops.next('a/reading-the-tides');
    await retitleTheTides(site.db, 'Reading the tides, while Varnish restarted');
    await dropped;
    // The purge finds nobody: counted, and retried.
    await eventually(async () =>
      expect(site.purger!.counts.failedCalls).toBeGreaterThan(failedBefore),
    );
    varnish = await startVarnish({ backendPort: site.port, port });
    expect((await cdn(ARTICLE)).text).toContain('while Varnish restarted');
    // The retried purge reaches it: nothing left waiting, nothing given up.
    await eventually(async () => expect(site.purger!.idle).toBe(true), 60_000);
    expect(site.purger!.counts.givenUpKeys).toBe(0);
  });

  it('never keeps nor answers from the cache a preview, or any request with a credential', async () => {
    const credentials: Record<string, string>[] = [
      { 'X-Preview-Token': PREVIEW_TOKEN },
      { Authorization: `Bearer ${PREVIEW_TOKEN}` },
      { Cookie: `folio_preview=${PREVIEW_TOKEN}` },
      { Authorization: 'Basic c3RhZmY6c3RhZmY=' },
    ];
    for (const headers of credentials) {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const answer = await cdn(DRAFT, headers);
        expect({ headers, hit: isHit(answer) }).toEqual({ headers, hit: false });
        expect(answer.headers.get('cache-control')).toBe('private, no-store');
      }
    }
    // The draft the previewer saw is no reader's: they get the 404, twice from Folio then from the cache.
    expect((await cdn(DRAFT, { 'X-Preview-Token': PREVIEW_TOKEN })).status).toBe(200);
    expect((await cdn(DRAFT)).status).toBe(404);
    const reader = await cdn(DRAFT);
    expect(reader.status).toBe(404);
    expect(reader.text).not.toContain('The four-day week');
    // A reader's other cookies do not split the cache: Folio reads none of them.
    await cdn(ARTICLE);
    expect(isHit(await cdn(ARTICLE, { Cookie: 'theme=dark; _ga=GA1.2.3' }))).toBe(true);
  });

  it('keeps nothing Folio does not mark public', async () => {
    for (const path of ['/healthz', '/preview?token=wrong&to=/']) {
      await cdn(path);
      const again = await cdn(path);
      expect({ path, hit: isHit(again) }).toEqual({ path, hit: false });
    }
  });

  it('a renamed article: its old page is dropped and the 301 served from the cache, one hop after two renames, until another article takes the address (issue 39)', async () => {
    const OLD = 'why-onions-make-you-cry';
    const [NEW, NEWER] = ['onions-and-tears', 'onions-and-tears-again'];
    /** Gives the English article with slug `from` the slug `to`, as a publish does. */
    const rename = (from: string, to: string) =>
      publish(site.db, async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          "UPDATE articles SET slug = $2 WHERE slug = $1 AND locale = 'en' RETURNING id",
          [from, to],
        );
        return {
          source: 'embedded',
          records: [{ type: 'Article', id: String(rows[0]!.id) }],
          listsChanged: false,
        };
      });
    const hit = async (path: string) => {
      await cdn(path);
      const again = await cdn(path);
      expect({ path, hit: isHit(again) }).toEqual({ path, hit: true });
      return again;
    };
    // What readers see is where each document is, read once the server started (api/sources/slugHistory.ts).
    await eventually(async () => {
      const { rows } = await site.db.query('SELECT 1 FROM slug_history WHERE slug = $1', [OLD]);
      expect(rows).toHaveLength(1);
    });
    expect((await hit(`/articles/${OLD}`)).status).toBe(200);
    // A reader tried the new address before it existed: a 404, kept.
    expect((await hit(`/articles/${NEW}`)).status).toBe(404);

    let dropped = drops.next(`a/${OLD}`);
    await rename(OLD, NEW);
    expect((await dropped).keys).toEqual(expect.arrayContaining([`a/${OLD}`, `a/${NEW}`]));
    await eventually(async () => expect((await cdn(`/articles/${OLD}`)).status).toBe(301), 10_000);
    const moved = await hit(`/articles/${OLD}?ref=feed`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/articles/${NEW}?ref=feed`);
    expect(moved.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=300, stale-if-error=600',
    );
    expect((await cdn(`/articles/${NEW}`)).status).toBe(200);

    // Renamed again: the kept 301 goes (the article's own key), and both old addresses are one hop from the newest.
    dropped = drops.next(`a/${NEW}`);
    await rename(NEW, NEWER);
    await dropped;
    await eventually(
      async () =>
        expect((await cdn(`/articles/${OLD}`)).headers.get('location')).toBe(`/articles/${NEWER}`),
      10_000,
    );
    for (const old of [OLD, NEW]) {
      const answer = await hit(`/articles/${old}`);
      expect({ old, status: answer.status, location: answer.headers.get('location') }).toEqual({
        old,
        status: 301,
        location: `/articles/${NEWER}`,
      });
    }

    // Another article takes the first address: it is that article's page, no longer a 301.
    dropped = drops.next(`a/${OLD}`);
    await rename('desire-paths', OLD);
    await dropped;
    await eventually(async () => expect((await cdn(`/articles/${OLD}`)).status).toBe(200), 10_000);
    expect((await cdn(`/articles/${OLD}`)).text).toContain('Desire paths');
    expect((await cdn(`/articles/${NEW}`)).headers.get('location')).toBe(`/articles/${NEWER}`);

    await rename(OLD, 'desire-paths');
    await rename(NEWER, OLD);
    await eventually(async () => expect((await cdn(`/articles/${OLD}`)).status).toBe(200), 10_000);
    await eventually(async () => expect(site.purger!.idle).toBe(true), 10_000);
  });

  it('takes PURGE only with keys, and only from the addresses folio-backend.vcl allows', async () => {
    const purge = (headers: Record<string, string>, localAddress = '127.0.0.1') =>
      new Promise<number>((resolve, reject) => {
        const request = httpRequest(
          `${varnish.url}/`,
          { method: 'PURGE', headers, localAddress },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.on('error', reject);
        request.end();
      });
    expect(await purge({})).toBe(400);
    expect(await purge({ 'Surrogate-Key': 'site' }, '127.0.0.2')).toBe(403);
    await cdn(ARTICLE);
    expect(isHit(await cdn(ARTICLE))).toBe(true);
    expect(await purge({ 'Surrogate-Key': 'site' })).toBe(200);
    expect(isHit(await cdn(ARTICLE))).toBe(false);
  });
});

describeWithVarnish('Varnish with folio.vcl when Folio fails (issue 36)', () => {
  let backend: Server;
  let varnish: RunningVarnish;
  /** What the stand-in for Folio answers now: a page fresh for 1 s and in grace for 5 minutes, or a failure. */
  let answering: 'page' | '503' | '500' = 'page';
  let fetches = 0;

  beforeAll(async () => {
    backend = createServer((request, response) => {
      fetches += 1;
      if (answering !== 'page') {
        response
          .writeHead(Number(answering), { 'Cache-Control': 'no-store', 'Retry-After': '5' })
          .end('the database cannot be reached');
        return;
      }
      response
        .writeHead(200, {
          'Content-Type': 'text/html',
          'Cache-Control': 'public, max-age=0, s-maxage=1, stale-while-revalidate=300',
          'Surrogate-Key': 'a:1',
        })
        .end(`the page, fetch ${fetches}`);
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    varnish = await startVarnish({
      backendPort: (backend.address() as AddressInfo).port,
      port: await freePort(),
    });
  });
  afterAll(async () => {
    await varnish?.stop();
    backend?.closeAllConnections();
    await new Promise((resolve) => backend?.close(resolve));
  });

  it('keeps answering the page it kept while Folio answers 5xx, and takes Folio’s first good answer after', async () => {
    answering = 'page';
    const first = await read(`${varnish.url}/kept`);
    expect(first.status).toBe(200);
    const kept = first.text;
    answering = '503';
    // Past its s-maxage, every read is answered from grace while Varnish asks Folio in the background.
    const askedBefore = fetches;
    await eventually(async () => {
      const stale = await read(`${varnish.url}/kept`);
      expect(stale).toMatchObject({ status: 200, text: kept });
      expect(fetches).toBeGreaterThan(askedBefore + 1);
    });
    answering = '500';
    expect(await read(`${varnish.url}/kept`)).toMatchObject({
      status: 200,
      text: kept,
    });
    // A page never kept gets the error, and the error is not remembered: the next good answer is kept at once.
    expect((await read(`${varnish.url}/never-kept`)).status).toBe(500);
    answering = 'page';
    const good = await read(`${varnish.url}/never-kept`);
    expect(good.status).toBe(200);
    expect(isHit(await read(`${varnish.url}/never-kept`))).toBe(true);
  });
});
