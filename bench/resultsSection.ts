import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The benchmarks' record (bench/README.md): `npm run bench` writes it whole. */
export const RESULTS_FILE = path.join(__dirname, 'RESULTS.md');

/**
 * A benchmark run on its own (`npx tsx bench/<id>.ts`) keeps its section of
 * bench/RESULTS.md between `<!-- <id>:begin -->` and `<!-- <id>:end -->`:
 * replaced in place, or added at the end the first time.
 */
export function writeResultsSection(id: string, result: { title: string; body: string }): void {
  const begin = `<!-- ${id}:begin -->`;
  const end = `<!-- ${id}:end -->`;
  const section = `${begin}\n## ${result.title}\n\n${result.body}\n${end}`;
  const current = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '';
  const start = current.indexOf(begin);
  const stop = current.indexOf(end);
  const next =
    start !== -1 && stop > start
      ? current.slice(0, start) + section + current.slice(stop + end.length)
      : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(RESULTS_FILE, next);
}
