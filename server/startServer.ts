import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import compression from 'compression';
import express from 'express';
import { createContentApi } from '../api/createContentApi';
import { DEFAULT_DATA_DIR, openDatabase, type Database } from '../api/db/database';
import { migrate } from '../api/db/migrations';
import { createForwardingHandler } from '../api/forwarding/createForwardingHandler';
import { createImageHandler } from '../api/images/imageHandler';
import { persistedQueryStore } from '../api/persistedQueries';
import { CONTENT_DIR } from '../api/seed/contentFiles';
import { seedContent } from '../api/seed/seedContent';

export const DIST_DIR = path.resolve(__dirname, '../dist');

export interface ServerOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  mode?: 'production' | 'development';
  /** A PostgreSQL server; PGlite in `dataDir` otherwise. */
  databaseUrl?: string | undefined;
  /** PGlite's data and the image cache (default `.data/`); `memory://` for a throwaway database. */
  dataDir?: string | undefined;
  /** Serve the built client from dist/ (off behind webpack-dev-server). */
  serveClient?: boolean;
  previewToken?: string | undefined;
  /** Persisted query lookup (tests give their own). */
  persistedQuery?: (id: string) => string | null;
  /** Forward /graphql to an external GraphQL service instead of the embedded one. */
  upstream?: { url: string; token?: string | undefined; timeoutMs?: number } | undefined;
}

export interface RunningServer {
  url: string;
  port: number;
  db: Database;
  close(): Promise<void>;
}

const HASHED_FILE = /\.[0-9a-f]{10}\.(js|css|woff2?|png|jpe?g|svg|webp)$/;

/**
 * The web server: the content API at /graphql, content images at /images,
 * and (in production) the built client with long-lived caching for hashed
 * files and the app shell for every other page.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const mode = options.mode ?? 'production';
  const memory = options.dataDir?.startsWith('memory://') ?? false;
  const dataDir = memory ? undefined : (options.dataDir ?? DEFAULT_DATA_DIR);
  const db = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: memory ? options.dataDir : path.join(dataDir!, 'pglite') });
  await migrate(db);
  await seedContent(db);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  // Files are compressed by the `compression` middleware; the embedded API
  // compresses its own answers (api/answerCompression.ts).
  const compressFiles = compression();
  app.use((request, response, next) => (request.path === '/graphql' ? next() : compressFiles(request, response, next)));

  if (options.upstream) {
    const persistedQuery = options.persistedQuery ?? persistedQueryStore(undefined, { reloadOnMiss: mode === 'development' });
    const forward = createForwardingHandler({ upstreamUrl: options.upstream.url, token: options.upstream.token, timeoutMs: options.upstream.timeoutMs, persistedQuery, mode });
    app.use('/graphql', compression(), express.json({ limit: '100kb' }), (request, response) => void forward(request, response));
  } else {
    const api = createContentApi({ db, mode, previewToken: options.previewToken, persistedQuery: options.persistedQuery });
    // yoga reads the original URL, so mounting at its endpoint keeps the path it expects.
    app.use(api.graphqlEndpoint, (request, response) => void api(request, response));
  }
  const cacheDir = path.join(dataDir ?? path.join(require('node:os').tmpdir(), `folio-images-${process.pid}`), 'image-cache');
  app.get('/images/{*file}', createImageHandler(path.join(CONTENT_DIR, 'images'), cacheDir));

  if (options.serveClient ?? true) {
    app.use(
      express.static(DIST_DIR, {
        index: false,
        setHeaders: (response, file) => {
          response.setHeader('Cache-Control', HASHED_FILE.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      }),
    );
    const indexFile = path.join(DIST_DIR, 'index.html');
    // The client routes every other page (and shows its own 404).
    app.get('/{*page}', (request, response, next) => {
      if (!request.accepts('html') || !existsSync(indexFile)) return next();
      response.setHeader('Cache-Control', 'no-cache');
      response.sendFile(indexFile);
    });
  }

  const server = app.listen(options.port ?? 4000, options.host ?? '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port, address } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    port,
    db,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
