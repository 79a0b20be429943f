import type { Page, Request } from '@playwright/test';
import { CONTEXT_OPTIONS, withBrowser } from './browser';
import { ROUTES } from '../harness/routes';
import { progress } from './log';
import { queryTextFor } from './operations';
import { int, sum } from './stats';
import { table, type SectionResult } from './report';
import { withSite } from './site';

/** One /graphql request a step made, with its sizes once it finished. */
interface Call {
  step: string;
  method: string;
  operationName: string;
  postData: string;
  requestBody: number;
  requestHeaders: number;
  responseWire: number;
  responseDecoded: number;
  responseHeaders: number;
  contentEncoding: string;
}

interface Step {
  label: string;
  expected: number;
  calls: Call[];
}

const isGraphQL = (request: Request) => new URL(request.url()).pathname === '/graphql';

/** Records /graphql requests per step and knows when none is in flight. */
class GraphQLRecorder {
  private readonly pending = new Set<Request>();
  private readonly requests: { step: string; request: Request }[] = [];
  private lastActivity = Date.now();
  step = 'cold';

  constructor(page: Page) {
    page.on('request', (request) => {
      if (!isGraphQL(request)) return;
      this.pending.add(request);
      this.requests.push({ step: this.step, request });
      this.lastActivity = Date.now();
    });
    const done = (request: Request) => {
      if (this.pending.delete(request)) this.lastActivity = Date.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
  }

  /** Resolves once no GraphQL request has been in flight for `quietMs`. */
  async settle(quietMs = 750, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.pending.size > 0 || Date.now() - this.lastActivity < quietMs) {
      if (Date.now() > deadline)
        throw new Error(`GraphQL requests still in flight after ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async calls(): Promise<Call[]> {
    return Promise.all(this.requests.map(({ step, request }) => describe(step, request)));
  }
}

async function describe(step: string, request: Request): Promise<Call> {
  const response = await request.response();
  const sizes = await request.sizes();
  const postData = request.postData() ?? '';
  const body = postData === '' ? {} : (JSON.parse(postData) as { operationName?: string });
  const url = new URL(request.url());
  return {
    step,
    method: request.method(),
    operationName: body.operationName ?? url.searchParams.get('operationName') ?? '?',
    postData,
    requestBody: Buffer.byteLength(postData),
    requestHeaders: sizes.requestHeadersSize,
    responseWire: sizes.responseBodySize,
    responseDecoded: response ? (await response.body()).length : 0,
    responseHeaders: sizes.responseHeadersSize,
    contentEncoding: response?.headers()['content-encoding'] ?? 'none',
  };
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first();

/** Waits for the page at `path` with `heading` as its h1, and for GraphQL to go quiet. */
async function arrive(
  page: Page,
  recorder: GraphQLRecorder,
  path: string | RegExp,
  heading?: string,
): Promise<string> {
  await page.waitForURL(path);
  const title =
    heading === undefined
      ? h1(page)
      : page.getByRole('heading', { level: 1, name: heading, exact: true });
  await title.waitFor();
  await recorder.settle();
  return (await h1(page).textContent())?.trim() ?? '';
}

/** Cold `/`, nav link "Articles", the first card, back, back, forward. */
async function walk(
  page: Page,
  baseUrl: string,
  recorder: GraphQLRecorder,
): Promise<{ label: string; expected: number }[]> {
  const steps: { label: string; expected: number }[] = [];
  const run = async (label: string, expected: number, action: () => Promise<void>) => {
    progress('traffic', label);
    recorder.step = label;
    steps.push({ label, expected });
    await action();
  };
  let homeTitle = '';
  let indexTitle = '';
  let articlePath = '';
  // Every route arrives server-rendered with its records: hydration asks nothing.
  for (const route of ROUTES) {
    await run(`first load of ${route.path}`, 0, async () => {
      await page.goto(`${baseUrl}${route.path}`);
      await arrive(page, recorder, `${baseUrl}${route.path}`, route.heading);
    });
  }
  await run('cold load of /', 0, async () => {
    await page.goto(`${baseUrl}/`);
    homeTitle = await arrive(page, recorder, `${baseUrl}/`);
  });
  await run('click "Articles" (→ /articles)', 1, async () => {
    await page
      .getByRole('navigation')
      .getByRole('link', { name: 'Articles', exact: true })
      .first()
      .click();
    indexTitle = await arrive(page, recorder, `${baseUrl}/articles`);
  });
  await run('click the first card (→ article)', 1, async () => {
    const card = page.locator('main article h2 a').first();
    const title = ((await card.textContent()) ?? '').trim();
    articlePath = (await card.getAttribute('href')) ?? '';
    await card.click();
    await arrive(page, recorder, `${baseUrl}${articlePath}`, title);
  });
  await run('back (→ /articles)', 0, async () => {
    await page.goBack();
    await arrive(page, recorder, `${baseUrl}/articles`, indexTitle);
  });
  await run('back (→ /)', 0, async () => {
    await page.goBack();
    await arrive(page, recorder, `${baseUrl}/`, homeTitle);
  });
  await run('forward (→ /articles)', 0, async () => {
    await page.goForward();
    await arrive(page, recorder, `${baseUrl}/articles`, indexTitle);
  });
  return steps;
}

async function measureSteps(baseUrl: string): Promise<Step[]> {
  return withBrowser(async (browser) => {
    const context = await browser.newContext(CONTEXT_OPTIONS);
    try {
      const page = await context.newPage();
      const recorder = new GraphQLRecorder(page);
      const steps = await walk(page, baseUrl, recorder);
      const calls = await recorder.calls();
      return steps.map((step) => ({
        ...step,
        calls: calls.filter((call) => call.step === step.label),
      }));
    } finally {
      await context.close();
    }
  });
}

function stepsTable(steps: readonly Step[]): string {
  const rows = steps.map((step) => {
    const calls = step.calls;
    return [
      step.label,
      `${calls.length} (expected ${step.expected})`,
      calls.map((call) => `${call.method} ${call.operationName}`).join(', ') || '—',
      int(sum(calls.map((call) => call.requestBody))),
      int(sum(calls.map((call) => call.requestHeaders))),
      int(sum(calls.map((call) => call.responseWire))),
      int(sum(calls.map((call) => call.responseDecoded))),
      int(sum(calls.map((call) => call.responseHeaders))),
      [...new Set(calls.map((call) => call.contentEncoding))].join(', ') || '—',
    ];
  });
  return table(
    [
      'Step',
      '/graphql requests',
      'Operations',
      'Request body B',
      'Request headers B',
      'Response body B (wire)',
      'Response body B (decoded)',
      'Response headers B',
      'Content-Encoding',
    ],
    rows,
    ['l', 'r', 'l', 'r', 'r', 'r', 'r', 'r', 'l'],
  );
}

/** The same requests with the query text instead of the persisted id. */
function persistedVersusText(steps: readonly Step[]): string {
  const calls = steps.flatMap((step) => step.calls).filter((call) => call.postData !== '');
  const rows = calls.map((call) => {
    const body = JSON.parse(call.postData) as {
      operationName: string;
      variables: unknown;
      doc_id?: string;
    };
    const textBody = JSON.stringify({
      operationName: body.operationName,
      variables: body.variables,
      query: queryTextFor(body.doc_id ?? ''),
    });
    const text = Buffer.byteLength(textBody);
    return [
      call.operationName,
      int(call.requestBody),
      int(text),
      `${(text / call.requestBody).toFixed(1)}×`,
      int(text - call.requestBody),
    ];
  });
  return table(
    [
      'Operation',
      'Body with doc_id (B)',
      'Body with full query text (B)',
      'Ratio',
      'Saved per request (B)',
    ],
    rows,
    ['l', 'r', 'r', 'r', 'r'],
  );
}

export async function runTraffic(): Promise<Omit<SectionResult, 'durationMs'>> {
  const steps = await withSite('traffic', (site) => measureSteps(site.url));
  const counts = steps.map((step) => step.calls.length);
  const expected = steps.map((step) => step.expected);
  const matches = counts.every((count, index) => count === expected[index]);
  const body = [
    'Method: one Playwright context in Debian Chromium (1280×900) against `npm start` (production). Each step waits for its page (URL and `h1`) and then for 750 ms without a /graphql request in flight. ' +
      'Clicks are real Playwright clicks: the pointer moves onto the link first, so a request started by hovering (route preloading) is counted in that step. ' +
      'Bytes are from Chromium (`request.sizes()`): "wire" is the encoded body as received, "decoded" after Content-Encoding.',
    stepsTable(steps),
    `Requests per step: ${counts.join(', ')} (expected ${expected.join(', ')}).`,
    '### Persisted id against full query text (request bodies of the steps above)',
    persistedVersusText(steps),
  ].join('\n\n');
  return {
    id: 'traffic',
    title: 'GraphQL requests per navigation',
    targets: [
      {
        target: `/graphql requests on the first load of every route (${ROUTES.length} routes) = 0`,
        measured: counts.slice(0, ROUTES.length).join(', '),
        pass: counts.slice(0, ROUTES.length).every((count) => count === 0),
      },
      {
        target:
          '/graphql requests per step = 0, 1, 1, 0, 0, 0 (first load, Articles, article, back, back, forward)',
        measured: counts.slice(ROUTES.length).join(', '),
        pass: matches,
      },
    ],
    body,
  };
}
