// `npm run dev`: the Relay compiler in watch mode, the content API (restarted
// on change) and webpack-dev-server with React Fast Refresh, in one terminal.
import concurrently from 'concurrently';

const port = process.env.PORT || '4000';
const apiPort = process.env.FOLIO_API_PORT || '4001';

const { result } = concurrently(
  [
    { name: 'relay', command: 'node scripts/relay-watch.mjs' },
    {
      name: 'api',
      command: 'tsx watch --clear-screen=false server/start.ts',
      env: { NODE_ENV: 'development', PORT: apiPort, FOLIO_SERVE_CLIENT: '0' },
    },
    {
      name: 'web',
      command: 'webpack serve --mode development',
      env: { PORT: port, FOLIO_API_ORIGIN: `http://127.0.0.1:${apiPort}` },
    },
  ],
  { killOthersOn: ['failure', 'success'], prefixColors: ['blue', 'green', 'magenta'] },
);
result.catch(() => process.exit(1));
