import { contentSourceFor } from '../../../api/sources/createContentSource';
import {
  CONTENTFUL_ASSET_HOSTS,
  contentfulGraphQLUrl,
  readSourceSettings,
} from '../../../settings/sourceSettings';

/** Issue 20 / docs/sources.md#content-sources: the source is chosen at start, and a missing or unusable setting is one line naming the variable. */
describe('FOLIO_CONTENT_SOURCE and its settings', () => {
  it('is the embedded source by default, and when named', () => {
    expect(readSourceSettings({})).toEqual({ kind: 'embedded' });
    expect(readSourceSettings({ FOLIO_CONTENT_SOURCE: ' embedded ' })).toEqual({
      kind: 'embedded',
    });
    expect(typeof contentSourceFor({ kind: 'embedded' }, () => undefined)).toBe('function');
  });

  it('refuses a source it does not know, naming the variable and the choices', () => {
    expect(() => readSourceSettings({ FOLIO_CONTENT_SOURCE: 'wordpress' })).toThrow(
      'FOLIO_CONTENT_SOURCE must be one of embedded, strapi, contentful; it is "wordpress".',
    );
  });

  it('reads Strapi’s address and token, and names whichever is missing or unusable', () => {
    expect(
      readSourceSettings({
        FOLIO_CONTENT_SOURCE: 'strapi',
        FOLIO_STRAPI_URL: 'http://127.0.0.1:1337/',
        FOLIO_STRAPI_TOKEN: 'abc123',
      }),
    ).toEqual({
      kind: 'strapi',
      url: 'http://127.0.0.1:1337',
      token: 'abc123',
      fileHosts: ['127.0.0.1:1337'],
    });
    expect(() =>
      readSourceSettings({ FOLIO_CONTENT_SOURCE: 'strapi', FOLIO_STRAPI_TOKEN: 'abc' }),
    ).toThrow(/^FOLIO_STRAPI_URL must be set/);
    expect(() =>
      readSourceSettings({
        FOLIO_CONTENT_SOURCE: 'strapi',
        FOLIO_STRAPI_URL: 'localhost:1337',
        FOLIO_STRAPI_TOKEN: 'abc',
      }),
    ).toThrow(/^FOLIO_STRAPI_URL must be an absolute http\(s\) URL/);
    expect(() =>
      readSourceSettings({
        FOLIO_CONTENT_SOURCE: 'strapi',
        FOLIO_STRAPI_URL: 'http://127.0.0.1:1337',
      }),
    ).toThrow(/^FOLIO_STRAPI_TOKEN must be set/);
    expect(() =>
      readSourceSettings({
        FOLIO_CONTENT_SOURCE: 'strapi',
        FOLIO_STRAPI_URL: 'http://127.0.0.1:1337',
        FOLIO_STRAPI_TOKEN: 'two words',
      }),
    ).toThrow(/^FOLIO_STRAPI_TOKEN must be/);
  });

  it('reads Contentful’s space, environment and tokens, with Contentful’s own endpoint unless one is given', () => {
    const base = {
      FOLIO_CONTENT_SOURCE: 'contentful',
      FOLIO_CONTENTFUL_SPACE_ID: 'abc123',
      FOLIO_CONTENTFUL_DELIVERY_TOKEN: 'delivery',
    };
    expect(readSourceSettings(base)).toEqual({
      kind: 'contentful',
      spaceId: 'abc123',
      environment: 'master',
      deliveryToken: 'delivery',
      previewToken: undefined,
      graphqlUrl: 'https://graphql.contentful.com/content/v1/spaces/abc123/environments/master',
      fileHosts: ['graphql.contentful.com', ...CONTENTFUL_ASSET_HOSTS],
    });
    expect(contentfulGraphQLUrl('abc123', 'staging')).toBe(
      'https://graphql.contentful.com/content/v1/spaces/abc123/environments/staging',
    );
    expect(
      readSourceSettings({
        ...base,
        FOLIO_CONTENTFUL_PREVIEW_TOKEN: 'preview',
        FOLIO_CONTENTFUL_GRAPHQL_URL:
          'http://127.0.0.1:4010/content/v1/spaces/abc123/environments/master',
      }),
    ).toMatchObject({
      previewToken: 'preview',
      graphqlUrl: 'http://127.0.0.1:4010/content/v1/spaces/abc123/environments/master',
    });
    expect(() => readSourceSettings({ ...base, FOLIO_CONTENTFUL_SPACE_ID: '' })).toThrow(
      /^FOLIO_CONTENTFUL_SPACE_ID must be set/,
    );
    expect(() => readSourceSettings({ ...base, FOLIO_CONTENTFUL_SPACE_ID: 'a/b' })).toThrow(
      /^FOLIO_CONTENTFUL_SPACE_ID must be a Contentful space id/,
    );
    expect(() =>
      readSourceSettings({ ...base, FOLIO_CONTENTFUL_DELIVERY_TOKEN: undefined }),
    ).toThrow(/^FOLIO_CONTENTFUL_DELIVERY_TOKEN must be set/);
    expect(() => readSourceSettings({ ...base, FOLIO_CONTENTFUL_GRAPHQL_URL: 'ftp://x' })).toThrow(
      /^FOLIO_CONTENTFUL_GRAPHQL_URL must be an absolute http\(s\) URL/,
    );
  });

  it('makes a source of each kind', () => {
    for (const settings of [
      readSourceSettings({}),
      readSourceSettings({
        FOLIO_CONTENT_SOURCE: 'strapi',
        FOLIO_STRAPI_URL: 'http://127.0.0.1:1337',
        FOLIO_STRAPI_TOKEN: 'x',
      }),
    ]) {
      expect(typeof contentSourceFor(settings, () => undefined)).toBe('function');
    }
  });
});
