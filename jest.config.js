// Unit, component and integration tests. Component tests opt into jsdom with a
// `@jest-environment ./__tests__/support/jsdomEnvironment.js` docblock; everything else runs in node.
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '\\.[jt]sx?$': 'babel-jest' },
  // `feed` is an ES module only: compiled to CommonJS for jest like our own code
  // (Node 20.19+ requires it natively under tsx).
  transformIgnorePatterns: ['/node_modules/(?!(feed)/)'],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/__tests__/support/styleMock.js',
    '^@generated/(.*)$': '<rootDir>/__generated__/$1',
  },
  // Two cores on the CI machines; integration tests each start a database.
  maxWorkers: 2,
  testTimeout: 60000,
};
