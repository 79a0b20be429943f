import type { Browser, Page } from '@playwright/test';
import { e2eSourceName } from '../harness/contentSources';
import { expect, test } from './support/fixtures';
import { saveLocatorScreenshot, saveScreenshot } from './support/screenshots';
import {
  articleData,
  articleEditView,
  documentIdOf,
  ensureStrapiAdmin,
  signInToStrapi,
  strapiRest,
  strapiUrl,
  type ArticleText,
  type StrapiRest,
} from './support/strapiAdmin';

/**
 * A Strapi writer's round trip (issue 39's "Done when", docs/sources.md#previewing-from-strapi,
 * docs/http-and-cache.md#preview-links), driven in Strapi's own admin: its edit
 * view's "Open preview", the Preview view's DRAFT and PUBLISHED tabs, Publish,
 * and Folio's page in the panel's frame. The documents a writer would have
 * saved are made through Strapi's REST API first (typing a whole article in the
 * admin tests Strapi, not Folio), under slugs of their own, and deleted after.
 * The Strapi run only (`FOLIO_E2E_SOURCES=strapi`): Folio serves where Strapi's
 * admin frames it (harness/contentSources.ts, `sitePort`).
 */
test.skip(e2eSourceName() !== 'strapi', "Strapi's admin: the Strapi source only");

/** Strapi's admin where `npm run cms:strapi` serves it, and the other name of the same machine. */
const ADMIN_ORIGIN = 'http://127.0.0.1:1337';
const ADMIN_AT_LOCALHOST = 'http://localhost:1337';

/** A run's own slugs: a document left by a failed run never collides with the next. */
const run = Date.now().toString(36);
/** A document published in English and German, each with an unpublished edit (its draft). */
const PUBLISHED: Record<'en' | 'de', ArticleText> = {
  en: {
    title: 'A writer’s test, as published',
    slug: `writers-test-${run}`,
    summary: 'The version readers see.',
    paragraph: 'Published text.',
  },
  de: {
    title: 'Ein Schreibtest, wie veröffentlicht',
    slug: `schreibtest-${run}`,
    summary: 'Die Fassung, die das Publikum sieht.',
    paragraph: 'Veröffentlichter Text.',
  },
};
const DRAFT_TITLE = { en: 'A writer’s test, the draft', de: 'Ein Schreibtest, der Entwurf' };
/** What Folio's banner says over a draft, in German (src/i18n/catalogs/de.po, preview.document). */
const GERMAN_DRAFT_BANNER = 'Sie sehen diesen Entwurf so, wie er erscheinen wird';

let rest: StrapiRest;
let documentId: string;
const made: string[] = [];

test.beforeAll(async () => {
  const strapi = strapiUrl();
  await ensureStrapiAdmin(strapi);
  rest = strapiRest(strapi);
  const relations = {
    authors: [await documentIdOf(rest, 'authors', 'mara-lindqvist')],
    topics: [await documentIdOf(rest, 'topics', 'design')],
  };
  // Written and published in English, translated and published in German, then edited in both (not published).
  const created = (await rest('POST', '/api/articles?status=published', {
    data: { ...articleData(PUBLISHED.en), ...relations },
  })) as { documentId: string };
  documentId = created.documentId;
  made.push(documentId);
  await rest('PUT', `/api/articles/${documentId}?locale=de&status=published`, {
    // Its author and topic have no German version in the seed: the German one names none.
    data: articleData(PUBLISHED.de),
  });
  for (const locale of ['en', 'de'] as const)
    await rest('PUT', `/api/articles/${documentId}?locale=${locale}&status=draft`, {
      data: { title: DRAFT_TITLE[locale] },
    });
});

test.afterAll(async () => {
  for (const id of made) await rest?.('DELETE', `/api/articles/${id}?locale=*`);
});

/** Opens the Preview view of the test article in `locale` as a writer does: from its edit view. */
async function openPreview(page: Page, origin: string, locale: 'en' | 'de'): Promise<void> {
  await page.goto(articleEditView(origin, documentId, locale));
  await page.getByRole('link', { name: 'Open preview' }).click();
}

/** The address the panel's frame shows now. */
function frameUrl(page: Page): URL {
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  if (!frame) throw new Error('the Preview view has no frame');
  return new URL(frame.url());
}

test("a writer in Strapi's German locale previews the German draft, and its English one from the switcher", async ({
  page,
  context,
}, testInfo) => {
  await signInToStrapi(context, ADMIN_ORIGIN);
  const panel = page.frameLocator('iframe').first();
  await openPreview(page, ADMIN_ORIGIN, 'de');
  await expect(panel.getByRole('heading', { level: 1, name: DRAFT_TITLE.de })).toBeVisible({
    timeout: 30_000,
  });
  expect(frameUrl(page).pathname).toBe(`/de/articles/${PUBLISHED.de.slug}`);
  await expect(panel.locator('html')).toHaveAttribute('lang', 'de');
  await expect(panel.getByRole('region', { name: 'Vorschau' })).toContainText(GERMAN_DRAFT_BANNER);
  const switcher = panel.getByRole('link', { name: 'English' });
  await expect(switcher).toBeVisible();
  await saveScreenshot(page, testInfo, 'strapi-german-draft-1280', false);
  await saveLocatorScreenshot(
    page.locator('iframe').first(),
    testInfo,
    'strapi-frame-switcher-1280',
  );

  // The language switcher inside the frame, on a phone-wide admin (the frame takes the width).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(switcher).toBeInViewport();
  await saveScreenshot(page, testInfo, 'strapi-german-draft-390', false);
  await saveLocatorScreenshot(
    page.locator('iframe').first(),
    testInfo,
    'strapi-frame-switcher-390',
  );

  // The session covers the document's every language: the switcher opens the English draft.
  await page.setViewportSize({ width: 1280, height: 900 });
  await switcher.click();
  await expect(panel.getByRole('heading', { level: 1, name: DRAFT_TITLE.en })).toBeVisible();
  expect(frameUrl(page).pathname).toBe(`/articles/${PUBLISHED.en.slug}`);
  await saveScreenshot(page, testInfo, 'strapi-english-draft-from-switcher', false);
});

test("the Preview view's PUBLISHED tab shows the published page, not the draft", async ({
  page,
  context,
}, testInfo) => {
  await signInToStrapi(context, ADMIN_ORIGIN);
  const panel = page.frameLocator('iframe').first();
  await openPreview(page, ADMIN_ORIGIN, 'de');
  await expect(panel.getByRole('heading', { level: 1, name: DRAFT_TITLE.de })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('tab', { name: 'PUBLISHED' }).click();
  await expect(panel.getByRole('heading', { level: 1, name: PUBLISHED.de.title })).toBeVisible();
  expect(frameUrl(page).pathname).toBe(`/de/articles/${PUBLISHED.de.slug}`);
  // Still a preview (Strapi may frame it, nobody keeps it), which says it shows the published version (preview.published).
  const banner = panel.getByRole('region', { name: 'Vorschau' });
  await expect(banner).toBeVisible();
  await saveScreenshot(page, testInfo, 'strapi-published-tab', false);
  await expect(banner).not.toContainText(GERMAN_DRAFT_BANNER);
  await expect(banner).toContainText('Sie sehen die veröffentlichte Fassung');

  // And back: the DRAFT tab shows the draft again.
  await page.getByRole('tab', { name: 'DRAFT' }).click();
  await expect(panel.getByRole('heading', { level: 1, name: DRAFT_TITLE.de })).toBeVisible();
});

test('an admin opened at localhost previews Folio at 127.0.0.1: a partitioned session in the frame', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await signInToStrapi(context, ADMIN_AT_LOCALHOST);
  const panel = page.frameLocator('iframe').first();
  await openPreview(page, ADMIN_AT_LOCALHOST, 'en');
  await expect(panel.getByRole('heading', { level: 1, name: DRAFT_TITLE.en })).toBeVisible({
    timeout: 30_000,
  });
  expect(frameUrl(page).host).toBe(new URL(baseURL!).host);
  // Another site than the admin's: the session is kept for Folio under the admin's site alone.
  const session = (await context.cookies()).find((cookie) => cookie.name === 'folio_preview');
  expect(session).toMatchObject({ domain: '127.0.0.1', sameSite: 'None', secure: true });
  expect((session as { partitionKey?: string } | undefined)?.partitionKey).toBe('http://localhost');
  // The session goes with the frame's own requests too: the switcher's client-side visit to the German draft.
  await panel.getByRole('link', { name: 'Deutsch' }).click();
  await expect(panel.getByRole('heading', { level: 1, name: DRAFT_TITLE.de })).toBeVisible();
  await saveScreenshot(page, testInfo, 'strapi-admin-at-localhost', false);
});

test('Exit preview inside the panel ends the preview and leaves a usable frame', async ({
  page,
  context,
}, testInfo) => {
  await signInToStrapi(context, ADMIN_ORIGIN);
  const panel = page.frameLocator('iframe').first();
  await openPreview(page, ADMIN_ORIGIN, 'de');
  await expect(panel.getByRole('heading', { level: 1, name: DRAFT_TITLE.de })).toBeVisible({
    timeout: 30_000,
  });
  await panel.getByRole('link', { name: 'Vorschau beenden' }).click();
  // Folio's framable "Preview ended" page, in the page's language, where "127.0.0.1 refused to connect" was.
  await expect(panel.getByRole('heading', { level: 1, name: 'Vorschau beendet' })).toBeVisible();
  expect((await context.cookies()).some((cookie) => cookie.name === 'folio_preview')).toBe(false);
  await saveScreenshot(page, testInfo, 'strapi-exit-preview-in-panel', false);

  // Its link opens the page as readers see it, in a new tab: the published German version, no banner.
  const [readerTab] = await Promise.all([
    context.waitForEvent('page'),
    panel.getByRole('link', { name: /so ansehen, wie Ihr Publikum sie sieht/ }).click(),
  ]);
  await expect(
    readerTab.getByRole('heading', { level: 1, name: PUBLISHED.de.title }),
  ).toBeVisible();
  await expect(readerTab.getByRole('region', { name: 'Vorschau' })).toHaveCount(0);
  await readerTab.close();

  // The panel still previews: a tab asks Strapi for a new link, and the frame shows the draft again.
  await page.getByRole('tab', { name: 'PUBLISHED' }).click();
  await expect(panel.getByRole('heading', { level: 1, name: PUBLISHED.de.title })).toBeVisible();
  await page.getByRole('tab', { name: 'DRAFT' }).click();
  await expect(panel.getByRole('heading', { level: 1, name: DRAFT_TITLE.de })).toBeVisible();
});

test('an article published in the admin without a publication date is visible to readers', async ({
  page,
  context,
  browser,
  baseURL,
}, testInfo) => {
  const text: ArticleText = {
    title: 'Published without a date',
    slug: `undated-${run}`,
    summary: 'Its writer left the publication date empty.',
    paragraph: 'Readers see this.',
  };
  // The writer's saved draft: no publication date.
  const draft = (await rest('POST', '/api/articles?status=draft', {
    data: {
      ...articleData(text),
      authors: [await documentIdOf(rest, 'authors', 'mara-lindqvist')],
    },
  })) as { documentId: string; publicationDate: string | null };
  made.push(draft.documentId);
  expect(draft.publicationDate).toBeNull();

  // The writer's click on Publish, in the admin.
  await signInToStrapi(context, ADMIN_ORIGIN);
  await page.goto(articleEditView(ADMIN_ORIGIN, draft.documentId, 'en'));
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published document')).toBeVisible();
  await saveScreenshot(page, testInfo, 'strapi-published-undated', false);

  // A reader (no cookie, no session) sees it once Strapi's webhook has reached Folio.
  const reader = await readerPage(browser, baseURL!);
  await expect(async () => {
    const response = await reader.goto(`/articles/${text.slug}`);
    expect(response?.status()).toBe(200);
  }).toPass({ timeout: 30_000 });
  await expect(reader.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
  await expect(reader.getByRole('main').locator('time').first()).toBeVisible();
  await saveScreenshot(reader, testInfo, 'strapi-undated-article-for-readers', false);
  await reader.context().close();
});

/** A reader's page on Folio: a context of its own, with nothing from the admin's. */
async function readerPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  return context.newPage();
}
