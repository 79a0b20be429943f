import { expect, test, waitForPage } from './support/fixtures';
import { E2E_PREVIEW_TOKEN } from './support/globalSetup';

const DRAFT = '/articles/the-four-day-week';
const DRAFT_TITLE = 'What the four-day week trials actually found';

test('a reader never sees a draft; a previewer does, with a banner, until they exit', async ({ page, graphql }) => {
  await page.goto(DRAFT);
  await waitForPage(page, 'Page not found');

  await page.goto(`/preview?token=${E2E_PREVIEW_TOKEN}&to=${encodeURIComponent(DRAFT)}`);
  await waitForPage(page, DRAFT_TITLE);
  // The token left the address bar, and travels as a header.
  await expect(page).toHaveURL(new RegExp(`${DRAFT}$`));
  const banner = page.getByRole('region', { name: 'Preview' });
  await expect(banner).toBeVisible();
  const previewed = graphql.calls.filter((call) => call.operationName === 'ArticlePageQuery').at(-1);
  expect(previewed?.variables).toEqual({ slug: 'the-four-day-week' });

  await banner.getByRole('link', { name: 'Exit preview' }).click();
  await waitForPage(page, 'Page not found');
  await expect(page.getByRole('region', { name: 'Preview' })).toHaveCount(0);
});

test('a wrong preview token is refused, and nothing of the draft is shown', async ({ page }) => {
  await page.goto(`/preview?token=not-the-token&to=${encodeURIComponent(DRAFT)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This content is not available' })).toBeVisible();
  await expect(page.getByText(DRAFT_TITLE)).toHaveCount(0);
});
