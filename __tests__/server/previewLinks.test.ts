import AppLayoutQuery from '@generated/AppLayoutQuery.graphql';
import ArticlePageQuery from '@generated/ArticlePageQuery.graphql';
import {
  PREVIEW_LINK_TTL_S,
  previewUrlKey,
  signPreviewGrant,
  type PreviewDocument,
} from '../../api/previewLinks';
import { sourceRenderer } from '../support/sourceRenderer';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * Signed preview links (docs/http-and-cache.md#preview-links): a link names
 * one document and expires; the session it opens shows that draft alone, in a
 * frame only the configured CMS origin may draw, and never to a reader.
 */
const LINK_KEY = 'a-link-key-of-at-least-thirty-two-characters';
const CMS_ORIGIN = 'http://127.0.0.1:1337';
const DRAFT = '/articles/the-four-day-week';
const DRAFT_TITLE = 'What the four-day week trials actually found';
const OTHER_DRAFT = '/articles/summer-reading-2025';

let site: TestServer;

beforeAll(async () => {
  site = await startTestServer({
    mode: 'production',
    serveClient: true,
    renderer: sourceRenderer(),
    previewLinkKey: LINK_KEY,
    previewFrameOrigins: [CMS_ORIGIN],
  });
});
afterAll(() => site.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, { headers, redirect: 'manual' });

const key = Buffer.from(LINK_KEY);
const now = () => Math.floor(Date.now() / 1000);
const link = (document: PreviewDocument, expiresAt = now() + PREVIEW_LINK_TTL_S) =>
  `/preview/open?link=${signPreviewGrant(key, { purpose: 'link', document, expiresAt })}`;

/** Opens a link and returns the session cookie it set. */
async function open(path: string): Promise<string> {
  const response = await get(path);
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe(DRAFT);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  const cookie = response.headers.get('set-cookie') ?? '';
  expect(cookie).toMatch(/^folio_preview=[^;]+;.*Max-Age=3600/);
  expect(cookie).toMatch(/HttpOnly/);
  return cookie.split(';')[0]!;
}

describe('a signed link', () => {
  it('opens a session for the draft it names, and only that draft', async () => {
    const cookie = await open(link({ type: 'Article', slug: 'the-four-day-week' }));
    const page = await get(DRAFT, { Cookie: cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toContain(`>${DRAFT_TITLE}</h1>`);
    expect(html).toContain('Exit preview');
    expect(html).toContain('You are seeing this draft as it will look.');
    // Framed by the CMS's preview panel only.
    expect(page.headers.get('content-security-policy')).toContain(
      `frame-ancestors 'self' ${CMS_ORIGIN}`,
    );
    expect(page.headers.get('x-frame-options')).toBeNull();
    // Another draft stays hidden; lists stay a reader's.
    expect((await get(OTHER_DRAFT, { Cookie: cookie })).status).toBe(404);
    const list = await (await get('/articles', { Cookie: cookie })).text();
    expect(list).not.toContain(DRAFT_TITLE);
    // A reader, right after: the 404, framed by nobody.
    const reader = await get(DRAFT);
    expect(reader.status).toBe(404);
    expect(reader.headers.get('x-frame-options')).toBe('DENY');
    expect(reader.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('names its document by id as a CMS does, and the API answers that document alone', async () => {
    const drafts = site.source.reader({ preview: true });
    const draft = await drafts.article({ slug: 'the-four-day-week' });
    const cookie = await open(link({ type: 'Article', id: draft!.id }));
    const ask = (slug: string) =>
      site.graphql<{ article: { title: string } | null; viewer: { isPreview: boolean } }>(
        { doc_id: ArticlePageQuery.params.id, variables: { slug } },
        { Cookie: cookie },
      );
    const theDraft = await ask('the-four-day-week');
    expect(theDraft.body.errors).toBeUndefined();
    expect(theDraft.body.data?.article?.title).toBe(DRAFT_TITLE);
    expect(theDraft.body.data?.viewer.isPreview).toBe(true);
    expect(theDraft.headers.get('cache-control')).toBe('private, no-store');
    const otherDraft = await ask('summer-reading-2025');
    expect(otherDraft.body.data?.article).toBeNull();
    const published = await ask('reading-the-tides');
    expect(published.body.data?.article?.title).toBe('Reading the tides');
  });

  it('refuses an expired link, a forged one, and one for another key', async () => {
    const expired = await get(link({ type: 'Article', slug: 'the-four-day-week' }, now() - 1));
    expect(expired.status).toBe(403);
    expect(await expired.text()).toMatch(/expired/);
    expect(expired.headers.get('set-cookie')).toBeNull();
    const forged = link({ type: 'Article', slug: 'the-four-day-week' }).replace(/.$/, (c) =>
      c === 'A' ? 'B' : 'A',
    );
    expect((await get(forged)).status).toBe(403);
    const otherKey = signPreviewGrant(Buffer.from('x'.repeat(40)), {
      purpose: 'link',
      document: { type: 'Article', slug: 'the-four-day-week' },
      expiresAt: now() + 60,
    });
    expect((await get(`/preview/open?link=${otherKey}`)).status).toBe(403);
    expect((await get('/preview/open?link=%00%00')).status).toBe(403);
  });

  it('a link has one spelling: a signature differing only in unused bits is refused', async () => {
    // 32 bytes of HMAC in 43 base64url characters leave the last one's two low
    // bits unused: flipping one decodes to the same bytes, and must not pass.
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const honest = link({ type: 'Article', slug: 'the-four-day-week' });
    const respelled = honest.replace(/.$/, (c) => ALPHABET[ALPHABET.indexOf(c) ^ 1]!);
    const signatureOf = (url: string) => url.slice(url.lastIndexOf('.') + 1);
    expect(Buffer.from(signatureOf(respelled), 'base64url')).toEqual(
      Buffer.from(signatureOf(honest), 'base64url'),
    );
    const refused = await get(respelled);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('set-cookie')).toBeNull();
    expect((await get(honest)).status).toBe(303);
  });

  it('a session cookie is not a link, and a link is not a session', async () => {
    const session = signPreviewGrant(key, {
      purpose: 'session',
      document: { type: 'Article', slug: 'the-four-day-week' },
      expiresAt: now() + 60,
    });
    expect((await get(`/preview/open?link=${session}`)).status).toBe(403);
    const asCookie = link({ type: 'Article', slug: 'the-four-day-week' }).split('=')[1]!;
    const page = await get(DRAFT, { Cookie: `folio_preview=${asCookie}` });
    expect(page.status).toBe(404);
    expect(page.headers.get('set-cookie')).toMatch(/^folio_preview=;/);
  });

  it('an expired session is a reader’s page, and the API says why', async () => {
    const session = signPreviewGrant(key, {
      purpose: 'session',
      document: { type: 'Article', slug: 'the-four-day-week' },
      expiresAt: now() - 1,
    });
    const page = await get(DRAFT, { Cookie: `folio_preview=${session}` });
    expect(page.status).toBe(404);
    const api = await site.graphql(
      { doc_id: ArticlePageQuery.params.id, variables: { slug: 'the-four-day-week' } },
      { Cookie: `folio_preview=${session}` },
    );
    expect(api.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(api.body.errors?.[0]?.message).toMatch(/expired: open it again from your CMS/);
  });

  it('a link to a document that is gone is a 404 that says so', async () => {
    const response = await get(link({ type: 'Page', slug: 'no-such-page' }));
    expect(response.status).toBe(404);
    expect(await response.text()).toMatch(/not there any more/);
    expect(response.headers.get('content-security-policy')).toContain(CMS_ORIGIN);
  });
});

describe('a CMS preview URL pattern (Contentful) over Folio’s own database', () => {
  // Contentful's patterns work over Contentful only (__tests__/cms/contentfulPreviewUrl.test.ts); here ids are counted, and links are signed.
  it('opens nothing, with the site’s URL key or without', async () => {
    const draft = await site.source.reader({ preview: true }).article({
      slug: 'the-four-day-week',
    });
    const urlKey = previewUrlKey(key);
    for (const url of [
      `/preview/open?type=Article&id=${draft!.id}&key=${urlKey}`,
      `/preview/open?type=Article&id=${draft!.id}&key=wrong`,
      `/preview/open?type=Author&id=${draft!.id}&key=${urlKey}`,
      `/preview/open?type=Article&id=..%2F&key=${urlKey}`,
    ]) {
      const response = await get(url);
      expect(response.status).toBe(403);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });
});

describe('a link names its language and version (issue 39)', () => {
  const TIDES_DE = '/de/articles/die-gezeiten-lesen';

  it('opens the version in the language it names, at its address there, the original named by id', async () => {
    const original = await site.source.reader({ preview: true }).article({
      slug: 'reading-the-tides',
    });
    const response = await get(
      `/preview/open?link=${signPreviewGrant(key, {
        purpose: 'link',
        document: { type: 'Article', id: original!.id },
        locale: 'de',
        expiresAt: now() + 60,
      })}`,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(TIDES_DE);
    // The session covers the document in every language: the German page shows under the banner.
    const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
    const page = await get(TIDES_DE, { Cookie: cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('>Die Gezeiten lesen</h1>');
    expect(html).toContain('Vorschau beenden');
  });

  it('a link made before links named a language (version 1) opens as the default locale’s draft', async () => {
    const payload = Buffer.from(
      JSON.stringify({
        v: 1,
        p: 'link',
        t: 'Article',
        slug: 'the-four-day-week',
        exp: now() + 60,
      }),
    ).toString('base64url');
    const { createHmac } = await import('node:crypto');
    const signature = createHmac('sha256', key).update(payload).digest('base64url');
    await open(`/preview/open?link=${payload}.${signature}`);
  });

  it('the Published tab’s link shows the published page, without the draft banner', async () => {
    const published = (slug: string) =>
      `/preview/open?link=${signPreviewGrant(key, {
        purpose: 'link',
        document: { type: 'Article', slug },
        version: 'published',
        expiresAt: now() + 60,
      })}`;
    const response = await get(published('reading-the-tides'));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/articles/reading-the-tides');
    const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
    const page = await get('/articles/reading-the-tides', { Cookie: cookie });
    expect(page.status).toBe(200);
    // Framed by the CMS, kept by nobody: still a preview answer.
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('content-security-policy')).toContain(CMS_ORIGIN);
    const html = await page.text();
    expect(html).not.toContain('You are seeing this draft');
    expect(html).not.toMatch(/draft/i);
    expect(html).toContain('You are seeing the published version, as readers see it.');
    // A draft has no published version: the page says so, in the panel.
    const draft = await get(published('the-four-day-week'));
    expect(draft.status).toBe(404);
    expect(await draft.text()).toContain('This is not published');
  });
});

describe('the banner says what is true of the page it is on (issue 39)', () => {
  const bannerOf = (html: string) =>
    /<div class="preview-banner"[^>]*>(.*?)<\/div>/s.exec(html)?.[1] ?? '';

  it('other pages of a one-document session are a reader’s, with a way back to the draft', async () => {
    const cookie = await open(link({ type: 'Article', slug: 'the-four-day-week' }));
    for (const path of ['/', '/articles', '/articles/reading-the-tides']) {
      const banner = bannerOf(await (await get(path, { Cookie: cookie })).text());
      expect(banner).not.toContain('You are seeing this draft');
      expect(banner).toContain('You are previewing one draft. This page is as readers see it.');
      expect(banner).toContain(`href="${DRAFT}"`);
      expect(banner).toContain('Back to the draft');
    }
    // On the draft itself: this draft, and no link to where it already is.
    const here = bannerOf(await (await get(DRAFT, { Cookie: cookie })).text());
    expect(here).toContain('You are seeing this draft as it will look.');
    expect(here).not.toContain('Back to the draft');
    // A draft never published yet is dated when it is published: no warning.
    expect(here).not.toContain('Not visible to readers');
    // In German on a German page: the way back is to the German version's address, when it has one.
    const home = bannerOf(await (await get('/de', { Cookie: cookie })).text());
    expect(home).toContain('Sie sehen sich einen Entwurf in der Vorschau an.');
  });

  it('the API names the session’s document and version, privately, and nothing for a reader', async () => {
    const cookie = await open(link({ type: 'Article', slug: 'the-four-day-week' }));
    const ask = (headers: Record<string, string>) =>
      site.graphql<{
        viewer: {
          previewedDocument: {
            version: string;
            document: { __typename: string; slug: string; status: string } | null;
          } | null;
        };
      }>({ doc_id: AppLayoutQuery.params.id, variables: { locale: 'en' } }, headers);
    const session = await ask({ Cookie: cookie });
    expect(session.body.errors).toBeUndefined();
    expect(session.body.data?.viewer.previewedDocument).toMatchObject({
      version: 'DRAFT',
      document: { __typename: 'Article', slug: 'the-four-day-week', status: 'DRAFT' },
    });
    expect(session.headers.get('cache-control')).toBe('private, no-store');
    const reader = await ask({});
    expect(reader.body.data?.viewer.previewedDocument).toBeNull();
  });

  it('an article published without a publication date says readers cannot see it', async () => {
    // What a source that cannot tell leaves (a Strapi project without cms/strapi/src/firstPublication.js).
    const slug = 'the-checklist';
    const { rows } = await site.db.query<{ published_at: Date }>(
      "UPDATE articles a SET published_at = NULL FROM articles b WHERE a.id = b.id AND a.slug = $1 AND a.locale = 'en' RETURNING b.published_at",
      [slug],
    );
    expect(rows).toHaveLength(1);
    try {
      const cookie = (await get(link({ type: 'Article', slug }))).headers
        .get('set-cookie')!
        .split(';')[0]!;
      const banner = bannerOf(await (await get(`/articles/${slug}`, { Cookie: cookie })).text());
      expect(banner).toContain('Not visible to readers: no publication date.');
      // Elsewhere in the session the warning is not repeated: it is about that page.
      expect(bannerOf(await (await get('/', { Cookie: cookie })).text())).not.toContain(
        'Not visible to readers',
      );
    } finally {
      await site.db.query(
        "UPDATE articles SET published_at = $2 WHERE slug = $1 AND locale = 'en'",
        [slug, rows[0]!.published_at],
      );
    }
  });
});

describe('in a CMS’s frame (issue 39)', () => {
  it('the session is a partitioned cookie, kept where third-party cookies are not', async () => {
    const response = await get(link({ type: 'Article', slug: 'the-four-day-week' }), {
      'Sec-Fetch-Dest': 'iframe',
    });
    expect(response.status).toBe(303);
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((cookie) => /^folio_preview=[^;]+;.*Max-Age=3600/.test(cookie));
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/; Partitioned/);
    expect(session).toMatch(/; SameSite=None/);
    // At the top level it stays Lax (no Secure needed over plain HTTP).
    const top = await get(link({ type: 'Article', slug: 'the-four-day-week' }));
    expect(top.headers.get('set-cookie')).toMatch(/SameSite=Lax/);
    expect(top.headers.get('set-cookie')).not.toMatch(/Partitioned/);
  });

  it('Exit preview ends it and answers a page the frame may show, not a redirect to a page that refuses frames', async () => {
    const response = await get(`/preview/exit?to=${encodeURIComponent(DRAFT)}`, {
      'Sec-Fetch-Dest': 'iframe',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(response.headers.get('content-security-policy')).toContain(
      `frame-ancestors 'self' ${CMS_ORIGIN}`,
    );
    const cleared = response.headers.getSetCookie();
    expect(cleared.some((c) => /^folio_preview=;.*Partitioned/.test(c))).toBe(true);
    expect(cleared.some((c) => /^folio_preview=;.*SameSite=Lax/.test(c))).toBe(true);
    const html = await response.text();
    expect(html).toContain('Preview ended');
    expect(html).toContain(`href="${DRAFT}"`);
    // The banner's link says "framed" itself, where a browser sends no Sec-Fetch-Dest.
    expect((await get(`/preview/exit?framed=1&to=/`)).status).toBe(200);
    // At the top level: the redirect, as before.
    expect((await get(`/preview/exit?to=/`)).status).toBe(303);
  });

  it('a refusal is a styled page in the link’s language, never publicly cacheable', async () => {
    const expired = signPreviewGrant(key, {
      purpose: 'link',
      document: { type: 'Article', slug: 'die-gezeiten-lesen' },
      locale: 'de',
      expiresAt: now() - 1,
    });
    const response = await get(`/preview/open?link=${expired}`);
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Dieser Vorschau-Link ist abgelaufen');
    // Its style is allowed by its hash, nothing inline else.
    expect(response.headers.get('content-security-policy')).toMatch(/style-src 'self' 'sha256-/);
    // A German `to` path makes German pages of /preview too.
    const wrong = await get('/preview?token=wrong&to=/de/articles/die-gezeiten-lesen');
    expect(await wrong.text()).toContain('<html lang="de">');
  });
});
