import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ArticlePageQuery from '@generated/ArticlePageQuery.graphql';
import { openDatabase, type Database } from '../../api/db/database';
import { publishContent } from '../../api/publishing/publishContent';
import { openSite, type RunningServer } from '../../harness/siteServer';
import { ContentFolderCopy } from '../../harness/contentFolderCopy';
import { createFreshDatabase, type FreshDatabase } from '../../harness/freshDatabase';
import { describeOnPostgres } from '../support/describeOnPostgres';
import { eventually } from '../support/eventually';
import { sourceRenderer } from '../support/sourceRenderer';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * Issue 39, addresses that survive (docs/routes.md#addresses-that-moved): a
 * writer gives "Reading the tides" new slugs in English and German with one
 * edit of each file's front matter; the old addresses answer 301 to the new
 * ones in their locale, the API finds the article by its old slug (a link
 * followed inside the site shows it), the sitemap names only the new
 * addresses, and the redirects outlive a restart and answer on every server
 * of one PostgreSQL.
 */
const OLD = { en: '/articles/reading-the-tides', de: '/de/articles/die-gezeiten-lesen' };
const NEW = { en: '/articles/the-tides-explained', de: '/de/articles/die-gezeiten-erklaert' };

/** The copy of content/ with the tides renamed in both languages: one line in each file. */
function renamedFolder(): ContentFolderCopy {
  const folder = new ContentFolderCopy();
  folder.edit('articles/reading-the-tides.md', /^title: /m, 'slug: the-tides-explained\ntitle: ');
  folder.edit(
    'articles/reading-the-tides.de.md',
    'slug: die-gezeiten-lesen',
    'slug: die-gezeiten-erklaert',
  );
  return folder;
}

const get = (server: RunningServer, url: string) =>
  fetch(`${server.url}${url}`, { redirect: 'manual' });

/** Each old address is a 301 to its new one, the query kept. */
async function expectMoved(server: RunningServer): Promise<void> {
  for (const locale of ['en', 'de'] as const) {
    const answer = await get(server, `${OLD[locale]}?ref=feed`);
    expect({ locale, status: answer.status, location: answer.headers.get('location') }).toEqual({
      locale,
      status: 301,
      location: `${NEW[locale]}?ref=feed`,
    });
  }
}

/** Until the server has read where every published document is (it does so once it starts). */
const slugsRead = (db: Database) =>
  eventually(async () => {
    const { rows } = await db.query(
      "SELECT 1 FROM slug_history WHERE slug IN ('reading-the-tides', 'die-gezeiten-lesen')",
    );
    expect(rows).toHaveLength(2);
  });

describe('an article renamed in content/ keeps its old addresses', () => {
  let dataDir: string;
  let site: TestServer;
  let folder: ContentFolderCopy;
  const start = () =>
    startTestServer({
      dataDir,
      mode: 'production',
      serveClient: true,
      renderer: sourceRenderer(),
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'folio-moved-'));
    site = await start();
    await slugsRead(site.db);
    folder = renamedFolder();
    await publishContent(site.db, { dir: folder.dir });
  });
  afterAll(async () => {
    await site?.close();
    folder?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 301 at each old address, in its locale, to the new one; the new ones are the pages', async () => {
    await eventually(() => expectMoved(site), 10_000);
    for (const locale of ['en', 'de'] as const)
      expect((await get(site, NEW[locale])).status).toBe(200);
    // A reader's 301 is kept and may be kept by a CDN, like the 404 it replaces.
    const moved = await get(site, OLD.en);
    expect(moved.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=300, stale-if-error=600',
    );
    expect((await get(site, '/articles/no-such-article')).status).toBe(404);
  });

  it('the API finds the article by its old slug, as it is now: a link followed inside the site shows it', async () => {
    const answer = (await (
      await fetch(site.persistedGetUrl(ArticlePageQuery, { slug: 'reading-the-tides' }))
    ).json()) as { data: { article: { slug: string; title: string } | null } };
    expect(answer.data.article).toMatchObject({
      slug: 'the-tides-explained',
      title: 'Reading the tides',
    });
  });

  it('the sitemap names the new addresses only', async () => {
    const sitemap = await (await get(site, '/sitemap.xml')).text();
    expect(sitemap).toContain(`${NEW.en}</loc>`);
    expect(sitemap).toContain(`${NEW.de}"`);
    expect(sitemap).not.toContain(`${OLD.en}<`);
    expect(sitemap).not.toContain(`${OLD.de}"`);
  });

  it('keeps them after a restart: they are in the database, not in the process', async () => {
    await site.close();
    site = await start();
    await expectMoved(site);
  });
});

describeOnPostgres('an article renamed on one PostgreSQL', (serverUrl) => {
  let fresh: FreshDatabase;
  const servers: RunningServer[] = [];
  let folder: ContentFolderCopy;

  beforeAll(async () => {
    fresh = await createFreshDatabase(serverUrl, 'moved');
    for (let n = 0; n < 2; n += 1)
      servers.push(
        await openSite({
          port: 0,
          databaseUrl: fresh.url,
          mode: 'production',
          serveClient: true,
          renderer: sourceRenderer(),
        }),
      );
    await slugsRead(servers[0]!.db);
    // Published by a process of its own, as `npm run content` does over DATABASE_URL.
    folder = renamedFolder();
    const db = await openDatabase({ databaseUrl: fresh.url });
    try {
      await publishContent(db, { dir: folder.dir });
    } finally {
      await db.close();
    }
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    folder?.dispose();
    await fresh?.drop();
  });

  it('answers 301 at each old address on every server, the one that resolved the change or not', async () => {
    for (const server of servers) await eventually(() => expectMoved(server), 10_000);
  });
});
