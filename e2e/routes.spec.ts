import { expect, test, waitForPage } from './support/fixtures';
import { ROUTES } from './support/routes';

for (const route of ROUTES.filter((r) => r.name !== 'not-found')) {
  test(`${route.path} renders seed content in one request`, async ({ page, graphql }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await waitForPage(page, route.heading);
    await expect(page.getByText(route.shows).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: /main|site/i }).first()).toBeVisible();
    expect(graphql.count).toBe(1);
    expect(errors).toEqual([]);
  });
}

test('an unknown slug is a 404 page that asks only for the site frame', async ({ page, graphql }) => {
  await page.goto('/articles/no-such-article');
  await waitForPage(page, 'Page not found');
  expect(graphql.calls.map((call) => call.operationName)).toEqual(['ArticlePageQuery']);
  await expect(page).toHaveTitle(/not found/i);
});

test('an invalid slug is a 404 without a page query', async ({ page, graphql }) => {
  await page.goto('/articles/Not_A_Slug!');
  await waitForPage(page, 'Page not found');
  expect(graphql.calls.every((call) => !/ArticlePageQuery/.test(call.operationName))).toBe(true);
  await page.goto('/no/such/path');
  await waitForPage(page, 'Page not found');
});
