import type { Page, Route } from '@playwright/test';
import { expect, test, waitForPage, type GraphQLLog } from './support/fixtures';
import { waitForHydration } from './support/pageProblems';
import { expectSameDocument, markDocument } from './support/sameDocument';
import { saveScreenshot } from './support/screenshots';

/**
 * docs/errors.md#error-catalogue, row by row, in the browser, through CLIENT-SIDE navigation: a
 * healthy page is server-rendered first (no GraphQL request: its records come
 * in the document), then the GraphQL request is intercepted and answered with
 * the fault, and a link click goes to the article. The reader sees the state;
 * the fault is lifted and Retry (or Reload) brings the page back.
 */
const START = '/authors/eliza-marsh';
const START_TITLE = 'Eliza Marsh';
const ARTICLE = '/articles/reading-the-tides';
const TITLE = 'Reading the tides';
const ARTICLE_URL = new RegExp(`${ARTICLE}$`);

type Fault = (route: Route, attempt: number) => Promise<void>;

interface InstalledFault {
  /** Lets the held requests through to the fault (see `clickToArticle`). */
  release(): void;
  /** Lifts the fault: requests reach the server again. */
  lift(): Promise<void>;
}

/** Requests for the article's own query. */
const articleRequests = (graphql: GraphQLLog) =>
  graphql.calls.filter((call) => call.operationName === 'ArticlePageQuery').length;

/** The server-rendered healthy page the navigation starts from: no GraphQL request. */
async function openHealthyPage(
  page: Page,
  graphql: GraphQLLog,
  path = START,
  title = START_TITLE,
): Promise<void> {
  await page.goto(path);
  await waitForPage(page, title);
  await waitForHydration(page);
  expect(graphql.count).toBe(0);
  await markDocument(page);
}

/**
 * Answers GraphQL requests with `fault` until lifted. Requests are held until
 * `release`: a click first hovers the link, which preloads the article, and a
 * fault answered before the click itself would make the click ask again; held,
 * the hover's request and the click's navigation are one request, as they are
 * for a reader whose answer takes longer than a click.
 */
async function injectFault(page: Page, fault: Fault): Promise<InstalledFault> {
  let attempt = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    await released;
    return fault(route, ++attempt);
  };
  await page.route('**/graphql*', handler);
  return { release, lift: () => page.unroute('**/graphql*', handler) };
}

/** A real click on the article's link in the page (a client-side navigation), then the fault may answer. */
async function clickToArticle(page: Page, fault: InstalledFault): Promise<void> {
  await page.getByRole('main').getByRole('link', { name: TITLE, exact: true }).first().click();
  fault.release();
}

const status =
  (
    code: number,
    body = '<html><body>Bad gateway</body></html>',
    headers: Record<string, string> = {},
  ): Fault =>
  (route) =>
    route.fulfill({ status: code, contentType: 'text/html', body, headers });

async function expectState(page: Page, title: string | RegExp) {
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The frame stays: the reader can still go elsewhere.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // Still the one document: the state came by client-side navigation.
  await expectSameDocument(page);
  const info = test.info();
  await saveScreenshot(
    page,
    info,
    `state-${info.titlePath
      .at(-1)
      ?.split(/[:(]/)[0]
      ?.trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')}`,
    false,
  );
}

async function retry(page: Page, fault: InstalledFault, button = 'Try again') {
  await fault.lift();
  await page.getByRole('alert').getByRole('button', { name: button }).click();
  await waitForPage(page, TITLE);
}

test.describe('HTTP status', () => {
  test('500 is not retried: "The server had a problem", then Try again', async ({
    page,
    graphql,
  }) => {
    await openHealthyPage(page, graphql);
    const fault = await injectFault(page, status(500));
    await clickToArticle(page, fault);
    await page.waitForURL(ARTICLE_URL);
    await expectState(page, 'The server had a problem');
    expect(articleRequests(graphql)).toBe(1);
    await retry(page, fault);
    expect(articleRequests(graphql)).toBe(2);
  });

  test('503 every time is retried twice, then shown', async ({ page, graphql }) => {
    await openHealthyPage(page, graphql);
    const fault = await injectFault(page, status(503));
    await clickToArticle(page, fault);
    await page.waitForURL(ARTICLE_URL);
    await expectState(page, 'The server had a problem');
    expect(articleRequests(graphql)).toBe(3);
    await retry(page, fault);
    expect(articleRequests(graphql)).toBe(4);
  });

  test('502 once is retried and the page renders', async ({ page, graphql }) => {
    await openHealthyPage(page, graphql);
    const fault = await injectFault(page, (route, attempt) =>
      attempt === 1 ? status(502)(route, attempt) : route.continue(),
    );
    await clickToArticle(page, fault);
    await page.waitForURL(ARTICLE_URL);
    await waitForPage(page, TITLE);
    expect(articleRequests(graphql)).toBe(2);
  });

  test('429 with Retry-After: 1 waits a second, then succeeds', async ({ page, graphql }) => {
    await openHealthyPage(page, graphql);
    const times: number[] = [];
    const fault = await injectFault(page, (route, attempt) => {
      times.push(Date.now());
      return attempt === 1
        ? status(429, 'slow down', { 'Retry-After': '1' })(route, attempt)
        : route.continue();
    });
    await clickToArticle(page, fault);
    await page.waitForURL(ARTICLE_URL);
    await waitForPage(page, TITLE);
    expect(articleRequests(graphql)).toBe(2);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(950);
  });
});

test('an answer that is not JSON: "The answer could not be read", not retried', async ({
  page,
  graphql,
}) => {
  await openHealthyPage(page, graphql);
  const fault = await injectFault(page, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: '<!doctype html><p>Sign in to the Wi-Fi',
    }),
  );
  await clickToArticle(page, fault);
  await page.waitForURL(ARTICLE_URL);
  await expectState(page, 'The answer could not be read');
  expect(articleRequests(graphql)).toBe(1);
  await retry(page, fault);
  expect(articleRequests(graphql)).toBe(2);
});

test('JSON with neither data nor errors: "The answer could not be read"', async ({
  page,
  graphql,
}) => {
  await openHealthyPage(page, graphql);
  const fault = await injectFault(page, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"result":"ok"}' }),
  );
  await clickToArticle(page, fault);
  await page.waitForURL(ARTICLE_URL);
  await expectState(page, 'The answer could not be read');
  expect(articleRequests(graphql)).toBe(1);
  await retry(page, fault);
  expect(articleRequests(graphql)).toBe(2);
});

test('a connection reset is retried twice, then "Can’t reach the server"', async ({
  page,
  graphql,
}) => {
  await openHealthyPage(page, graphql);
  const fault = await injectFault(page, (route) => route.abort('connectionreset'));
  await clickToArticle(page, fault);
  await page.waitForURL(ARTICLE_URL);
  await expectState(page, 'Can’t reach the server');
  expect(articleRequests(graphql)).toBe(3);
  await retry(page, fault);
  expect(articleRequests(graphql)).toBe(4);
});

test('offline: "You are offline", and the page loads by itself on reconnect', async ({
  page,
  context,
  graphql,
}) => {
  await openHealthyPage(page, graphql, '/topics', 'Topics');
  await context.setOffline(true);
  await page
    .getByRole('main')
    .getByRole('link', { name: /Science/ })
    .first()
    .click();
  await page.waitForURL(/\/topics\/science$/);
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await saveScreenshot(page, test.info(), 'state-offline', false);
  await expect(page.getByText(/offline/i).first()).toBeVisible();
  await context.setOffline(false);
  // No click: coming back online retries.
  await waitForPage(page, 'Science');
  expect(
    graphql.calls.filter((call) => call.operationName === 'TopicPageQuery').length,
  ).toBeGreaterThanOrEqual(1);
});

test('no answer within 15 s times out, is retried twice, then "Can’t reach the server"', async ({
  page,
  graphql,
}) => {
  await page.clock.install();
  await openHealthyPage(page, graphql);
  // Never answered.
  const fault = await injectFault(page, () => new Promise<void>(() => {}));
  await clickToArticle(page, fault);
  await expect.poll(() => articleRequests(graphql)).toBe(1);
  // 15 s timeout, 0.5 s pause, 15 s, 1.5 s pause, 15 s.
  await page.clock.runFor(15_000 + 500);
  await expect.poll(() => articleRequests(graphql)).toBe(2);
  await page.clock.runFor(15_000 + 1_500);
  await expect.poll(() => articleRequests(graphql)).toBe(3);
  await page.clock.runFor(15_000);
  await page.waitForURL(ARTICLE_URL);
  await expectState(page, 'Can’t reach the server');
  // The frame came with the first page: it asks nothing of its own.
  expect(graphql.calls.map((call) => call.operationName)).toEqual([
    'ArticlePageQuery',
    'ArticlePageQuery',
    'ArticlePageQuery',
  ]);
  await retry(page, fault);
  expect(articleRequests(graphql)).toBe(4);
});

test('GraphQL errors with no data: a message by extensions.code', async ({ page, graphql }) => {
  await openHealthyPage(page, graphql);
  const fault = await injectFault(page, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        data: null,
        errors: [{ message: 'Preview token expired', extensions: { code: 'FORBIDDEN' } }],
      }),
    }),
  );
  await clickToArticle(page, fault);
  await page.waitForURL(ARTICLE_URL);
  await expectState(page, 'This content is not available');
  expect(articleRequests(graphql)).toBe(1);
  await retry(page, fault);
  expect(articleRequests(graphql)).toBe(2);
});

test('partial data: the page renders and only the failed part says so, with its own Try again', async ({
  page,
  graphql,
}) => {
  await openHealthyPage(page, graphql);
  const fault = await injectFault(page, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { article: Record<string, unknown> } };
    body.data.article.related = null;
    const errors = [
      {
        message: 'Related reading is unavailable',
        path: ['article', 'related'],
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      },
    ];
    await route.fulfill({ response, json: { ...body, errors } });
  });
  await clickToArticle(page, fault);
  await page.waitForURL(ARTICLE_URL);
  await waitForPage(page, TITLE);
  expect(articleRequests(graphql)).toBe(1);
  const related = page.getByRole('region', { name: 'Related reading' });
  await expect(related.getByText('Related reading could not be loaded just now.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Was this article helpful?' })).toBeVisible();
  await related.scrollIntoViewIfNeeded();
  await saveScreenshot(page, test.info(), 'state-partial-data', false);
  await fault.lift();
  await related.getByRole('button', { name: 'Try again' }).click();
  await expect(related.getByRole('article')).toHaveCount(3);
  expect(articleRequests(graphql)).toBe(2);
});

test('an unknown persisted id (old client, new server): "A new version of Folio is available", Reload', async ({
  page,
  graphql,
}) => {
  await openHealthyPage(page, graphql);
  // The real server answers a doc_id it does not know.
  const fault = await injectFault(page, (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    return route.continue({ postData: JSON.stringify({ ...body, doc_id: '0'.repeat(64) }) });
  });
  await clickToArticle(page, fault);
  await page.waitForURL(ARTICLE_URL);
  await expectState(page, 'A new version of Folio is available');
  expect(articleRequests(graphql)).toBe(1);
  // Reload loads the document again: the server renders the article, and the new page asks nothing.
  await fault.lift();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('alert').getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await waitForPage(page, TITLE);
  await waitForHydration(page);
  expect(
    await page.evaluate(() =>
      performance
        .getEntriesByType('navigation')
        .map((entry) => (entry as PerformanceNavigationTiming).type),
    ),
  ).toEqual(['reload']);
  expect(articleRequests(graphql)).toBe(1);
});

test('a failing newsletter signup is sent once, says so, and keeps the address', async ({
  page,
  graphql,
}) => {
  await openHealthyPage(page, graphql, '/', 'How things work, explained with care');
  const fault = await injectFault(page, status(503));
  fault.release();
  const field = page.getByLabel('Email address');
  await field.fill('reader@example.org');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(graphql.calls.map((call) => call.operationName)).toEqual([
    'NewsletterSignupBlockMutation',
  ]);
  await page.waitForTimeout(2_500); // longer than both retry pauses: still one request
  expect(graphql.calls).toHaveLength(1);
  await expect(field).toHaveValue('reader@example.org');
});

test('a first load whose server render failed is not hydrated: the browser loads the page itself, with retries', async ({
  page,
  graphql,
}) => {
  // What the server sends when the content service fails during its render: 503 with Retry-After, the
  // reader's error state and a bootstrap that says "do not hydrate" with no records. The e2e server's
  // content service cannot be made to fail from here, so that document is made from the real one.
  await page.route(`**${ARTICLE}`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /<body>[\s\S]*?(<script type="application\/json" id="folio-scripts">[\s\S]*?<\/script>)<script type="application\/json" id="folio-bootstrap">([\s\S]*?)<\/script>/,
      (_match, scriptList: string, json: string) =>
        '<body><div id="root"><main id="main" class="site-main"><section class="status-page" role="alert"><h1>The server had a problem</h1></section></main></div>' +
        scriptList +
        `<script type="application/json" id="folio-bootstrap">${JSON.stringify({ ...(JSON.parse(json) as object), hydrate: false, records: {} })}</script>`,
    );
    expect(html).not.toContain(`>${TITLE}</h1>`);
    await route.fulfill({
      status: 503,
      headers: { ...response.headers(), 'retry-after': '10' },
      body: html,
    });
  });
  // …and fails once more in the browser: the catalogue's retry brings the page.
  const fault = await injectFault(page, (route, attempt) =>
    attempt === 1 ? status(503)(route, attempt) : route.continue(),
  );
  fault.release();
  const response = await page.goto(ARTICLE);
  expect(response?.status()).toBe(503);
  await waitForPage(page, TITLE);
  await expect(
    page.getByRole('region', { name: 'Related reading' }).getByRole('article'),
  ).toHaveCount(3);
  // One request failed and was retried; the page's query brought the frame too.
  expect(graphql.calls.map((call) => call.operationName)).toEqual([
    'ArticlePageQuery',
    'ArticlePageQuery',
  ]);
});
