// The unit suite on a busy machine (issue 36): one busy loop per core runs the whole
// time, as a laptop compiling something else would, and jest runs as `npm run test:unit`
// runs it. Tests wait for the events they expect, with jest's timeout as the one bound
// (jest.config.js), so they stay green however slow the machine is; this is how that is checked.
//   node scripts/test-under-load.mjs [--rounds N] [jest arguments…]
// Exits with jest's code (the first failing round's).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt === -1 ? 1 : Number(args.splice(roundsAt, 2)[1]);
const cores = availableParallelism();

const load = Array.from({ length: cores }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stopLoad = () => load.forEach((child) => child.kill('SIGKILL'));
process.on('exit', stopLoad);
console.log(`test-under-load: ${cores} busy loop(s) running, one per core`);

let code = 0;
for (let round = 1; round <= rounds && code === 0; round += 1) {
  const started = Date.now();
  code = await new Promise((resolve) => {
    const jest = spawn(
      process.execPath,
      ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', ...args],
      { stdio: 'inherit' },
    );
    jest.on('exit', (status) => resolve(status ?? 1));
  });
  console.log(
    `test-under-load: round ${round} of ${rounds} ${code === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}
stopLoad();
process.exit(code);
