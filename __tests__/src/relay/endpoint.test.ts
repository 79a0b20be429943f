/**
 * @jest-environment ./__tests__/support/jsdomEnvironment.js
 */
import {
  DEFAULT_GRAPHQL_ENDPOINT,
  ENDPOINT_META_NAME,
  resolveGraphQLEndpoint,
} from '../../../src/relay/endpoint';

describe('resolveGraphQLEndpoint', () => {
  const saved = process.env.FOLIO_GRAPHQL_ENDPOINT;
  afterEach(() => {
    document.head.innerHTML = '';
    if (saved === undefined) delete process.env.FOLIO_GRAPHQL_ENDPOINT;
    else process.env.FOLIO_GRAPHQL_ENDPOINT = saved;
  });

  it('defaults to /graphql on the same origin', () => {
    delete process.env.FOLIO_GRAPHQL_ENDPOINT;
    expect(resolveGraphQLEndpoint()).toBe(DEFAULT_GRAPHQL_ENDPOINT);
    expect(DEFAULT_GRAPHQL_ENDPOINT).toBe('/graphql');
  });

  it('uses the build-time variable when set', () => {
    process.env.FOLIO_GRAPHQL_ENDPOINT = 'https://content.example/graphql';
    expect(resolveGraphQLEndpoint()).toBe('https://content.example/graphql');
  });

  it('lets the runtime meta tag override the build-time variable', () => {
    process.env.FOLIO_GRAPHQL_ENDPOINT = 'https://build.example/graphql';
    document.head.innerHTML = `<meta name="${ENDPOINT_META_NAME}" content="https://runtime.example/graphql">`;
    expect(resolveGraphQLEndpoint()).toBe('https://runtime.example/graphql');
  });

  it('works without a document (server rendering)', () => {
    delete process.env.FOLIO_GRAPHQL_ENDPOINT;
    expect(resolveGraphQLEndpoint(undefined)).toBe('/graphql');
  });
});
