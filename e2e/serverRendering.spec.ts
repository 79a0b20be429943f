import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, waitForPage } from './support/fixtures';
import { E2E_PREVIEW_TOKEN } from './support/globalSetup';
import { isAbsoluteHttpUrl, jsonLd, links, meta, scripts, tags, texts } from './support/html';
import { ROUTES } from '../harness/routes';
import { FEED_PATH, localePath } from '../shared/sitePaths';

/**
 * What a crawler, a link-preview bot or a reader without JavaScript gets: the
 * raw HTML of every route (Playwright's APIRequestContext, no browser), honest
 * status codes, caching headers, the feed, the sitemap and robots.txt.
 */
const ARTICLE = '/articles/reading-the-tides';
const DRAFT_SLUG = 'the-four-day-week';
const DRAFT = `/articles/${DRAFT_SLUG}`;
const DRAFT_TITLE = 'What the four-day week trials actually found';
const PREVIEW_COOKIE = `folio_preview=${E2E_PREVIEW_TOKEN}`;

const originOf = (baseURL: string | undefined) => new URL(baseURL!).origin;

interface Bootstrap {
  hydrate: boolean;
  site: { origin: string; preview: boolean };
  records: Record<string, Record<string, unknown>>;
}

function bootstrapOf(html: string): Bootstrap {
  const [body, ...more] = scripts(html, /id="folio-bootstrap"/);
  expect(more, 'one bootstrap script').toEqual([]);
  expect(body, 'the document has its bootstrap script').toBeDefined();
  return JSON.parse(body!) as Bootstrap;
}

/** JSON-LD's `image`: a URL, an ImageObject, or a list of either. */
function imageUrls(image: unknown): unknown[] {
  const list = Array.isArray(image) ? image : [image];
  return list.map((item) =>
    item && typeof item === 'object' ? (item as { url?: unknown }).url : item,
  );
}

const byType = (blocks: Record<string, unknown>[], type: string) =>
  blocks.filter((block) => block['@type'] === type);

function expectBreadcrumbs(
  list: Record<string, unknown> | undefined,
  origin: string,
  last: string,
) {
  expect(list, 'a BreadcrumbList').toBeDefined();
  const items = list!.itemListElement as { position: number; name: string; item: string }[];
  expect(items.length).toBeGreaterThanOrEqual(2);
  items.forEach((entry, index) => {
    expect(entry.position).toBe(index + 1);
    expect(entry.name).toBeTruthy();
    expect(isAbsoluteHttpUrl(entry.item, origin), `breadcrumb ${entry.item} is absolute`).toBe(
      true,
    );
  });
  expect(items.at(-1)?.item).toBe(last);
}

test.describe('the raw HTML of every route', () => {
  for (const route of ROUTES) {
    const notFound = route.kind === 'not-found';
    test(`${route.name} (${route.path})`, async ({ request, baseURL }) => {
      const origin = originOf(baseURL);
      const response = await request.get(route.path);
      expect(response.status()).toBe(notFound ? 404 : 200);
      expect(response.headers()['content-type']).toContain('text/html');
      const html = await response.text();

      // The page itself, before any script runs.
      expect(texts(html, 'h1')).toEqual([route.heading]);
      const titles = texts(html, 'title');
      expect(titles).toHaveLength(1);
      expect(titles[0]).toMatch(notFound ? /not found|nicht gefunden/i : /\S/);
      // The page's language, and its language's feed.
      expect(html).toContain(`<html lang="${route.locale}">`);
      expect(
        links(html, 'alternate')
          .filter((link) => link.type === 'application/atom+xml')
          .map((link) => link.href),
      ).toEqual([localePath(route.locale, FEED_PATH)]);

      // The store's starting records.
      const bootstrap = bootstrapOf(html);
      expect(bootstrap.hydrate).toBe(true);
      expect(Object.keys(bootstrap.records)).toContain('client:root');

      // Every JSON-LD block parses (JSON.parse throws otherwise).
      const blocks = jsonLd(html);

      if (notFound) {
        expect(meta(html, 'robots')).toContain('noindex');
        expect(blocks).toEqual([]);
        return;
      }

      expect(meta(html, 'description')?.trim()).toBeTruthy();
      const canonical = links(html, 'canonical');
      expect(canonical).toHaveLength(1);
      expect(
        isAbsoluteHttpUrl(canonical[0]?.href, origin),
        `canonical ${canonical[0]?.href} is absolute`,
      ).toBe(true);
      expect(new URL(canonical[0]!.href!).pathname).toBe(new URL(route.path, origin).pathname);
      expect(meta(html, 'og:title')).toBeTruthy();
      expect(meta(html, 'og:description')).toBeTruthy();
      expect(meta(html, 'og:url')).toBe(canonical[0]?.href);
      expect(meta(html, 'og:type')).toBe(route.kind === 'article' ? 'article' : 'website');
      expect(meta(html, 'twitter:card')).toMatch(/^summary(_large_image)?$/);
      const ogImage = meta(html, 'og:image');
      if (route.kind === 'article' || ogImage !== undefined)
        expect(isAbsoluteHttpUrl(ogImage, origin), `og:image ${ogImage} is absolute`).toBe(true);

      if (route.kind === 'article') {
        const [posting, ...otherPostings] = [
          ...byType(blocks, 'BlogPosting'),
          ...byType(blocks, 'Article'),
          ...byType(blocks, 'NewsArticle'),
        ];
        expect(otherPostings).toEqual([]);
        expect(posting?.headline).toBe(route.heading);
        const authors = (Array.isArray(posting?.author) ? posting.author : [posting?.author]) as {
          name?: string;
        }[];
        expect(authors.map((author) => author?.name)).toContain('Eliza Marsh');
        for (const field of ['datePublished', 'dateModified'] as const) {
          expect(typeof posting?.[field], field).toBe('string');
          expect(Number.isNaN(Date.parse(posting?.[field] as string)), `${field} is a date`).toBe(
            false,
          );
        }
        const images = imageUrls(posting?.image);
        expect(images.length).toBeGreaterThan(0);
        for (const image of images)
          expect(isAbsoluteHttpUrl(image, origin), `image ${String(image)} is absolute`).toBe(true);
        expectBreadcrumbs(byType(blocks, 'BreadcrumbList')[0], origin, canonical[0]!.href!);
      }
      if (route.kind === 'topic' || route.kind === 'author') {
        expectBreadcrumbs(byType(blocks, 'BreadcrumbList')[0], origin, canonical[0]!.href!);
      }
    });
  }
});

test('404 status codes: an unknown article, an invalid slug, an unknown path and a draft', async ({
  request,
}) => {
  for (const path of [
    '/articles/no-such-article',
    '/articles/Not_A_Slug!',
    '/no/such/path',
    DRAFT,
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    const html = await response.text();
    expect(texts(html, 'h1'), path).toEqual(['Page not found']);
    expect(html, path).not.toContain(DRAFT_TITLE);
  }
});

test('a malformed address is refused with a 4xx and no stack or server path', async ({
  request,
}) => {
  const response = await request.get('/articles/%ZZ');
  expect(response.status()).toBeGreaterThanOrEqual(400);
  expect(response.status()).toBeLessThan(500);
  const body = await response.text();
  expect(body).not.toMatch(/\bat .+\(.+:\d+:\d+\)|node_modules|\/work\//);
});

test('the bootstrap script is JSON with the page’s records, and what a reader types cannot end it', async ({
  request,
}) => {
  const article = bootstrapOf(await (await request.get(ARTICLE)).text());
  expect(article.site.preview).toBe(false);
  const slugs = Object.values(article.records).map((record) => record.slug);
  expect(slugs).toContain('reading-the-tides');

  // A search for markup: the query is in the records, and the document holds no script of it.
  const attack = '</script><script id="injected">alert(1)</script><!--';
  const response = await request.get(`/search?q=${encodeURIComponent(attack)}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).not.toContain('<script id="injected">');
  expect(tags(html, 'script').filter((script) => script.id === 'injected')).toEqual([]);
  const search = bootstrapOf(html);
  expect(JSON.stringify(search.records)).toContain('alert(1)');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a reader opens an article from /articles through a real link', async ({ page }) => {
    await page.goto('/articles');
    await waitForPage(page, 'All articles');
    const card = page.locator('main article h2 a').first();
    const title = ((await card.textContent()) ?? '').trim();
    const href = (await card.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/articles\/[a-z0-9-]+$/);
    await card.click();
    await page.waitForURL(new RegExp(`${href}$`));
    await waitForPage(page, title);
    await expect(page.getByRole('article').getByRole('heading', { level: 1 })).toHaveText(title);
    // No script ran: the page is the server's HTML alone.
    expect(await page.locator('button.theme-toggle').count()).toBe(0);
  });

  test('the search form works as a plain GET form', async ({ page }) => {
    await page.goto('/search');
    await waitForPage(page, 'Search');
    await page.locator('input[name=q]').fill('tide');
    await page.locator('input[name=q]').press('Enter');
    await page.waitForURL(/\/search\?q=tide$/);
    await expect(page.getByText(/results? for “tide”/).first()).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Search results' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Search results' })
        .getByRole('link', { name: 'Reading the tides' }),
    ).toBeVisible();
    await expect(page.locator('input[name=q]')).toHaveValue('tide');
  });
});

test.describe('caching', () => {
  test('a reader’s page is public with an ETag, and a matching If-None-Match answers 304', async ({
    request,
  }) => {
    const first = await request.get(ARTICLE);
    expect(first.status()).toBe(200);
    const cacheControl = first.headers()['cache-control'] ?? '';
    expect(cacheControl).toContain('public');
    expect(cacheControl).toMatch(/s-maxage=\d+/);
    expect(cacheControl).not.toContain('private');
    expect((first.headers().vary ?? '').toLowerCase()).toContain('cookie');
    const etag = first.headers().etag;
    expect(etag).toBeTruthy();

    const again = await request.get(ARTICLE, { headers: { 'If-None-Match': etag! } });
    expect(again.status()).toBe(304);
    expect((await again.body()).length).toBe(0);

    const other = await request.get(ARTICLE, { headers: { 'If-None-Match': '"not-this-one"' } });
    expect(other.status()).toBe(200);
  });

  test('a request with the preview cookie gets a private page, never the reader’s 304', async ({
    request,
  }) => {
    const reader = await request.get(ARTICLE);
    const readerETag = reader.headers().etag!;
    const previewed = await request.get(ARTICLE, {
      headers: { Cookie: PREVIEW_COOKIE, 'If-None-Match': readerETag },
    });
    expect(previewed.status()).toBe(200);
    expect(previewed.headers()['cache-control']).toBe('private, no-store');
    expect(await previewed.text()).toContain('Exit preview');

    const draft = await request.get(DRAFT, { headers: { Cookie: PREVIEW_COOKIE } });
    expect(draft.status()).toBe(200);
    expect(draft.headers()['cache-control']).toBe('private, no-store');
    expect(await draft.text()).toContain(DRAFT_TITLE);
    // Right after: a reader at the same URL, with nothing of the draft.
    const readerDraft = await request.get(DRAFT);
    expect(readerDraft.status()).toBe(404);
    expect(await readerDraft.text()).not.toContain(DRAFT_TITLE);
  });
});

/** Parses XML with the browser's DOMParser: the document, or the parser's complaint. */
async function parseXml(
  page: Page,
  xml: string,
  select: string,
  attribute?: string,
): Promise<string[]> {
  return page.evaluate(
    ({ xml, select, attribute }) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      const error = doc.getElementsByTagName('parsererror')[0];
      if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
      return Array.from(doc.getElementsByTagNameNS('*', select)).map((node) =>
        attribute ? (node.getAttribute(attribute) ?? '') : (node.textContent ?? ''),
      );
    },
    { xml, select, attribute },
  );
}

async function expectAllAnswer200(request: APIRequestContext, urls: string[]) {
  const failures: string[] = [];
  for (const url of urls) {
    const response = await request.get(url, { maxRedirects: 0 });
    if (response.status() !== 200) failures.push(`${response.status()} ${url}`);
  }
  expect(failures).toEqual([]);
}

test.describe('feed, sitemap and robots.txt', () => {
  test('the feed is XML whose entries link to pages that answer 200, and no draft', async ({
    request,
    page,
    baseURL,
  }) => {
    const origin = originOf(baseURL);
    const response = await request.get('/feed.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/xml/);
    const xml = await response.text();
    const entryLinks = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const error = doc.getElementsByTagName('parsererror')[0];
      if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
      // Atom (<entry><link href>) or RSS 2.0 (<item><link>…</link>).
      const entries = [
        ...Array.from(doc.getElementsByTagNameNS('*', 'entry')),
        ...Array.from(doc.getElementsByTagName('item')),
      ];
      return entries.map((entry) => {
        const link = entry.getElementsByTagNameNS('*', 'link')[0];
        return {
          link: link?.getAttribute('href') ?? link?.textContent ?? '',
          id:
            (entry.getElementsByTagNameNS('*', 'id')[0] ?? entry.getElementsByTagName('guid')[0])
              ?.textContent ?? '',
          title: entry.getElementsByTagNameNS('*', 'title')[0]?.textContent ?? '',
        };
      });
    }, xml);
    expect(entryLinks.length).toBeGreaterThan(0);
    expect(entryLinks.length).toBeLessThanOrEqual(20);
    for (const entry of entryLinks) {
      expect(isAbsoluteHttpUrl(entry.link, origin), `entry link ${entry.link} is absolute`).toBe(
        true,
      );
      expect(entry.link).not.toContain(DRAFT_SLUG);
      expect(entry.id).not.toContain(DRAFT_SLUG);
      expect(entry.title).not.toBe(DRAFT_TITLE);
    }
    await expectAllAnswer200(
      request,
      entryLinks.map((entry) => entry.link),
    );
  });

  test('the sitemap is XML listing published pages only, each answering 200', async ({
    request,
    page,
    baseURL,
  }) => {
    const origin = originOf(baseURL);
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/xml/);
    const locs = (await parseXml(page, await response.text(), 'loc')).map((loc) => loc.trim());
    expect(locs.length).toBeGreaterThan(0);
    expect(locs.filter((loc) => loc.includes(DRAFT_SLUG))).toEqual([]);
    expect(locs.filter((loc) => !isAbsoluteHttpUrl(loc, origin))).toEqual([]);
    expect(locs).toContain(`${origin}${ARTICLE}`);
    await expectAllAnswer200(request, locs);
  });

  test('robots.txt is text naming the sitemap', async ({ request, baseURL }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent:/im);
    expect(text).toContain(`Sitemap: ${originOf(baseURL)}/sitemap.xml`);
  });
});

test('every page names its icons and web app manifest, and each of them answers', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const [icon] = links(html, 'icon');
  const [touchIcon] = links(html, 'apple-touch-icon');
  const [manifestLink] = links(html, 'manifest');
  expect([icon?.href, touchIcon?.href, manifestLink?.href]).toEqual([
    '/favicon.svg',
    '/apple-touch-icon.png',
    '/manifest.webmanifest',
  ]);
  const manifestAnswer = await request.get(manifestLink!.href!);
  expect(manifestAnswer.status()).toBe(200);
  expect(manifestAnswer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await manifestAnswer.json()) as {
    name: string;
    start_url: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Folio', start_url: '/' });
  expect(manifest.icons.map((entry) => entry.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  for (const { src, type } of [...manifest.icons, { src: touchIcon!.href!, type: 'image/png' }]) {
    const answer = await request.get(src);
    expect(answer.status(), src).toBe(200);
    expect(answer.headers()['content-type'], src).toMatch(
      new RegExp(`^${type.replace('+', '\\+')}`),
    );
  }
});
