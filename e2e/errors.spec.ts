import type { Page, Route } from '@playwright/test';
import { expect, test, waitForPage, type GraphQLLog } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';

/**
 * SPEC §7, row by row, in the browser: the GraphQL request is intercepted and
 * answered with the fault; the reader sees the state; the fault is lifted and
 * Retry (or Reload) brings the page back.
 */
const ARTICLE = '/articles/reading-the-tides';
const TITLE = 'Reading the tides';

type Fault = (route: Route, attempt: number) => Promise<void>;

/**
 * Requests for the article's own query. (On a failed cold load the frame asks
 * for its data separately, and fails the same way: it then shows a plain header.)
 */
const articleRequests = (graphql: GraphQLLog) => graphql.calls.filter((call) => call.operationName === 'ArticlePageQuery').length;

/** Answers GraphQL requests with `fault` until the returned function lifts it. */
async function injectFault(page: Page, fault: Fault): Promise<() => Promise<void>> {
  let attempt = 0;
  const handler = (route: Route) => fault(route, ++attempt);
  await page.route('**/graphql*', handler);
  return () => page.unroute('**/graphql*', handler);
}

const status = (code: number, body = '<html><body>Bad gateway</body></html>', headers: Record<string, string> = {}): Fault => (route) =>
  route.fulfill({ status: code, contentType: 'text/html', body, headers });

async function expectStateThenRetry(page: Page, state: { title: string | RegExp; button?: string }, lift: () => Promise<void>) {
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { level: 1, name: state.title })).toBeVisible();
  // The frame stays: the reader can still go elsewhere.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const info = test.info();
  await saveScreenshot(page, info, `state-${info.titlePath.at(-1)?.split(/[:(]/)[0]?.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, false);
  await lift();
  await alert.getByRole('button', { name: state.button ?? 'Try again' }).click();
  await waitForPage(page, TITLE);
}

test.describe('HTTP status', () => {
  test('500 is not retried: "The server had a problem", then Try again', async ({ page, graphql }) => {
    const lift = await injectFault(page, status(500));
    await page.goto(ARTICLE);
    await expectStateThenRetry(page, { title: 'The server had a problem' }, lift);
    expect(articleRequests(graphql)).toBe(2);
  });

  test('503 every time is retried twice, then shown', async ({ page, graphql }) => {
    const lift = await injectFault(page, status(503));
    await page.goto(ARTICLE);
    await expect(page.getByRole('heading', { name: 'The server had a problem' })).toBeVisible();
    expect(articleRequests(graphql)).toBe(3);
    await expectStateThenRetry(page, { title: 'The server had a problem' }, lift);
  });

  test('502 once is retried and the page renders', async ({ page, graphql }) => {
    await injectFault(page, (route, attempt) => (attempt === 1 ? status(502)(route, attempt) : route.continue()));
    await page.goto(ARTICLE);
    await waitForPage(page, TITLE);
    expect(articleRequests(graphql)).toBe(2);
  });

  test('429 with Retry-After: 1 waits a second, then succeeds', async ({ page, graphql }) => {
    const times: number[] = [];
    await injectFault(page, (route, attempt) => {
      times.push(Date.now());
      return attempt === 1 ? status(429, 'slow down', { 'Retry-After': '1' })(route, attempt) : route.continue();
    });
    await page.goto(ARTICLE);
    await waitForPage(page, TITLE);
    expect(articleRequests(graphql)).toBe(2);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(950);
  });
});

test('an answer that is not JSON: "The answer could not be read", not retried', async ({ page, graphql }) => {
  const lift = await injectFault(page, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '<!doctype html><p>Sign in to the Wi-Fi' }));
  await page.goto(ARTICLE);
  await expectStateThenRetry(page, { title: 'The answer could not be read' }, lift);
  expect(articleRequests(graphql)).toBe(2);
});

test('JSON with neither data nor errors: "The answer could not be read"', async ({ page, graphql }) => {
  const lift = await injectFault(page, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"result":"ok"}' }));
  await page.goto(ARTICLE);
  await expectStateThenRetry(page, { title: 'The answer could not be read' }, lift);
  expect(articleRequests(graphql)).toBe(2);
});

test('a connection reset is retried twice, then "Can’t reach the server"', async ({ page, graphql }) => {
  const lift = await injectFault(page, (route) => route.abort('connectionreset'));
  await page.goto(ARTICLE);
  await expect(page.getByRole('heading', { name: 'Can’t reach the server' })).toBeVisible();
  expect(articleRequests(graphql)).toBe(3);
  await expectStateThenRetry(page, { title: 'Can’t reach the server' }, lift);
});

test('offline: "You are offline", and the page loads by itself on reconnect', async ({ page, context }) => {
  await page.goto('/topics');
  await waitForPage(page, 'Topics');
  await context.setOffline(true);
  await page.getByRole('link', { name: /Science/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await saveScreenshot(page, test.info(), 'state-offline', false);
  await expect(page.getByText(/offline/i).first()).toBeVisible();
  await context.setOffline(false);
  // No click: coming back online retries.
  await waitForPage(page, 'Science');
});

test('no answer within 15 s times out, is retried twice, then "Can’t reach the server"', async ({ page, graphql }) => {
  await page.clock.install();
  // Never answered.
  const lift = await injectFault(page, () => new Promise<void>(() => {}));
  await page.goto(ARTICLE);
  await expect.poll(() => articleRequests(graphql)).toBe(1);
  // 15 s timeout, 0.5 s pause, 15 s, 1.5 s pause, 15 s.
  await page.clock.runFor(15_000 + 500);
  await expect.poll(() => articleRequests(graphql)).toBe(2);
  await page.clock.runFor(15_000 + 1_500);
  await expect.poll(() => articleRequests(graphql)).toBe(3);
  await page.clock.runFor(15_000);
  await expect(page.getByRole('heading', { level: 1, name: 'Can’t reach the server' })).toBeVisible();
  // The frame's own request (made once the page failed) times out the same way; then its plain header shows.
  await page.clock.runFor(3 * 15_000 + 2_000);
  await expectStateThenRetry(page, { title: 'Can’t reach the server' }, lift);
  expect(articleRequests(graphql)).toBe(4);
});

test('GraphQL errors with no data: a message by extensions.code', async ({ page, graphql }) => {
  const lift = await injectFault(page, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: null, errors: [{ message: 'Preview token expired', extensions: { code: 'FORBIDDEN' } }] }) }),
  );
  await page.goto(ARTICLE);
  await expectStateThenRetry(page, { title: 'This content is not available' }, lift);
  expect(articleRequests(graphql)).toBe(2);
});

test('partial data: the page renders and only the failed part says so, with its own Try again', async ({ page, graphql }) => {
  const lift = await injectFault(page, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { article: Record<string, unknown> } };
    body.data.article.related = null;
    const errors = [{ message: 'Related reading is unavailable', path: ['article', 'related'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }];
    await route.fulfill({ response, json: { ...body, errors } });
  });
  await page.goto(ARTICLE);
  await waitForPage(page, TITLE);
  const related = page.getByRole('region', { name: 'Related reading' });
  await expect(related.getByText('Related reading could not be loaded just now.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Was this article helpful?' })).toBeVisible();
  await related.scrollIntoViewIfNeeded();
  await saveScreenshot(page, test.info(), 'state-partial-data', false);
  await lift();
  await related.getByRole('button', { name: 'Try again' }).click();
  await expect(related.getByRole('article')).toHaveCount(3);
  expect(articleRequests(graphql)).toBe(2);
});

test('an unknown persisted id (old client, new server): "A new version of Folio is available", Reload', async ({ page, graphql }) => {
  // The real server answers a doc_id it does not know.
  const lift = await injectFault(page, (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    return route.continue({ postData: JSON.stringify({ ...body, doc_id: '0'.repeat(64) }) });
  });
  await page.goto(ARTICLE);
  await expectStateThenRetry(page, { title: 'A new version of Folio is available', button: 'Reload' }, lift);
  expect(articleRequests(graphql)).toBe(2);
});

test('a failing newsletter signup is sent once, says so, and keeps the address', async ({ page, graphql }) => {
  await page.goto('/');
  await waitForPage(page, 'How things work, explained with care');
  await injectFault(page, status(503));
  const mark = graphql.count;
  const field = page.getByLabel('Email address');
  await field.fill('reader@example.org');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(graphql.since(mark).map((call) => call.operationName)).toEqual(['NewsletterSignupBlockMutation']);
  await page.waitForTimeout(2_500); // longer than both retry pauses: still one request
  expect(graphql.since(mark)).toHaveLength(1);
  await expect(field).toHaveValue('reader@example.org');
});
