// relay-compiler configuration. Artifacts and the persisted-query map live in
// __generated__/ and are committed; `npm test` runs `relay-compiler --validate`.
module.exports = {
  src: '.',
  schema: './schema.graphql',
  language: 'typescript',
  artifactDirectory: './__generated__',
  excludes: [
    '**/node_modules/**',
    '**/__generated__/**',
    '**/api/**',
    '**/server/**',
    '**/content/**',
    '**/dist/**',
    '**/.data/**',
    '**/e2e/**',
    '**/bench/**',
    // The CMSes' own projects: Strapi's example schema is not Folio's.
    '**/cms/**',
  ],
  eagerEsModules: true,
  useImportTypeSyntax: true,
  noFutureProofEnums: true,
  customScalarTypes: { DateTime: 'string', JSON: 'unknown' },
  // Local persisted queries: artifacts carry params.id (SHA-256 of the text)
  // and the map id -> text is what the API serves by doc_id.
  persistConfig: { file: './__generated__/persisted-queries.json', algorithm: 'SHA256' },
};
