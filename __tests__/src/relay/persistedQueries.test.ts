import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { persistedQueryStore } from '../../../api/persistedQueries';

/** Issue 14: the persisted map holds exactly the operations the client ships, one id each. */
const ROOT = path.resolve(__dirname, '../../..');
const SCRIPT = path.join(ROOT, 'scripts/persisted-queries.mjs');

/** A copy of the tree's artifacts and tests, for the script to check. */
const copies: string[] = [];
afterAll(() => copies.forEach((root) => rmSync(root, { recursive: true, force: true })));
function copyOfTree(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'folio-persisted-'));
  copies.push(root);
  cpSync(path.join(ROOT, '__generated__'), path.join(root, '__generated__'), { recursive: true });
  cpSync(path.join(ROOT, '__tests__'), path.join(root, '__tests__'), { recursive: true });
  return root;
}
const check = (root: string) =>
  spawnSync(process.execPath, [SCRIPT, 'check', '--root', root], { encoding: 'utf8' });
const mapOf = (root: string, name = 'persisted-queries.json') =>
  JSON.parse(readFileSync(path.join(root, '__generated__', name), 'utf8')) as Record<
    string,
    string
  >;
const writeMap = (root: string, map: Record<string, string>, name = 'persisted-queries.json') =>
  writeFileSync(path.join(root, '__generated__', name), `${JSON.stringify(map, null, 2)}\n`);

it('the committed maps pass the check', () => {
  const result = check(copyOfTree());
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
});

it('fails on an id no operation has (a stale one)', () => {
  const root = copyOfTree();
  writeMap(root, { ...mapOf(root), ['0'.repeat(64)]: 'query Old { site { title } }' });
  const result = check(root);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(`${'0'.repeat(64)} is not an operation of this tree`);
});

it('fails on a missing id', () => {
  const root = copyOfTree();
  const map = mapOf(root);
  const [first] = Object.keys(map);
  delete map[first!];
  writeMap(root, map);
  const result = check(root);
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(new RegExp(`${first}.* is in no map`));
});

it('fails on a test-only operation in the client map', () => {
  const root = copyOfTree();
  writeMap(root, { ...mapOf(root), ...mapOf(root, 'persisted-queries.test.json') });
  expect(check(root).status).toBe(1);
});

it('the API in production knows the client’s operations and no test-only one', () => {
  const lookup = persistedQueryStore();
  const client = mapOf(ROOT);
  const tests = mapOf(ROOT, 'persisted-queries.test.json');
  expect(Object.keys(tests).length).toBeGreaterThan(0);
  for (const id of Object.keys(client)) expect(lookup(id)).toBe(client[id]);
  for (const id of Object.keys(tests)) expect(lookup(id)).toBeNull();
  // One id per operation: no two texts name the same operation.
  const names = Object.values(client).map(
    (text) => /^(?:query|mutation|subscription) (\w+)/.exec(text)?.[1],
  );
  expect(new Set(names).size).toBe(names.length);
});
