import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from '../../../shared/errorCodes';

/**
 * Issue 14: shared/errorCodes.ts is the one list of error codes. Every code
 * the API or the client names as a string literal must be in it.
 */
const ROOT = path.resolve(__dirname, '../../..');
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sources(file) : /\.tsx?$/.test(name) ? [file] : [];
  });
}

it('names every code the API and the client use', () => {
  const used = new Set<string>();
  for (const file of ['api', 'server', 'src'].flatMap((dir) => sources(path.join(ROOT, dir)))) {
    for (const [, code] of readFileSync(file, 'utf8').matchAll(
      /\bcode['"]?\s*[:=]=?=?\s*'([A-Z][A-Z_]+)'/g,
    ))
      used.add(code!);
    for (const [, code] of readFileSync(file, 'utf8').matchAll(
      /\b(?:apiError|answer)\((?:\d+, )?'([A-Z][A-Z_]+)'/g,
    ))
      used.add(code!);
  }
  expect(used.size).toBeGreaterThan(8);
  expect([...used].filter((code) => !(ERROR_CODES as readonly string[]).includes(code))).toEqual(
    [],
  );
});
