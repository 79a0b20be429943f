/**
 * docs/sources.md#content-sources: which content source the server reads, and its settings, from
 * the environment. Every variable's name and default is here; a missing or
 * unusable value stops the start with one line naming the variable.
 */
import { withSecretFiles } from './secretFiles';

export type SourceSettings =
  | { kind: 'embedded' }
  | {
      kind: 'strapi';
      url: string;
      token: string;
      /** Hosts images may come from: the Strapi server's, and its upload provider's (`FOLIO_STRAPI_MEDIA_HOSTS`). */
      fileHosts: readonly string[];
    }
  | {
      kind: 'contentful';
      spaceId: string;
      environment: string;
      deliveryToken: string;
      previewToken: string | undefined;
      graphqlUrl: string;
      /** Hosts images may come from: Contentful's asset hosts (`FOLIO_CONTENTFUL_ASSET_HOSTS`) and the GraphQL URL's. */
      fileHosts: readonly string[];
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

/** Where Contentful serves asset files (its Images API and file hosts). */
export const CONTENTFUL_ASSET_HOSTS = [
  'images.ctfassets.net',
  'assets.ctfassets.net',
  'downloads.ctfassets.net',
  'videos.ctfassets.net',
];

/** A comma-separated list of hosts (`cdn.example:443`), each checked, lowercased. */
function hosts(env: Environment, name: string): string[] | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  return value.split(',').map((host) => {
    const trimmed = host.trim().toLowerCase();
    if (!/^[a-z0-9.-]+(:\d{1,5})?$/.test(trimmed))
      throw new Error(
        `${name} must list hosts (cdn.example or cdn.example:8443), comma-separated; "${host}" is not one.`,
      );
    return trimmed;
  });
}

export function readSourceSettings(given: Environment = process.env): SourceSettings {
  // The CMS tokens may be given as files (FOLIO_STRAPI_TOKEN_FILE…; secretFiles.ts).
  const env = withSecretFiles(given, [
    'FOLIO_STRAPI_TOKEN',
    'FOLIO_CONTENTFUL_DELIVERY_TOKEN',
    'FOLIO_CONTENTFUL_PREVIEW_TOKEN',
  ]);
  const kind = env.FOLIO_CONTENT_SOURCE?.trim() || 'embedded';
  switch (kind) {
    case 'embedded':
      return { kind };
    case 'strapi': {
      const url = httpUrl(
        env,
        'FOLIO_STRAPI_URL',
        "the Strapi server's address, such as http://127.0.0.1:1337",
      );
      return {
        kind,
        url,
        token: token(env, 'FOLIO_STRAPI_TOKEN', 'a Strapi API token (read-only is enough)'),
        fileHosts: [new URL(url).host, ...(hosts(env, 'FOLIO_STRAPI_MEDIA_HOSTS') ?? [])],
      };
    }
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
      const settings = {
        kind: 'contentful' as const,
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
      return {
        ...settings,
        fileHosts: [
          new URL(settings.graphqlUrl).host,
          ...(hosts(env, 'FOLIO_CONTENTFUL_ASSET_HOSTS') ?? CONTENTFUL_ASSET_HOSTS),
        ],
      };
    }
    default:
      throw new Error(
        `FOLIO_CONTENT_SOURCE must be one of ${SOURCE_KINDS.join(', ')}; it is "${kind}".`,
      );
  }
}
