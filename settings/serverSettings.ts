import { withSecretFiles } from './secretFiles';

type Environment = Readonly<Record<string, string | undefined>>;

/** How `npm start` runs this process; the operator's other settings are in operationsSettings.ts. */
export interface ServerSettings {
  /** `PORT`, `HOST`: where the server listens (127.0.0.1:4000). */
  port: number;
  host: string;
  /** `NODE_ENV`: `development` accepts raw query text and shows GraphiQL; anything else is production. */
  mode: 'development' | 'production';
  /** `FOLIO_PREVIEW_TOKEN`: the token that opens preview; unset, preview is off (development makes one up). */
  previewToken: string | undefined;
  /**
   * `FOLIO_PREVIEW_LINK_KEY`: the key signed preview links carry (api/previewLinks.ts), at least 32
   * characters, shared with a CMS that signs its own (the Strapi project does); unset, a key made once
   * and kept in Folio's database signs them.
   */
  previewLinkKey: string | undefined;
  /** `FOLIO_SERVE_CLIENT=0`: serve only the API (no pages, no client build). */
  serveClient: boolean;
  /** `FOLIO_UPSTREAM_GRAPHQL_TOKEN`: the token sent to an external GraphQL service. */
  upstreamToken: string | undefined;
}

/** The secrets among these settings may be given as files (`FOLIO_PREVIEW_TOKEN_FILE`…; secretFiles.ts). */
export function readServerSettings(given: Environment = process.env): ServerSettings {
  const env = withSecretFiles(given, [
    'FOLIO_PREVIEW_TOKEN',
    'FOLIO_PREVIEW_LINK_KEY',
    'FOLIO_UPSTREAM_GRAPHQL_TOKEN',
  ]);
  return {
    port: Number(env.PORT ?? 4000),
    host: env.HOST ?? '127.0.0.1',
    mode: env.NODE_ENV === 'development' ? 'development' : 'production',
    previewToken: env.FOLIO_PREVIEW_TOKEN || undefined,
    previewLinkKey: previewLinkKey(env),
    serveClient: env.FOLIO_SERVE_CLIENT !== '0',
    upstreamToken: env.FOLIO_UPSTREAM_GRAPHQL_TOKEN || undefined,
  };
}

/** Long enough that nobody guesses it; anything shorter is a mistake said at start. */
const PREVIEW_LINK_KEY_MIN_LENGTH = 32;

function previewLinkKey(env: Environment): string | undefined {
  const key = env.FOLIO_PREVIEW_LINK_KEY?.trim();
  if (!key) return undefined;
  if (key.length < PREVIEW_LINK_KEY_MIN_LENGTH)
    throw new Error(
      `FOLIO_PREVIEW_LINK_KEY must be at least ${PREVIEW_LINK_KEY_MIN_LENGTH} characters (for example \`openssl rand -hex 32\`); it has ${key.length}.`,
    );
  return key;
}
