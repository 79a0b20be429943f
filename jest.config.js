// Unit, component and integration tests. Component tests opt into jsdom with a
// `@jest-environment ./__tests__/support/jsdomEnvironment.js` docblock; everything else runs in node.
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '\\.[jt]sx?$': 'babel-jest' },
  // ES-module-only packages, compiled to CommonJS for jest like our own code
  // (Node 20.19+ requires them natively under tsx): `feed`, and the Markdown
  // parser content/ is read with (micromark, mdast and their small helpers).
  transformIgnorePatterns: [
    '/node_modules/(?!(feed|micromark[^/]*|mdast-util-[^/]+|unist-util-[^/]+|decode-named-character-reference|character-entities[^/]*|character-reference-invalid|devlop|ccount|escape-string-regexp|fault|is-alphabetical|is-alphanumerical|is-decimal|is-hexadecimal|longest-streak|markdown-table|parse-entities|stringify-entities|zwitch)/)',
  ],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/__tests__/support/styleMock.js',
    '^@generated/(.*)$': '<rootDir>/__generated__/$1',
  },
  // Two cores on the CI machines; integration tests each start a database.
  maxWorkers: 2,
  // The one bound of a test (docs/testing.md#a-busy-machine): tests wait for the events they expect,
  // and on a machine whose cores are all busy a server's start or a publish takes minutes, not seconds.
  testTimeout: 180_000,
  setupFilesAfterEnv: ['<rootDir>/__tests__/support/waitsForEvents.ts'],
};
