import express from 'express';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase, type Database } from '../../api/db/database';
import { migrate } from '../../api/db/migrations';
import { createEmbeddedSource } from '../../api/sources/embedded/embeddedSource';
import { crawlContentOf } from '../../api/crawlContent';
import { generateArticles } from '../../api/publishing/generate';
import { seedContent } from '../../api/publishing/seedContent';
import { toGlobalId } from '../../api/model/globalId';
import {
  createCrawlerRouter,
  type CrawlerRouterOptions,
} from '../../server/crawlers/crawlerRouter';
import { richTextToHtml } from '../../server/crawlers/richTextHtml';
import { KeptValues } from '../../api/caches/keptValues';
import { DEFAULT_LOCALE, LOCALE_CODES } from '../../shared/locales';

const ORIGIN = 'https://folio.example';
// The seed's unpublished articles (content/articles): a draft, a scheduled one, an archived one.
const HIDDEN_ARTICLES = ['the-four-day-week', 'how-elevators-decide', 'summer-reading-2025'];
const DRAFT_PAGE = 'secret-plans';
const TRICKY_SLUG = 'fish-and-chips';
// Written out here rather than imported, so a change to the shared rule cannot pass unnoticed.
// What readers see in the default locale (the other locales' are the same with their code).
const READER_SEES = "status = 'PUBLISHED' AND published_at <= now() AND locale = 'en'";
const READER_SEES_A = "a.status = 'PUBLISHED' AND a.published_at <= now() AND a.locale = 'en'";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) =>
    ['entry', 'url', 'sitemap', 'link', 'xhtml:link', 'author', 'category'].includes(name),
});

interface Served {
  url: string;
  get(
    path: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; headers: Headers; text: string }>;
  close(): Promise<void>;
}

/** An app with nothing but the crawler router, on a random local port. */
async function serve({
  db,
  ...options
}: Partial<CrawlerRouterOptions> & { db: Database }): Promise<Served> {
  const app = express();
  app.use(
    createCrawlerRouter({
      content: crawlContentOf(createEmbeddedSource(db)),
      publicOrigin: () => ORIGIN,
      ...options,
    }),
  );
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    get: async (path, headers = {}) => {
      const response = await fetch(url + path, { headers });
      return { status: response.status, headers: response.headers, text: await response.text() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function seededDatabase(): Promise<Database> {
  const db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
  await seedContent(db);
  return db;
}

const paragraph = (...content: unknown[]) => ({ nodeType: 'paragraph', data: {}, content });
const text = (value: string) => ({ nodeType: 'text', value, marks: [], data: {} });
const hyperlink = (uri: string, label: string) => ({
  nodeType: 'hyperlink',
  data: { uri },
  content: [text(label)],
});

/** Makes the hidden articles the newest, so leaving them out is the router's doing; adds a draft page and an article with hostile content. */
async function prepare(db: Database) {
  const { rows: moved } = await db.query(
    "UPDATE articles SET published_at = now() - interval '1 minute', updated_at = now() WHERE slug = ANY($1) AND status <> 'PUBLISHED' RETURNING id",
    [HIDDEN_ARTICLES],
  );
  expect(moved).toHaveLength(2);
  await db.query(
    "INSERT INTO pages (slug, title, status, updated_at, blocks) VALUES ($1, 'Secret plans', 'DRAFT', now(), '[]')",
    [DRAFT_PAGE],
  );
  const { rows } = await db.query<{ id: number }>(
    "SELECT id FROM articles WHERE slug = 'the-four-day-week'",
  );
  const draftId = toGlobalId('Article', rows[0]!.id);
  const body = {
    nodeType: 'document',
    data: {},
    content: [
      paragraph(
        text('Fish & chips <b>not bold</b> ]]> end. '),
        hyperlink('javascript:alert(1)', 'bad link'),
        text(' '),
        hyperlink('/topics/food', 'relative link'),
      ),
      { nodeType: 'no-such-node', data: {}, content: [text('never shown')] },
      {
        nodeType: 'embedded-entry-block',
        data: { target: { sys: { type: 'Link', linkType: 'Entry', id: draftId } } },
        content: [],
      },
    ],
  };
  await db.query(
    `INSERT INTO articles (slug, title, summary, body, body_text, status, published_at, updated_at, reading_time_minutes)
     VALUES ($1, 'Fish & chips: "a <history>"', 'Salt & vinegar', $2, 'fish', 'PUBLISHED', now() - interval '2 minutes', now() - interval '2 minutes', 1)`,
    [TRICKY_SLUG, JSON.stringify(body)],
  );
}

/** Every URL a reader may find in every locale, worked out from the tables (the test's own oracle). */
async function expectedUrls(db: Database): Promise<Map<string, string | null>> {
  const urls = new Map<string, string | null>();
  for (const locale of LOCALE_CODES) {
    const prefix = locale === DEFAULT_LOCALE ? '' : `/${locale}`;
    const sees = READER_SEES.replace("'en'", `'${locale}'`);
    const seesA = READER_SEES_A.replace("'en'", `'${locale}'`);
    const newest = `(SELECT max(a.updated_at) FROM articles a WHERE ${seesA}`;
    const queries = [
      `SELECT '/articles/' || slug AS path, updated_at AS lastmod FROM articles WHERE ${sees}`,
      `SELECT CASE slug WHEN 'home' THEN '/' ELSE '/' || slug END AS path, updated_at AS lastmod FROM pages WHERE status = 'PUBLISHED' AND locale = '${locale}'`,
      `SELECT '/topics/' || t.slug AS path, ${newest} AND a.id IN (SELECT article_id FROM article_topics WHERE topic_id = t.id)) AS lastmod FROM topics t WHERE t.locale = '${locale}'`,
      `SELECT '/authors/' || u.slug AS path, ${newest} AND a.id IN (SELECT article_id FROM article_authors WHERE author_id = u.id)) AS lastmod FROM authors u WHERE u.locale = '${locale}'`,
      `SELECT '/articles' AS path, ${newest}) AS lastmod UNION ALL SELECT '/topics', ${newest})`,
    ];
    for (const sql of queries) {
      const { rows } = await db.query<{ path: string; lastmod: Date | null }>(sql);
      for (const row of rows) {
        const path = prefix && row.path === '/' ? prefix : prefix + row.path;
        urls.set(ORIGIN + path, row.lastmod ? new Date(row.lastmod).toISOString() : null);
      }
    }
  }
  return urls;
}

type Alternate = { '@rel': string; '@hreflang': string; '@href': string };
type UrlSet = {
  urlset: { url?: { loc: string; lastmod?: string; 'xhtml:link'?: Alternate[] }[] };
};
type SitemapIndex = { sitemapindex: { sitemap: { loc: string }[] } };

function parseXml<T>(xml: string): T {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml) as T;
}

describe('crawler documents over the seed', () => {
  let db: Database;
  let site: Served;
  beforeAll(async () => {
    db = await seededDatabase();
    await prepare(db);
    site = await serve({ db });
  });
  afterAll(async () => {
    await site.close();
    await db.close();
  });

  describe('/feed.xml', () => {
    type Html = { '#text': string; '@type': string };
    type Entry = {
      id: string;
      title: Html;
      link: { '@href': string }[];
      updated: string;
      published: string;
      summary: Html;
      content: Html;
      author: { name: string; uri: string }[];
    };
    type AtomFeed = {
      feed: {
        '@xml:lang': string;
        title: string;
        id: string;
        updated: string;
        link: { '@rel': string; '@href': string }[];
        entry: Entry[];
      };
    };
    let answer: Awaited<ReturnType<Served['get']>>;
    let feed: AtomFeed['feed'];
    beforeAll(async () => {
      answer = await site.get('/feed.xml');
      feed = parseXml<AtomFeed>(answer.text).feed;
    });

    it('is Atom with the site title, a self link and an alternate link', async () => {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=300');
      const { rows } = await db.query<{ title: string }>(
        "SELECT data->>'title' AS title FROM site WHERE id = 1",
      );
      expect(feed.title).toBe(rows[0]!.title);
      // Its text is English: every title, summary and content in it (RFC 4287, 2).
      expect(feed['@xml:lang']).toBe('en');
      expect(feed.link).toEqual(
        expect.arrayContaining([
          { '@rel': 'self', '@href': `${ORIGIN}/feed.xml` },
          { '@rel': 'alternate', '@href': `${ORIGIN}/` },
        ]),
      );
    });

    it('has the 20 newest published articles, newest first, with absolute links, dates, authors and content', async () => {
      const { rows } = await db.query<{ slug: string; updated_at: Date; published_at: Date }>(
        `SELECT slug, updated_at, published_at FROM articles WHERE ${READER_SEES} ORDER BY published_at DESC, id DESC LIMIT 20`,
      );
      expect(feed.entry).toHaveLength(20);
      expect(feed.entry.map((entry) => entry.link[0]!['@href'])).toEqual(
        rows.map((row) => `${ORIGIN}/articles/${row.slug}`),
      );
      expect(feed.entry.map((entry) => entry.id)).toEqual(
        rows.map((row) => `${ORIGIN}/articles/${row.slug}`),
      );
      expect(feed.entry.map((entry) => entry.published)).toEqual(
        rows.map((row) => row.published_at.toISOString()),
      );
      expect(feed.entry.map((entry) => entry.updated)).toEqual(
        rows.map((row) => row.updated_at.toISOString()),
      );
      const newest = Math.max(...rows.map((row) => row.updated_at.getTime()));
      expect(feed.updated).toBe(new Date(newest).toISOString());
      for (const entry of feed.entry.filter((item) => !item.id.endsWith(TRICKY_SLUG))) {
        for (const html of [entry.title, entry.summary, entry.content])
          expect(html['@type']).toBe('html');
        expect(entry.title['#text'].length).toBeGreaterThan(0);
        expect(entry.summary['#text'].length).toBeGreaterThan(0);
        expect(entry.content['#text']).toMatch(/^<(p|h2|ul|ol|blockquote)>/);
        expect(entry.author.length).toBeGreaterThan(0);
        for (const author of entry.author)
          expect(author.uri).toMatch(new RegExp(`^${ORIGIN}/authors/[a-z0-9-]+$`));
      }
      // Every URL inside the content is absolute (or mailto).
      const urls = feed.entry.flatMap((entry) =>
        [...entry.content['#text'].matchAll(/(?:href|src)="([^"]*)"/g)].map((match) => match[1]!),
      );
      expect(urls.length).toBeGreaterThan(10);
      for (const url of urls) expect(url).toMatch(/^(https?:\/\/|mailto:)/);
      expect(urls.some((url) => url.startsWith(`${ORIGIN}/articles/`))).toBe(true);
    });

    it('escapes titles and bodies, and leaves out invalid nodes, unsafe links and unpublished embeds', () => {
      const entry = feed.entry.find((item) => item.id === `${ORIGIN}/articles/${TRICKY_SLUG}`)!;
      expect(entry).toBeDefined();
      const content = entry.content['#text'];
      expect(entry.title['#text']).toBe('Fish &amp; chips: &quot;a &lt;history&gt;&quot;');
      expect(entry.summary['#text']).toBe('Salt &amp; vinegar');
      expect(content).toContain('Fish &amp; chips &lt;b&gt;not bold&lt;/b&gt; ]]&gt; end.');
      expect(content).toContain('bad link');
      expect(content).not.toContain('javascript');
      expect(content).toContain(`<a href="${ORIGIN}/topics/food">relative link</a>`);
      expect(content).not.toContain('never shown');
      expect(content).not.toContain('four-day-week');
    });

    it('never carries a draft, scheduled or archived article', () => {
      for (const slug of HIDDEN_ARTICLES) expect(answer.text).not.toContain(slug);
    });
  });

  it('/de/feed.xml is the German feed: German articles only, at their German addresses', async () => {
    const answer = await site.get('/de/feed.xml');
    expect(answer.status).toBe(200);
    const feed = parseXml<{
      feed: {
        '@xml:lang': string;
        id: string;
        entry: { id: string; title: { '#text': string } }[];
      };
    }>(answer.text).feed;
    expect(feed['@xml:lang']).toBe('de');
    const { rows } = await db.query<{ slug: string; title: string }>(
      `SELECT slug, title FROM articles WHERE ${READER_SEES.replace("'en'", "'de'")} ORDER BY published_at DESC, id DESC LIMIT 20`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(feed.id).toBe(`${ORIGIN}/de`);
    expect(feed.entry.map((entry) => entry.id)).toEqual(
      rows.map((row) => `${ORIGIN}/de/articles/${row.slug}`),
    );
    expect(feed.entry.map((entry) => entry.title['#text'])).toEqual(rows.map((row) => row.title));
  });

  describe('/sitemap.xml', () => {
    let answer: Awaited<ReturnType<Served['get']>>;
    let urls: NonNullable<UrlSet['urlset']['url']>;
    beforeAll(async () => {
      answer = await site.get('/sitemap.xml');
      urls = parseXml<UrlSet>(answer.text).urlset.url ?? [];
    });

    it('lists every published article, topic, author and page, and the indexes, each with its lastmod', async () => {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=300');
      const expected = await expectedUrls(db);
      expect(urls.map((url) => url.loc).sort()).toEqual([...expected.keys()].sort());
      for (const url of urls) {
        expect(url.lastmod).toBeDefined();
        expect(url.lastmod).toBe(expected.get(url.loc));
      }
      expect(urls.map((url) => url.loc)).toEqual(
        expect.arrayContaining([
          `${ORIGIN}/`,
          `${ORIGIN}/about`,
          `${ORIGIN}/articles`,
          `${ORIGIN}/topics`,
          `${ORIGIN}/topics/food`,
        ]),
      );
      expect(new Set(urls.map((url) => url.loc)).size).toBe(urls.length);
    });

    it("names each URL's language versions, the same set from every version, x-default the default locale's", async () => {
      const alternatesOf = new Map(
        urls.map((url) => [
          url.loc,
          (url['xhtml:link'] ?? []).map((link) => `${link['@hreflang']} ${link['@href']}`).sort(),
        ]),
      );
      // The seed's German translation of an article, by the database's own link between the two.
      const { rows } = await db.query<{ en: string; de: string }>(
        `SELECT o.slug AS en, t.slug AS de FROM articles t JOIN articles o ON o.id = t.original_id
         WHERE t.locale = 'de' AND ${READER_SEES_A.replaceAll('a.', 't.').replace("'en'", "'de'")} AND ${READER_SEES_A.replaceAll('a.', 'o.')}
         ORDER BY o.slug LIMIT 1`,
      );
      const { en, de } = rows[0]!;
      const pair = [
        `de ${ORIGIN}/de/articles/${de}`,
        `en ${ORIGIN}/articles/${en}`,
        `x-default ${ORIGIN}/articles/${en}`,
      ];
      expect(alternatesOf.get(`${ORIGIN}/articles/${en}`)).toEqual(pair);
      expect(alternatesOf.get(`${ORIGIN}/de/articles/${de}`)).toEqual(pair);
      expect(alternatesOf.get(`${ORIGIN}/de`)).toEqual([
        `de ${ORIGIN}/de`,
        `en ${ORIGIN}/`,
        `x-default ${ORIGIN}/`,
      ]);
      let named = 0;
      for (const [loc, alternates] of alternatesOf) {
        for (const alternate of alternates) {
          const [hreflang, href] = alternate.split(' ');
          expect(alternatesOf.has(href!)).toBe(true);
          // Reciprocal: the version lists the same set.
          expect(alternatesOf.get(href!)).toEqual(alternates);
          if (hreflang !== 'x-default') named += 1;
        }
        if (alternates.length > 0)
          expect(alternates).toContain(`${loc.startsWith(`${ORIGIN}/de`) ? 'de' : 'en'} ${loc}`);
      }
      expect(named).toBeGreaterThan(20);
    });

    it('never lists a draft, scheduled or archived article, nor a draft page', () => {
      for (const slug of [...HIDDEN_ARTICLES, DRAFT_PAGE]) expect(answer.text).not.toContain(slug);
      expect(urls.map((url) => url.loc)).not.toContain(`${ORIGIN}/home`);
    });
  });

  it('/robots.txt keeps crawlers out of preview and the API, and names the sitemap', async () => {
    const answer = await site.get('/robots.txt');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = answer.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Disallow: /preview',
        'Disallow: /graphql',
        `Sitemap: ${ORIGIN}/sitemap.xml`,
      ]),
    );
    expect(lines.filter((line) => line.startsWith('Disallow:'))).toHaveLength(2);
  });

  it.each(['/feed.xml', '/sitemap.xml', '/robots.txt'])(
    '%s has a strong ETag and answers 304 to If-None-Match',
    async (path) => {
      const first = await site.get(path);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[^"]+"$/);
      const again = await site.get(path, { 'If-None-Match': etag! });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=300');
      const other = await site.get(path, { 'If-None-Match': '"something-else"' });
      expect(other.status).toBe(200);
      expect(other.text).toBe(first.text);
    },
  );

  it('builds each document once per origin while it is fresh, and keeps origins apart', async () => {
    const sites = await serve({
      db,
      publicOrigin: (request) => `https://${request.get('X-Test-Site')}`,
    });
    try {
      const feedFor = async (host: string) =>
        (await sites.get('/feed.xml', { 'X-Test-Site': host })).text;
      const before = db.statementCount;
      const first = await feedFor('one.example');
      const built = db.statementCount - before;
      expect(built).toBeGreaterThan(0);
      expect(await feedFor('one.example')).toBe(first);
      expect(db.statementCount - before).toBe(built);
      const other = await feedFor('two.example');
      expect(other).toContain('https://two.example/articles/');
      expect(other).not.toContain('one.example');
      expect(db.statementCount - before).toBe(2 * built);
    } finally {
      await sites.close();
    }
  });

  describe('with a limit of 10 URLs per sitemap', () => {
    let small: Served;
    beforeAll(async () => {
      small = await serve({ db, sitemapUrlLimit: 10 });
    });
    afterAll(() => small.close());

    it('makes /sitemap.xml an index whose parts together list exactly the same URLs', async () => {
      const full = parseXml<UrlSet>((await site.get('/sitemap.xml')).text).urlset.url!.map(
        (url) => `${url.loc} ${url.lastmod}`,
      );
      const index = await small.get('/sitemap.xml');
      expect(index.status).toBe(200);
      const parts = parseXml<SitemapIndex>(index.text).sitemapindex.sitemap.map(
        (entry) => entry.loc,
      );
      expect(parts).toHaveLength(Math.ceil(full.length / 10));
      expect(parts).toEqual(parts.map((_, i) => `${ORIGIN}/sitemaps/${i + 1}.xml`));
      const listed: string[] = [];
      for (const part of parts) {
        const answer = await small.get(part.slice(ORIGIN.length));
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
        const urls = parseXml<UrlSet>(answer.text).urlset.url!;
        expect(urls.length).toBeLessThanOrEqual(10);
        listed.push(...urls.map((url) => `${url.loc} ${url.lastmod}`));
      }
      expect(listed).toHaveLength(full.length);
      expect([...listed].sort()).toEqual([...full].sort());
    });

    it.each(['/sitemaps/0.xml', '/sitemaps/99.xml', '/sitemaps/1x.xml', '/sitemaps/-1.xml'])(
      'answers 404 for %s',
      async (path) => {
        const answer = await small.get(path);
        expect(answer.status).toBe(404);
      },
    );

    it('has no parts when everything fits in one sitemap', async () => {
      expect((await site.get('/sitemaps/1.xml')).status).toBe(404);
    });
  });
});

describe('the document cache', () => {
  it('forgets failed builds and drops the oldest values over the size cap', async () => {
    const cache = new KeptValues<string>({
      ttlMs: 60_000,
      maxSize: 10,
      sizeOf: (value) => value.length,
    });
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 'aaaaaa')).toBe('aaaaaa');
    expect(await cache.get('a', async () => 'not again')).toBe('aaaaaa');
    expect(await cache.get('b', async () => 'bbbbbb')).toBe('bbbbbb');
    expect(await cache.get('b', async () => 'not again')).toBe('bbbbbb');
    expect(await cache.get('a', async () => 'rebuilt')).toBe('rebuilt');
  });
});

describe('when the database fails', () => {
  it.each(['/feed.xml', '/sitemap.xml', '/sitemaps/1.xml'])(
    '%s answers 503, uncached, without a stack',
    async (path) => {
      const failing: Database = {
        kind: 'pglite',
        statementCount: 0,
        query: () => Promise.reject(new Error('connection refused at /secret/path/db.ts:12')),
        exec: () => Promise.reject(new Error('no')),
        close: async () => {},
      };
      const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
      const broken = await serve({ db: failing, sitemapUrlLimit: 10 });
      try {
        const answer = await broken.get(path);
        expect(answer.status).toBe(503);
        expect(answer.headers.get('cache-control')).toBe('no-store');
        expect(answer.headers.get('etag')).toBeNull();
        expect(answer.text).not.toMatch(/secret|\.ts|at \w|Error/);
        expect(answer.text.length).toBeLessThan(100);
      } finally {
        await broken.close();
        quiet.mockRestore();
      }
    },
  );
});

describe('rich text as feed HTML', () => {
  const base = `${ORIGIN}/articles/a-story`;
  const document = (...content: unknown[]) =>
    ({ nodeType: 'document', data: {}, content }) as never;

  it('makes relative links absolute against the article and drops unsafe ones', () => {
    const html = richTextToHtml(
      document(
        paragraph(
          hyperlink('../topics/food', 'a'),
          hyperlink('#part-2', 'b'),
          hyperlink('mailto:editor@folio.example', 'c'),
          hyperlink('//evil.example/x', 'd'),
          hyperlink('java\nscript:alert(1)', 'e'),
          hyperlink('https://example.org/?a=1&b="2"', 'f'),
        ),
      ),
      { base, targets: new Map() },
    );
    expect(html).toBe(
      `<p><a href="${ORIGIN}/topics/food">a</a><a href="${base}#part-2">b</a><a href="mailto:editor@folio.example">c</a>de<a href="https://example.org/?a=1&amp;b=%222%22">f</a></p>`,
    );
  });

  it('renders known embeds with absolute URLs and leaves out unknown targets', () => {
    const target = (id: string) => ({ target: { sys: { id, type: 'Link', linkType: 'Entry' } } });
    const targets = new Map([
      [
        'asset1',
        {
          kind: 'asset',
          path: '/images/hero.jpg?v=abc',
          alt: 'A "quoted" hero',
          width: 1200,
          height: 800,
        } as const,
      ],
      ['code1', { kind: 'code', code: 'if (a < b) {}', caption: null } as const],
      ['article1', { kind: 'entry', path: '/articles/other', label: 'Other & more' } as const],
    ]);
    const html = richTextToHtml(
      document(
        { nodeType: 'embedded-asset-block', data: target('asset1'), content: [] },
        { nodeType: 'embedded-entry-block', data: target('code1'), content: [] },
        { nodeType: 'embedded-entry-block', data: target('article1'), content: [] },
        { nodeType: 'embedded-entry-block', data: target('missing'), content: [] },
        paragraph({
          nodeType: 'entry-hyperlink',
          data: target('missing'),
          content: [text('plain words')],
        }),
      ),
      { base, targets },
    );
    expect(html).toBe(
      `<figure><img src="${ORIGIN}/images/hero.jpg?v=abc" alt="A &quot;quoted&quot; hero" width="1200" height="800"/></figure>` +
        '<figure><pre><code>if (a &lt; b) {}</code></pre></figure>' +
        `<p><a href="${ORIGIN}/articles/other">Other &amp; more</a></p>` +
        '<p>plain words</p>',
    );
  });
});

describe('at scale', () => {
  let db: Database;
  let site: Served;
  beforeAll(async () => {
    db = await seededDatabase();
    const started = Date.now();
    await generateArticles(db, 10_000);
    console.log(`generated 10,000 articles in ${Date.now() - started} ms`);
    site = await serve({ db, cacheMs: 0 });
  }, 120_000);
  afterAll(async () => {
    await site.close();
    await db.close();
  });

  it('lists all 10,000 generated articles in the one default-limit sitemap, in a few statements', async () => {
    const statements = db.statementCount;
    let started = Date.now();
    const answer = await site.get('/sitemap.xml');
    const cold = Date.now() - started;
    const used = db.statementCount - statements;
    started = Date.now();
    await site.get('/sitemap.xml');
    const warm = Date.now() - started;
    console.log(
      `sitemap at 10k articles: ${cold} ms first, ${warm} ms again (no document cache), ${used} SQL statements, ${answer.text.length} bytes`,
    );

    expect(answer.status).toBe(200);
    const urls = parseXml<UrlSet>(answer.text).urlset.url!;
    const generated = urls.filter((url) => url.loc.startsWith(`${ORIGIN}/articles/generated-`));
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM articles WHERE slug LIKE 'generated-%' AND ${READER_SEES}`,
    );
    expect(rows[0]!.n).toBe(10_000);
    expect(generated).toHaveLength(10_000);
    expect(new Set(generated.map((url) => url.loc)).size).toBe(10_000);
    expect(urls).toHaveLength((await expectedUrls(db)).size);
    // Per locale: four statements for its overview, one (or two) for its articles.
    expect(used).toBeLessThanOrEqual(6 * LOCALE_CODES.length);
    expect(cold).toBeLessThan(5_000);
  });
});
