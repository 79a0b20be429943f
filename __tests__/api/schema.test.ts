import { readFileSync } from 'node:fs';
import { buildSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { createContentSchema, SCHEMA_FILE } from '../../api/createContentApi';

describe('schema.graphql', () => {
  it('is exactly the schema the API serves', () => {
    const served = printSchema(lexicographicSortSchema(createContentSchema()));
    const file = printSchema(lexicographicSortSchema(buildSchema(readFileSync(SCHEMA_FILE, 'utf8'))));
    expect(served).toBe(file);
    expect(served).toContain('interface Node');
  });
});
