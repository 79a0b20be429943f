import { expect, test, waitForPage } from './support/fixtures';

test('each cold client-side navigation makes one persisted request, back and forward none', async ({ page, graphql }) => {
  await page.goto('/');
  await waitForPage(page, 'How things work, explained with care');
  expect(graphql.count).toBe(1);

  // Home → All articles (from the site navigation).
  let mark = graphql.count;
  await page.getByRole('navigation').getByRole('link', { name: 'Articles', exact: true }).first().click();
  await waitForPage(page, 'All articles');
  expect(graphql.since(mark).map((call) => call.operationName)).toEqual(['ArticleIndexPageQuery']);

  // All articles → the first article card (by its title link).
  const card = page.locator('main article h2 a').first();
  const title = (await card.textContent()) ?? '';
  const slug = ((await card.getAttribute('href')) ?? '').replace('/articles/', '');
  mark = graphql.count;
  await card.click();
  await waitForPage(page, title);
  await expect(page).toHaveURL(new RegExp(`/articles/${slug}$`));
  const [articleCall] = graphql.since(mark);
  expect(graphql.since(mark)).toHaveLength(1);

  // The body the server received: operation name, variables and the persisted id, no query text.
  expect(articleCall).toMatchObject({ method: 'POST', operationName: 'ArticlePageQuery', variables: { slug }, hasQueryText: false });
  expect(articleCall?.docId).toMatch(/^[0-9a-f]{64}$/);

  // Focus moves to the new page's heading for screen readers.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  // Back and forward come from the store.
  mark = graphql.count;
  await page.goBack();
  await waitForPage(page, 'All articles');
  await page.goBack();
  await waitForPage(page, 'How things work, explained with care');
  await page.goForward();
  await waitForPage(page, 'All articles');
  await page.goForward();
  await waitForPage(page, title);
  expect(graphql.since(mark)).toEqual([]);
});

test('hovering a link starts its query, and the click makes no second request', async ({ page, graphql }) => {
  await page.goto('/topics');
  await waitForPage(page, 'Topics');
  const mark = graphql.count;
  const link = page.getByRole('link', { name: /Science/ }).first();
  const preload = page.waitForRequest((request) => request.url().endsWith('/graphql'));
  await link.hover();
  await preload;
  await link.click();
  await waitForPage(page, 'Science');
  expect(graphql.since(mark).map((call) => call.operationName)).toEqual(['TopicPageQuery']);
});

test('"Load more" on /articles fetches the next page of 12 until all are shown', async ({ page, graphql }) => {
  await page.goto('/articles');
  await waitForPage(page, 'All articles');
  const cards = page.locator('main article');
  await expect(cards).toHaveCount(12);
  const mark = graphql.count;
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(24);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(32);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  // (The pointer resting on a card may also preload that article: only the list's own requests count.)
  const pages = graphql.since(mark).filter((call) => call.operationName !== 'ArticlePageQuery');
  expect(pages.map((call) => call.operationName)).toEqual(['ArticleIndexPaginationQuery', 'ArticleIndexPaginationQuery']);
  expect(pages[0]?.variables).toMatchObject({ count: 12 });
  expect(pages.every((call) => call.docId && !call.hasQueryText)).toBe(true);
});
