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
  /** `FOLIO_SERVE_CLIENT=0`: serve only the API (no pages, no client build). */
  serveClient: boolean;
  /** `FOLIO_UPSTREAM_GRAPHQL_TOKEN`: the token sent to an external GraphQL service. */
  upstreamToken: string | undefined;
}

export function readServerSettings(env: Environment = process.env): ServerSettings {
  return {
    port: Number(env.PORT ?? 4000),
    host: env.HOST ?? '127.0.0.1',
    mode: env.NODE_ENV === 'development' ? 'development' : 'production',
    previewToken: env.FOLIO_PREVIEW_TOKEN || undefined,
    serveClient: env.FOLIO_SERVE_CLIENT !== '0',
    upstreamToken: env.FOLIO_UPSTREAM_GRAPHQL_TOKEN || undefined,
  };
}
