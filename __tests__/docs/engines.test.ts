import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The README names the Node line Folio runs on ("Node 20.19+"): `npm ci` on
 * it must not print EBADENGINE, so no package the lock file installs may
 * declare an `engines.node` that leaves it out (npm 11 only warns, and the
 * package may then use what that Node lacks). @whatwg-node/promise-helpers
 * 2.x (Node >= 22.15), pulled by @graphql-tools 12 and executor 2.0.3+, is why
 * package.json's `overrides` pin graphql-yoga's @graphql-tools to the last
 * versions on 1.x.
 */
const ROOT = path.resolve(__dirname, '../..');
// semver ships no types; npm's own range logic, already installed (by @babel/core and others).
const semver = createRequire(__filename)('semver') as {
  satisfies(version: string, range: string, options?: { includePrerelease?: boolean }): boolean;
};

interface LockPackage {
  version?: string;
  engines?: { node?: string } | string[];
  dev?: boolean;
}

const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const packageJson = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockPackage>;
};

/** "Node 20.19+ (or 22+) and npm 11": the first line named, as its lowest version. */
function readmeNodeLine(): string {
  const match = /\bNode (\d+)\.(\d+)\+/.exec(readme);
  if (!match) throw new Error('README.md names no "Node <major>.<minor>+" line');
  return `${match[1]}.${match[2]}.0`;
}

/** Every installed package whose engines.node leaves `version` out. */
function packagesRefusing(version: string): string[] {
  return Object.entries(lock.packages).flatMap(([where, entry]) => {
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (!where || !range || semver.satisfies(version, range, { includePrerelease: true }))
      return [];
    return [`${where.replace(/^.*node_modules\//, '')}@${entry.version} needs node ${range}`];
  });
}

describe('engines: npm ci on the README’s Node prints no EBADENGINE', () => {
  const lowest = readmeNodeLine();
  const major = lowest.split('.')[0]!;

  it(`package.json's engines admit the README's Node ${lowest}`, () => {
    expect(semver.satisfies(lowest, packageJson.engines.node)).toBe(true);
  });

  it.each([lowest, `${major}.99.0`])('every package the lock installs runs on Node %s', (node) => {
    expect(packagesRefusing(node)).toEqual([]);
  });
});
