import ArticleLiveSubscription from '@generated/ArticleLiveSubscription.graphql';
import ArticlePageQuery from '@generated/ArticlePageQuery.graphql';
import { connect } from 'node:net';
import { LIVE_SLOW_READER_BYTES, LIVE_STREAMS_PER_ADDRESS } from '../../../api/live/liveLimits';
import { GRAPHQL_STREAM_PATH } from '../../../shared/sitePaths';
import { retitleTheTides } from '../changes/support/changeHarness';
import { freePort } from '../../../harness/siteProcess';
import { startVarnish, varnishdPath, type RunningVarnish } from '../../../harness/varnishProcess';
import { eventually } from '../../support/eventually';
import { startTestServer, type TestServer } from '../../support/testServer';

/** One server-sent event as the stream wrote it. */
interface StreamEvent {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
}

/** An open stream read event by event (comments, the heartbeats, are skipped). */
async function openStream(url: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { Accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  // A refused stream is a JSON answer: read by json(), not as events.
  const text = response.status === 200 ? null : response.text().catch(() => '');
  const reader = (text ? new Response('').body! : response.body!)
    .pipeThrough(new TextDecoderStream())
    .getReader();
  let buffered = '';
  const events: StreamEvent[] = [];
  let ended = false;
  const fill = async () => {
    const { value, done } = await reader.read();
    if (done) ended = true;
    buffered += value ?? '';
    let at: number;
    while ((at = buffered.indexOf('\n\n')) !== -1) {
      const block = buffered.slice(0, at);
      buffered = buffered.slice(at + 2);
      const event: StreamEvent = {};
      for (const line of block.split('\n')) {
        if (line.startsWith(':') || line === '') continue;
        const colon = line.indexOf(':');
        const field = line.slice(0, colon) as keyof StreamEvent;
        event[field] = line.slice(colon + 1).replace(/^ /, '');
      }
      if (Object.keys(event).length > 0) events.push(event);
    }
  };
  return {
    status: response.status,
    headers: response.headers,
    /** The next event, or null once the server ended the stream. */
    async next(): Promise<StreamEvent | null> {
      while (events.length === 0 && !ended) await fill();
      return events.shift() ?? null;
    },
    async json() {
      return JSON.parse((await text) ?? '{}') as {
        errors: { message: string; extensions: { code: string } }[];
      };
    },
    close: () => abort.abort(),
  };
}

/** A stream asked for over a raw connection that never reads what it is sent. */
function stalledStream(url: string) {
  const { hostname, port, pathname, search } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.write(
    `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n\r\n`,
  );
  // Node stops reading from the kernel once its own small buffer is full: the server's writes back up.
  socket.pause();
  return { close: () => socket.destroy() };
}

describe('live updates over server-sent events (issue 40)', () => {
  let site: TestServer;
  const opened: { close(): void }[] = [];
  const streamUrl = (docId: string | null | undefined, variables: object, extra = '') =>
    `${site.url}${GRAPHQL_STREAM_PATH}?${new URLSearchParams({
      ...(docId ? { doc_id: docId } : {}),
      variables: JSON.stringify(variables),
    })}${extra}`;
  const tides = () =>
    streamUrl(ArticleLiveSubscription.params.id, { slug: 'reading-the-tides', locale: 'en' });
  const open = async (url: string, headers?: Record<string, string>) => {
    const stream = await openStream(url, headers);
    opened.push(stream);
    return stream;
  };

  beforeAll(async () => {
    site = await startTestServer({ mode: 'production', readerCacheTtlMs: 60_000 });
  }, 120_000);
  afterEach(() => {
    opened.splice(0).forEach((stream) => stream.close());
  });
  afterAll(async () => {
    await site?.close();
  });

  it('sends the article at once, then again when a change touches what it shows', async () => {
    const stream = await open(tides());
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toBe('private, no-store');
    const first = await stream.next();
    expect(first).toMatchObject({ event: 'next', id: expect.any(String) });
    expect(JSON.parse(first!.data!).data.article.title).toBe('Reading the tides');

    await retitleTheTides(site.db, 'Reading the tides, corrected');
    const second = await stream.next();
    expect(JSON.parse(second!.data!).data.article.title).toBe('Reading the tides, corrected');
    expect(second!.id).not.toBe(first!.id);
  });

  it('shares one subscription among the readers of one article, and sends nothing to one who has the update already', async () => {
    const a = await open(tides());
    const first = await a.next();
    const b = await open(tides());
    expect((await b.next())!.id).toBe(first!.id);
    // A reconnection with the update it has gets no event, and is sent the next one.
    const c = await open(tides(), { 'Last-Event-ID': first!.id! });
    expect(c.status).toBe(200);
    await retitleTheTides(site.db, 'Reading the tides, once more');
    const next = await c.next();
    expect(JSON.parse(next!.data!).data.article.title).toBe('Reading the tides, once more');
    expect(site.live?.counts()).toMatchObject({ subscriptions: 1 });
  });

  it('refuses what it cannot follow with a clear answer, and never a stream', async () => {
    const cases: [string, number, string][] = [
      [streamUrl(null, {}), 400, 'PERSISTED_QUERY_NOT_FOUND'],
      [streamUrl('no-such-operation', {}), 404, 'PERSISTED_QUERY_NOT_FOUND'],
      [
        streamUrl(null, {}, '&query=subscription%7Barticle(slug%3A%22x%22)%7Btitle%7D%7D'),
        400,
        'PERSISTED_QUERY_ONLY',
      ],
      // A query is no subscription.
      [streamUrl(ArticlePageQuery.params.id, { slug: 'reading-the-tides' }), 400, 'BAD_REQUEST'],
      // A variable missing.
      [`${streamUrl(ArticleLiveSubscription.params.id, {})}`, 400, 'BAD_USER_INPUT'],
      [
        `${site.url}${GRAPHQL_STREAM_PATH}?doc_id=${ArticleLiveSubscription.params.id}&variables=%7Bnot`,
        400,
        'BAD_USER_INPUT',
      ],
      // Nothing a reader may see: a draft, or no article at all.
      [streamUrl(ArticleLiveSubscription.params.id, { slug: 'no-such-article' }), 404, 'NOT_FOUND'],
    ];
    for (const [url, status, code] of cases) {
      const stream = await open(url);
      expect({
        url,
        status: stream.status,
        code: (await stream.json()).errors[0]!.extensions.code,
      }).toEqual({
        url,
        status,
        code,
      });
    }
    // A stream is opened with GET: any other method is told so, not sent to /graphql or a 404.
    const posted = await fetch(tides(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET');
    expect(
      ((await posted.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!
        .extensions.code,
    ).toBe('METHOD_NOT_ALLOWED');
  });

  it(`answers 429 past ${LIVE_STREAMS_PER_ADDRESS} streams from one address, and takes one again once one closes`, async () => {
    const streams = [];
    for (let i = 0; i < LIVE_STREAMS_PER_ADDRESS; i += 1) streams.push(await open(tides()));
    expect(streams.every((stream) => stream.status === 200)).toBe(true);
    const over = await open(tides());
    expect(over.status).toBe(429);
    expect((await over.json()).errors[0]!.extensions.code).toBe('RATE_LIMITED');
    streams[0]!.close();
    await eventually(async () => expect((await open(tides())).status).toBe(200));
  });

  it(`cuts a reader who stops reading once ${LIVE_SLOW_READER_BYTES / 1024} KiB wait for it, and the others read on`, async () => {
    await eventually(async () => expect(site.live!.counts().streams).toBe(0));
    const reading = await open(tides());
    await reading.next();
    const stalled = stalledStream(tides());
    opened.push(stalled);
    await eventually(async () => expect(site.live!.counts().streams).toBe(2));
    // Large updates, so that the kernel's buffers (a few MB on loopback) fill in a few dozen.
    const long = 'high water '.repeat(5_000);
    const titleOf = (event: { data?: string } | null) =>
      JSON.parse(event!.data!).data.article.title as string;
    let round = 0;
    while (site.live!.counts().streams === 2) {
      round += 1;
      // Far more than any loopback buffer holds: a reader never cut is the failure.
      expect(round).toBeLessThan(1_000);
      await retitleTheTides(site.db, `${round} ${long}`);
      // Each update reaches the reader who reads before the next is made.
      while (!titleOf(await reading.next()).startsWith(`${round} `));
    }
    expect(site.live!.counts().streams).toBe(1);
    await retitleTheTides(site.db, 'Reading the tides, after the cut');
    expect(titleOf(await reading.next())).toBe('Reading the tides, after the cut');
  });

  it('ends every stream with a reconnection hint when the server drains, and opens no new one', async () => {
    // The streams of the tests before have left (the server hears a reader leave a moment after it does).
    await eventually(async () => expect(site.live!.counts().streams).toBe(0));
    const stream = await open(tides());
    expect(stream.status).toBe(200);
    await stream.next();
    site.live!.close();
    const last = await stream.next();
    expect(Number(last?.retry)).toBeGreaterThanOrEqual(1000);
    expect(await stream.next()).toBeNull();
    const refused = await open(tides());
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect((await refused.json()).errors[0]!.extensions.code).toBe('SERVER_BUSY');
  });
});

const describeWithVarnish = varnishdPath() ? describe : describe.skip;

describeWithVarnish('live updates through Varnish with the reference VCL', () => {
  let site: TestServer;
  let varnish: RunningVarnish;
  beforeAll(async () => {
    site = await startTestServer({ mode: 'production' });
    varnish = await startVarnish({ backendPort: site.port, port: await freePort() });
  }, 120_000);
  afterAll(async () => {
    await varnish?.stop();
    await site?.close();
  });

  it('streams each update at once, and Folio’s end of a stream closes when the reader leaves', async () => {
    const url = `${varnish.url}${GRAPHQL_STREAM_PATH}?${new URLSearchParams({
      doc_id: ArticleLiveSubscription.params.id!,
      variables: JSON.stringify({ slug: 'reading-the-tides', locale: 'en' }),
    })}`;
    const readers = [await openStream(url), await openStream(url)];
    for (const reader of readers) expect((await reader.next())?.event).toBe('next');
    expect(site.live!.counts().streams).toBe(2);
    await retitleTheTides(site.db, 'Reading the tides, through the CDN');
    for (const reader of readers)
      expect(JSON.parse((await reader.next())!.data!).data.article.title).toBe(
        'Reading the tides, through the CDN',
      );
    readers.forEach((reader) => reader.close());
    // Piped: Varnish closes its connection to Folio with the reader's.
    await eventually(async () => expect(site.live!.counts().streams).toBe(0));
  });
});
