/**
 * Pages in another locale, server-rendered (docs/decisions.md#locales): under the locale's
 * prefix, `<html lang>` of the locale, canonical in the locale, `hreflang`
 * alternates naming every version (and x-default) the same way from each
 * version, a switcher to the versions that exist, and a 404 for a locale the
 * site does not have or a document with no version there.
 */
import { publishContent } from '../../api/publishing/publishContent';
import { ContentFolderCopy } from '../../harness/contentFolderCopy';
import { sourceRenderer } from '../support/sourceRenderer';
import { startTestServer, type TestServer } from '../support/testServer';

const ORIGIN = 'https://folio.example';
let site: TestServer;
let folder: ContentFolderCopy;

beforeAll(async () => {
  site = await startTestServer({
    mode: 'production',
    serveClient: true,
    renderer: sourceRenderer(),
    publicUrl: ORIGIN,
  });
  folder = new ContentFolderCopy();
  folder.write(
    'topics/nature.de.md',
    '---\nname: Natur\nslug: natur\n---\n\nPflanzen und Tiere.\n',
  );
  folder.write(
    'topics/science.de.md',
    '---\nname: Wissenschaft\nslug: wissenschaft\n---\n\nWie die Welt funktioniert.\n',
  );
  folder.write('authors/eliza-marsh.de.md', 'Schreibt über das Meer.\n');
  folder.write(
    'articles/reading-the-tides.de.md',
    '---\ntitle: Die Gezeiten lesen\nslug: die-gezeiten-lesen\nsummary: Zweimal am Tag steigt das Meer.\n---\n\nWer die Gezeiten lesen kann, weiß, wann das Wasser kommt.\n',
  );
  await publishContent(site.db, { dir: folder.dir });
});
afterAll(async () => {
  folder?.dispose();
  await site?.close();
});

const page = async (path: string) => {
  const response = await fetch(`${site.url}${path}`);
  return { status: response.status, html: await response.text() };
};
const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map(
    ([, lang, href]) => `${lang} ${href}`,
  );

describe('a page in another locale', () => {
  it('is the translation, in its language, naming its versions as the original does', async () => {
    const german = await page('/de/articles/die-gezeiten-lesen');
    expect(german.status).toBe(200);
    expect(german.html).toContain('<html lang="de">');
    expect(german.html).toMatch(/<h1[^>]*>Die Gezeiten lesen<\/h1>/);
    expect(german.html).toContain(
      `<link rel="canonical" href="${ORIGIN}/de/articles/die-gezeiten-lesen"/>`,
    );
    const english = await page('/articles/reading-the-tides');
    expect(english.html).toContain('<html lang="en">');
    const expected = [
      `en ${ORIGIN}/articles/reading-the-tides`,
      `de ${ORIGIN}/de/articles/die-gezeiten-lesen`,
      `x-default ${ORIGIN}/articles/reading-the-tides`,
    ];
    // Reciprocal: each version lists the same set.
    expect(alternates(german.html)).toEqual(expected);
    expect(alternates(english.html)).toEqual(expected);
    // The switcher leads to the other version, at its own slug.
    expect(german.html).toMatch(/<a[^>]*href="\/articles\/reading-the-tides"[^>]*>English<\/a>/);
    expect(english.html).toMatch(
      /<a[^>]*href="\/de\/articles\/die-gezeiten-lesen"[^>]*>Deutsch<\/a>/,
    );
    // Its topics link within the locale.
    expect(german.html).toContain('href="/de/topics/natur"');
  });

  it('is a 404 for a document with no version there, and for a locale the site does not have', async () => {
    expect((await page('/de/articles/reading-the-tides')).status).toBe(404);
    expect((await page('/de/articles/frequency-is-freedom')).status).toBe(404);
    expect((await page('/fr/articles/reading-the-tides')).status).toBe(404);
    const untranslated = await page('/articles/frequency-is-freedom');
    expect(alternates(untranslated.html)).toEqual([]);
  });

  it('is a 404 under a prefix or path in another case: paths are matched as written (issue 36)', async () => {
    for (const path of [
      '/DE/articles/die-gezeiten-lesen',
      '/De/articles/die-gezeiten-lesen',
      '/DE',
      '/De/articles',
      '/de/Articles/die-gezeiten-lesen',
      '/Articles/reading-the-tides',
      '/TOPICS',
      '/Search?q=tides',
    ]) {
      const answer = await page(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.html).not.toContain('Die Gezeiten lesen');
    }
    for (const path of ['/FEED.XML', '/De/feed.xml', '/Sitemap.xml', '/Robots.txt']) {
      const response = await fetch(`${site.url}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });
});

describe('the sitemap', () => {
  it('names every version of each URL as its page does, reciprocally, and every one answers 200', async () => {
    const xml = await (await fetch(`${site.url}/sitemap.xml`)).text();
    const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)].map(
      ([, loc, rest]) => ({
        loc: loc!,
        alternates: [
          ...rest!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g),
        ]
          .map(([, lang, href]) => `${lang} ${href}`)
          .sort(),
      }),
    );
    const byLoc = new Map(entries.map((entry) => [entry.loc, entry.alternates]));
    expect(byLoc.size).toBe(entries.length);
    expect([...byLoc.keys()]).toEqual(
      expect.arrayContaining([`${ORIGIN}/de`, `${ORIGIN}/de/articles/die-gezeiten-lesen`]),
    );
    const translated = entries.filter((entry) => entry.alternates.length > 0);
    expect(translated.length).toBeGreaterThan(10);
    for (const { loc, alternates: listed } of translated) {
      expect(listed.filter((pair) => pair.startsWith('x-default '))).toHaveLength(1);
      for (const pair of listed) {
        const href = pair.split(' ')[1]!;
        // Reciprocal: the version the URL names lists the same set.
        expect([loc, byLoc.get(href)]).toEqual([loc, listed]);
      }
    }
    // Every URL answers 200, and a page names the same versions in its head as the sitemap does.
    for (const { loc, alternates: listed } of entries) {
      const answer = await page(loc.slice(ORIGIN.length) || '/');
      expect([loc, answer.status]).toEqual([loc, 200]);
      expect([loc, alternates(answer.html).sort()]).toEqual([loc, listed]);
    }
  });
});
