/**
 * docs/sources.md#content-sources: which content source the server reads, and its settings, from
 * the environment. Every variable's name and default is here; a missing or
 * unusable value stops the start with one line naming the variable.
 */
export type SourceSettings =
  | { kind: 'embedded' }
  | { kind: 'strapi'; url: string; token: string }
  | {
      kind: 'contentful';
      spaceId: string;
      environment: string;
      deliveryToken: string;
      previewToken: string | undefined;
      graphqlUrl: string;
    };

/** Where content can come from (`FOLIO_CONTENT_SOURCE`). */
export const SOURCE_KINDS = ['embedded', 'strapi', 'contentful'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Contentful's GraphQL Content API for a space and environment. */
export const contentfulGraphQLUrl = (spaceId: string, environment: string) =>
  `https://graphql.contentful.com/content/v1/spaces/${encodeURIComponent(spaceId)}/environments/${encodeURIComponent(environment)}`;

type Environment = Record<string, string | undefined>;

function required(env: Environment, name: string, what: string): string {
  const value = env[name]?.trim();
  if (!value)
    throw new Error(
      `${name} must be set to ${what} (FOLIO_CONTENT_SOURCE=${env.FOLIO_CONTENT_SOURCE?.trim()}).`,
    );
  return value;
}

function httpUrl(env: Environment, name: string, what: string): string {
  const value = required(env, name, what);
  if (!URL.canParse(value) || !['http:', 'https:'].includes(new URL(value).protocol))
    throw new Error(`${name} must be an absolute http(s) URL (${what}); it is "${value}".`);
  return value.replace(/\/+$/, '');
}

/** A token goes into an Authorization header: printable ASCII without spaces, and not absurdly long. */
function token(env: Environment, name: string, what: string): string {
  const value = required(env, name, what);
  if (!/^[\x21-\x7e]{1,2048}$/.test(value))
    throw new Error(`${name} must be ${what}: printable characters without spaces.`);
  return value;
}

export function readSourceSettings(env: Environment = process.env): SourceSettings {
  const kind = env.FOLIO_CONTENT_SOURCE?.trim() || 'embedded';
  switch (kind) {
    case 'embedded':
      return { kind };
    case 'strapi':
      return {
        kind,
        url: httpUrl(
          env,
          'FOLIO_STRAPI_URL',
          "the Strapi server's address, such as http://127.0.0.1:1337",
        ),
        token: token(env, 'FOLIO_STRAPI_TOKEN', 'a Strapi API token (read-only is enough)'),
      };
    case 'contentful': {
      const spaceId = required(env, 'FOLIO_CONTENTFUL_SPACE_ID', 'the Contentful space id');
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(spaceId))
        throw new Error(
          `FOLIO_CONTENTFUL_SPACE_ID must be a Contentful space id (letters and digits); it is "${spaceId}".`,
        );
      const environment = env.FOLIO_CONTENTFUL_ENVIRONMENT?.trim() || 'master';
      if (!/^[A-Za-z0-9_.-]{1,64}$/.test(environment))
        throw new Error(
          `FOLIO_CONTENTFUL_ENVIRONMENT must be a Contentful environment id; it is "${environment}".`,
        );
      return {
        kind,
        spaceId,
        environment,
        deliveryToken: token(
          env,
          'FOLIO_CONTENTFUL_DELIVERY_TOKEN',
          'a Content Delivery API token',
        ),
        previewToken: env.FOLIO_CONTENTFUL_PREVIEW_TOKEN?.trim()
          ? token(env, 'FOLIO_CONTENTFUL_PREVIEW_TOKEN', 'a Content Preview API token')
          : undefined,
        graphqlUrl: env.FOLIO_CONTENTFUL_GRAPHQL_URL?.trim()
          ? httpUrl(
              env,
              'FOLIO_CONTENTFUL_GRAPHQL_URL',
              'a GraphQL Content API endpoint, space and environment included',
            )
          : contentfulGraphQLUrl(spaceId, environment),
      };
    }
    default:
      throw new Error(
        `FOLIO_CONTENT_SOURCE must be one of ${SOURCE_KINDS.join(', ')}; it is "${kind}".`,
      );
  }
}
