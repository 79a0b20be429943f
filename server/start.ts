import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { clientBuildExists, startServer } from './startServer';

/** `npm start`: build the client if it is missing, then serve everything on one port. */
async function main() {
  const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
  const serveClient = process.env.FOLIO_SERVE_CLIENT !== '0';
  if (serveClient && !clientBuildExists()) {
    console.log('folio: building the client (first run)…');
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: path.resolve(__dirname, '..') });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  // In development a token is made up and printed; in production preview is off unless one is set.
  const previewToken = process.env.FOLIO_PREVIEW_TOKEN || (mode === 'development' ? randomBytes(12).toString('base64url') : undefined);
  const started = Date.now();
  const server = await startServer({
    port: Number(process.env.PORT ?? 4000),
    host: process.env.HOST ?? '127.0.0.1',
    mode,
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.FOLIO_DATA_DIR || undefined,
    serveClient,
    previewToken,
    corsOrigins: process.env.FOLIO_CORS_ORIGINS?.split(',').map((origin) => origin.trim()).filter(Boolean),
    renderTimeoutMs: process.env.FOLIO_RENDER_TIMEOUT_MS ? Number(process.env.FOLIO_RENDER_TIMEOUT_MS) : undefined,
    clientGraphQL: {
      endpoint: process.env.FOLIO_GRAPHQL_ENDPOINT || undefined,
      queriesAsGet: process.env.FOLIO_GRAPHQL_GET ? process.env.FOLIO_GRAPHQL_GET === 'true' : undefined,
    },
    upstream: process.env.FOLIO_UPSTREAM_GRAPHQL_URL ? { url: process.env.FOLIO_UPSTREAM_GRAPHQL_URL, token: process.env.FOLIO_UPSTREAM_GRAPHQL_TOKEN || undefined } : undefined,
  });
  const source = process.env.FOLIO_UPSTREAM_GRAPHQL_URL ? `forwarding /graphql to ${process.env.FOLIO_UPSTREAM_GRAPHQL_URL}` : server.db.kind;
  console.log(`folio: ${mode} server on ${server.url} (${source}, ready in ${Date.now() - started} ms)`);
  if (mode === 'development' && previewToken) console.log(`folio: preview token ${previewToken} — open /preview?token=${previewToken}&to=/`);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('folio: could not start', error);
  process.exit(1);
});
