import { test as base, expect, type Page, type Request } from '@playwright/test';

/** One GraphQL request the page made, as the server received it. */
export interface GraphQLCall {
  method: string;
  operationName: string;
  variables: Record<string, unknown>;
  docId: string | undefined;
  hasQueryText: boolean;
  bodyBytes: number;
}

export function isGraphQLRequest(request: Request): boolean {
  return new URL(request.url()).pathname === '/graphql';
}

export function describeGraphQLRequest(request: Request): GraphQLCall {
  if (request.method() === 'GET') {
    const params = new URL(request.url()).searchParams;
    return {
      method: 'GET',
      operationName: params.get('operationName') ?? '',
      variables: JSON.parse(params.get('variables') ?? '{}') as Record<string, unknown>,
      docId: params.get('doc_id') ?? undefined,
      hasQueryText: params.has('query'),
      bodyBytes: 0,
    };
  }
  const raw = request.postData() ?? '';
  const body = JSON.parse(raw) as {
    operationName?: string;
    variables?: Record<string, unknown>;
    doc_id?: string;
    query?: string;
  };
  return {
    method: request.method(),
    operationName: body.operationName ?? '',
    variables: body.variables ?? {},
    docId: body.doc_id,
    hasQueryText: typeof body.query === 'string',
    bodyBytes: Buffer.byteLength(raw),
  };
}

/** Records every GraphQL request a page makes from now on. */
export class GraphQLLog {
  readonly calls: GraphQLCall[] = [];

  constructor(page: Page) {
    page.on('request', (request) => {
      if (isGraphQLRequest(request)) this.calls.push(describeGraphQLRequest(request));
    });
  }

  get count(): number {
    return this.calls.length;
  }

  /** The calls made since `mark` (a count taken earlier). */
  since(mark: number): GraphQLCall[] {
    return this.calls.slice(mark);
  }
}

export const test = base.extend<{ graphql: GraphQLLog }>({
  // The server globalSetup started with `npm start` on a free port.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from a destructured first argument.
  baseURL: async ({}, use) => {
    const url = process.env.FOLIO_E2E_URL;
    if (!url)
      throw new Error(
        'FOLIO_E2E_URL is not set: run the suite with `npm run test:e2e` (its globalSetup starts the site).',
      );
    await use(url);
  },
  graphql: async ({ page }, use) => {
    await use(new GraphQLLog(page));
  },
});

export { expect };

/** A page has settled when its main heading is on screen and no navigation is in flight. */
export async function waitForPage(page: Page, heading: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}
