import type { ConcreteRequest } from 'relay-runtime';
import { openSite, type RunningServer, type SiteServerOptions } from '../../harness/siteServer';

export interface TestServer extends RunningServer {
  /** POSTs a GraphQL request and returns the parsed body and status. */
  graphql<T = Record<string, unknown>>(
    body: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<{
    status: number;
    body: { data?: T | null; errors?: { message: string; extensions?: { code?: string } }[] };
    headers: Headers;
  }>;
  /** The URL of a persisted query sent as a GET (`doc_id`, `operationName` and `variables` in the query string). */
  persistedGetUrl(operation: ConcreteRequest, variables: Record<string, unknown>): string;
  /** Runs query text (development servers only). */
  query<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<{ data?: T | null; errors?: { message: string; extensions?: { code?: string } }[] }>;
}

/** The real server on a random port over a fresh in-memory PGlite, seeded from content/. */
export async function startTestServer(options: SiteServerOptions = {}): Promise<TestServer> {
  const server = await openSite({
    port: 0,
    dataDir: 'memory://',
    serveClient: false,
    mode: 'development',
    ...options,
  });
  const graphql: TestServer['graphql'] = async (body, headers = {}) => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/graphql-response+json, application/json;q=0.9',
        ...headers,
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json(), headers: response.headers };
  };
  return {
    ...server,
    graphql,
    persistedGetUrl: (operation, variables) =>
      `${server.url}/graphql?${new URLSearchParams({ doc_id: operation.params.id ?? '', operationName: operation.params.name, variables: JSON.stringify(variables) })}`,
    query: async (query, variables = {}, headers = {}) =>
      (await graphql({ query, variables }, headers)).body as never,
  };
}
