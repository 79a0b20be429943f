import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

interface LongFunction {
  file: string;
  line: number;
  name: string;
  own: number;
}

function longFunctions(...folders: string[]): LongFunction[] {
  const output = execFileSync(
    process.execPath,
    ['scripts/function-sizes.mjs', ...folders, '--json'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return JSON.parse(output) as LongFunction[];
}

// A function a reader can hold in mind (docs/architecture.md#functions-a-reader-can-hold-in-mind):
// its own body (less the functions written inside it) at most 80 lines, in the content service and
// the web server.
test('no function in api/ or server/ runs over 80 lines of its own', () => {
  const long = longFunctions('api', 'server').map(
    (entry) => `${entry.file}:${entry.line} ${entry.name}: ${entry.own} lines`,
  );
  expect(long).toEqual([]);
});

test('the measure counts a function without the functions written inside it', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'folio-function-sizes-'));
  const lines = (count: number) => Array.from({ length: count }, (_, n) => `  step(${n});`);
  // `outer` is 96 lines long, 20 of them its nested `inner`'s: 76 of its own. `long` has 83.
  const source = [
    'export function outer() {',
    ...lines(74),
    '  function inner() {',
    ...lines(18),
    '  }',
    '}',
    'export const long = () => {',
    ...lines(81),
    '};',
  ].join('\n');
  writeFileSync(path.join(folder, 'sample.ts'), source);
  try {
    const long = longFunctions(folder).map(({ name, own }) => ({ name, own }));
    expect(long).toEqual([{ name: 'long', own: 83 }]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
