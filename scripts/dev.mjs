// `npm run dev`: the content API (restarted when its code or schema.graphql
// changes) and webpack-dev-server with React Fast Refresh, in one terminal.
// The Relay compiler runs inside webpack's watch before each rebuild, and its
// errors and TypeScript's show in the browser (scripts/webpack/RelayCompilerPlugin.js).
// The API itself watches content/: a saved Markdown or YAML file is published
// into its database (it holds PGlite, so no other process may), and the open
// page loads its data again without a reload (api/publishing/serverPublishing.ts,
// src/routing/contentEvents.ts); a file with a problem is named in the api
// lines (file:line) and in the browser's console, and nothing changes.
import concurrently from 'concurrently';

const port = process.env.PORT || '4000';
const apiPort = process.env.FOLIO_API_PORT || '4001';

const { result } = concurrently(
  [
    {
      name: 'api',
      command: 'tsx watch --clear-screen=false --include schema.graphql server/start.ts',
      // Readers (and the preview link it prints) use the web server's address, which proxies to the API.
      env: {
        NODE_ENV: 'development',
        PORT: apiPort,
        FOLIO_SERVE_CLIENT: '0',
        FOLIO_PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
    },
    {
      name: 'web',
      command: 'webpack serve --mode development',
      env: { PORT: port, FOLIO_API_ORIGIN: `http://127.0.0.1:${apiPort}` },
    },
  ],
  { killOthersOn: ['failure', 'success'], prefixColors: ['green', 'magenta'] },
);
result.catch(() => process.exit(1));
