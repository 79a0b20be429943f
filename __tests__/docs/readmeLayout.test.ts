import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The README's layout table is a newcomer's map: every top-level file and
 * folder the repository holds is named in its first column, and everything it
 * names in backticks there or in a folder's row exists.
 */
const root = path.join(__dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const section = readme.slice(
  readme.indexOf('\n## Layout\n'),
  readme.indexOf('\n## ', readme.indexOf('\n## Layout\n') + 5),
);
const rows = section.split('\n').filter((line) => line.startsWith('| `'));
const named = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

describe('README: Layout', () => {
  const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  const topLevel = [
    ...new Set(tracked.map((file) => file.split('/')[0]! + (file.includes('/') ? '/' : ''))),
  ];

  it('names every top-level file and folder of the repository', () => {
    expect(rows.length).toBeGreaterThan(10);
    const firstColumn = new Set(rows.flatMap((row) => named(row.split(' | ')[0]!)));
    expect(topLevel.filter((entry) => !firstColumn.has(entry))).toEqual([]);
  });

  it('names nothing that is not there', () => {
    const missing: string[] = [];
    for (const row of rows) {
      const [first, what] = [row.split(' | ')[0]!, row.split(' | ').slice(1).join(' | ')];
      const folders = named(first).filter((name) => name.endsWith('/'));
      for (const name of named(first)) if (!existsSync(path.join(root, name))) missing.push(name);
      // A folder's row names its parts by paths inside it (`routes.ts`, `Apps/<Area>/`).
      for (const part of named(what)) {
        if (/[<>*\s]|^npm |^git |^\.\.\./.test(part) || !/^[\w.-]+(\/[\w.-]+)*\/?$/.test(part))
          continue;
        const inside = (folder: string) =>
          tracked.some(
            (file) => file.startsWith(folder) && `/${file}`.includes(`/${part.replace(/\/$/, '')}`),
          );
        if (!existsSync(path.join(root, part)) && !folders.some(inside))
          missing.push(`${first}: ${part}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
