import { expect, test, waitForPage } from './support/fixtures';
import { waitForHydration } from './support/pageProblems';

test('typing searches once after the pause, keeps the query in the URL, and "More results" paginates', async ({
  page,
  graphql,
}) => {
  await page.goto('/search');
  await waitForPage(page, 'Search');
  // Typing-as-you-search is the hydrated page's (without JavaScript the form submits: serverRendering.spec.ts).
  await waitForHydration(page);
  expect(graphql.count).toBe(0);
  const box = page.getByRole('searchbox');
  const mark = graphql.count;

  // One character: a hint, nothing sent.
  await box.pressSequentially('t');
  await expect(page.getByText(/at least 2 characters/i)).toBeVisible();
  await page.waitForTimeout(400);
  expect(graphql.since(mark)).toEqual([]);

  // A word typed key by key: one request after the 250 ms pause.
  await box.pressSequentially('ime', { delay: 60 });
  await expect(page).toHaveURL(/\?q=time$/);
  const results = page.getByRole('region', { name: 'Search results' }).getByRole('listitem');
  await expect(results).toHaveCount(10);
  expect(graphql.since(mark).map((call) => [call.operationName, call.variables.query])).toEqual([
    ['SearchPageQuery', 'time'],
  ]);
  const summary = await page.getByText(/\d+ results for “time”/).textContent();
  const total = Number(/(\d+) results/.exec(summary ?? '')?.[1]);
  expect(total).toBeGreaterThan(10);
  await expect(page.locator('mark').first()).toBeVisible();

  // The next page of 10.
  await page.getByRole('button', { name: 'More results' }).click();
  await expect(results).toHaveCount(Math.min(total, 20));
  expect(
    graphql.since(mark).filter((call) => call.operationName !== 'ArticlePageQuery'),
  ).toHaveLength(2);

  // What was typed survives a reload: it is in the URL, and the server renders its results (no request).
  const beforeReload = graphql.count;
  await page.reload();
  await expect(page.getByRole('searchbox')).toHaveValue('time');
  await expect(results).toHaveCount(10);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  expect(
    graphql.since(beforeReload).filter((call) => call.operationName === 'SearchPageQuery'),
  ).toEqual([]);
});

test('quotes and operators never break search', async ({ page }) => {
  await page.goto('/search');
  await waitForHydration(page);
  await page.getByRole('searchbox').fill('"unclosed & | ! <b>');
  await expect(page.getByText(/Nothing matches|results? for/)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('switching language on the results keeps the query: the same search in the other language', async ({
  page,
  graphql,
}) => {
  await page.goto('/search?q=design');
  await waitForPage(page, 'Search');
  await waitForHydration(page);
  const switcher = page.getByRole('navigation', { name: 'Language' });
  await expect(switcher.getByRole('link', { name: 'Deutsch' })).toHaveAttribute(
    'href',
    '/de/search?q=design',
  );
  const mark = graphql.count;
  await switcher.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/de\/search\?q=design$/);
  await waitForPage(page, 'Suche');
  await expect(page.getByRole('searchbox')).toHaveValue('design');
  expect(graphql.since(mark).map((call) => [call.variables.query, call.variables.locale])).toEqual([
    ['design', 'de'],
  ]);
  await expect(page.getByText(/Treffer für „design“/)).toBeVisible();

  // And back: the German page's switcher keeps it too.
  await page
    .getByRole('navigation', { name: 'Sprache' })
    .getByRole('link', { name: 'English' })
    .click();
  await expect(page).toHaveURL(/\/search\?q=design$/);
  await expect(page.getByRole('searchbox')).toHaveValue('design');
});
