// Relay compiler in watch mode for `npm run dev`.
// relay-compiler's native --watch needs a recent watchman; Debian's (4.9) is too
// old and makes the compiler exit, so without one we watch the files with
// chokidar and re-run `relay-compiler --noWatchman` after each save.
import { spawn, spawnSync } from 'node:child_process';
import { watch } from 'chokidar';

const compiler = 'node_modules/.bin/relay-compiler';

function hasModernWatchman() {
  const probe = spawnSync('watchman', ['--version'], { encoding: 'utf8' });
  // Modern builds are date-versioned (2024.01.22.00); 4.9.0 is Debian's old one.
  return probe.status === 0 && /^20\d\d\./.test(probe.stdout.trim());
}

if (hasModernWatchman()) {
  console.log('relay: native --watch (watchman found)');
  spawn(compiler, ['--watch'], { stdio: 'inherit' }).on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log('relay: watching src/ and schema.graphql (no recent watchman; re-running the compiler on change)');
  let running = false;
  let again = false;
  const compile = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    const started = Date.now();
    const run = spawn(compiler, ['--noWatchman'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    run.stdout.on('data', (chunk) => (output += chunk));
    run.stderr.on('data', (chunk) => (output += chunk));
    run.on('exit', (code) => {
      running = false;
      if (code === 0) {
        // The persisted maps, exact again (stale ids out, test-only ones apart).
        spawnSync(process.execPath, ['scripts/persisted-queries.mjs', 'write'], { stdio: ['ignore', 'ignore', 'inherit'] });
        console.log(`relay: compiled in ${Date.now() - started} ms`);
      } else console.error(`relay: compile failed\n${output}`);
      if (again) {
        again = false;
        compile();
      }
    });
  };
  compile();
  watch(['src', 'schema.graphql'], {
    ignoreInitial: true,
    ignored: (file, stats) => file.includes('__generated__') || (stats?.isFile() === true && !/\.(tsx?|graphql)$/.test(file)),
  }).on('all', compile);
}
