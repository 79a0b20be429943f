// relay-compiler --validate does not notice a stale persisted-query map on its
// own: check that every operation artifact's id is in the map and that the
// map's text for it hashes to that id (SHA-256, as relay.config.js says).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

const dir = '__generated__';
const map = JSON.parse(readFileSync(`${dir}/persisted-queries.json`, 'utf8'));
const problems = [];
let operations = 0;
for (const file of readdirSync(dir).filter((name) => name.endsWith('.graphql.ts'))) {
  const source = readFileSync(`${dir}/${file}`, 'utf8');
  const match = /"params": \{\s*"id": "([0-9a-f]{64})"/.exec(source);
  if (!match) continue;
  operations += 1;
  const id = match[1];
  const text = map[id];
  if (text === undefined) problems.push(`${file}: id ${id} is missing from persisted-queries.json`);
  else if (createHash('sha256').update(text).digest('hex') !== id) problems.push(`${file}: text persisted under ${id} does not hash to it`);
}
if (problems.length > 0) {
  console.error(`Stale persisted queries — run \`npm run relay\` and commit __generated__/:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`persisted queries: ${operations} operations, all in the map`);
