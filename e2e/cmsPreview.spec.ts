import { e2eSourceName } from '../harness/contentSources';
import { expect, test } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';
import { ensureStrapiAdmin, signInToStrapi } from './support/strapiAdmin';

/**
 * Previewing from the CMS (docs/sources.md#previewing-from-strapi): a writer in Strapi's admin opens a
 * draft article and its Preview panel shows Folio rendering that draft,
 * through a signed link (api/previewLinks.ts), with no token typed anywhere.
 * Runs over the Strapi source only: Folio serves where Strapi's admin
 * expects it (harness/contentSources.ts, `sitePort`).
 */
const DRAFT_SLUG = 'the-four-day-week';
const DRAFT_TITLE = 'What the four-day week trials actually found';
test.skip(e2eSourceName() !== 'strapi', "Strapi's Preview panel: the Strapi source only");

const sourceEnv = () =>
  JSON.parse(process.env.FOLIO_E2E_SOURCE_ENV ?? '{}') as Record<string, string>;

test("a draft opened in Strapi's admin shows in its Preview panel, rendered by Folio", async ({
  page,
  context,
}, testInfo) => {
  const { FOLIO_STRAPI_URL: strapi, FOLIO_STRAPI_TOKEN: token } = sourceEnv();
  expect(strapi, 'the Strapi source names its URL').toBeTruthy();
  await ensureStrapiAdmin(strapi!);

  const found = (await (
    await fetch(
      `${strapi}/api/articles?${new URLSearchParams({ 'filters[slug][$eq]': DRAFT_SLUG, status: 'draft', 'fields[0]': 'title' })}`,
      { headers: { authorization: `Bearer ${token}` } },
    )
  ).json()) as { data: { documentId: string }[] };
  const documentId = found.data[0]!.documentId;

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToStrapi(context, strapi!);
  await page.goto(
    `${strapi}/admin/content-manager/collection-types/api::article.article/${documentId}`,
  );
  await page.getByRole('link', { name: 'Open preview' }).click();

  const panel = page.frameLocator('iframe').first();
  await expect(panel.getByRole('heading', { level: 1, name: DRAFT_TITLE })).toBeVisible({
    timeout: 30_000,
  });
  await expect(panel.getByRole('region', { name: 'Preview' })).toBeVisible();
  // The frame shows Folio's page for that draft: its address is the article's, the link's signature gone.
  const src = await page.locator('iframe').first().getAttribute('src');
  expect(src).toContain('/preview/open?link=');
  expect(src).not.toContain('token');
  await saveScreenshot(page, testInfo, 'strapi-preview-panel', false);
});
