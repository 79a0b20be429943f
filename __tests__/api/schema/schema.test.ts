import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildSchema,
  isInterfaceType,
  isObjectType,
  isUnionType,
  parse,
  validate,
  type GraphQLSchema,
} from 'graphql';
import { SCHEMA_FILE } from '../../../api/createContentApi';
import { openDatabase, type Database } from '../../../api/db/database';
import { migrate } from '../../../api/db/migrations';
import { seedContent } from '../../../api/publishing/seedContent';
import { resolvers } from '../../../api/schema/resolvers';
import { createEmbeddedSource } from '../../../api/sources/embedded/embeddedSource';

/**
 * schema.graphql is the one contract with the browser (docs/content-model.md):
 * every field it declares must be answerable, and every operation the client
 * persists must be valid against it. A field added to the file without a
 * resolver, a resolver left for a field that is gone, or a fragment asking
 * for a field the file lacks, each fails here.
 */
const schema: GraphQLSchema = buildSchema(readFileSync(SCHEMA_FILE, 'utf8'));
const resolverMap = resolvers as unknown as Record<string, Record<string, unknown>>;

function objectTypes() {
  return Object.values(schema.getTypeMap()).filter(
    (type) => isObjectType(type) && !type.name.startsWith('__'),
  );
}

describe('schema.graphql and the resolvers', () => {
  it('every resolver names a type and field the schema declares', () => {
    const stale: string[] = [];
    for (const [typeName, fields] of Object.entries(resolverMap)) {
      const type = schema.getType(typeName);
      if (!type) {
        stale.push(typeName);
        continue;
      }
      for (const field of Object.keys(fields)) {
        if (field.startsWith('__')) continue;
        if (!isObjectType(type) || !(field in type.getFields())) stale.push(`${typeName}.${field}`);
      }
    }
    expect(stale).toEqual([]);
  });

  it('every root field (queries and mutations) has a resolver', () => {
    const missing: string[] = [];
    for (const root of [schema.getQueryType(), schema.getMutationType()]) {
      if (!root) continue;
      for (const field of Object.keys(root.getFields())) {
        if (typeof resolverMap[root.name]?.[field] !== 'function')
          missing.push(`${root.name}.${field}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every interface and union can tell its members apart', () => {
    const abstract = Object.values(schema.getTypeMap()).filter(
      (type) => isInterfaceType(type) || isUnionType(type),
    );
    expect(abstract.length).toBeGreaterThan(0);
    const missing = abstract.filter(
      (type) => typeof resolverMap[type.name]?.__resolveType !== 'function',
    );
    expect(missing.map((type) => type.name)).toEqual([]);
  });

  describe('a field without a resolver is a property of what the source gives', () => {
    let db: Database;
    const samples = new Map<string, Record<string, unknown>>();

    beforeAll(async () => {
      db = await openDatabase({ dataDir: 'memory://' });
      await migrate(db);
      await seedContent(db);
      const reader = createEmbeddedSource(db).reader({ preview: true });
      const sample = (name: string, value: unknown) => {
        if (value && !samples.has(name)) samples.set(name, value as Record<string, unknown>);
      };
      sample('Site', await reader.site());
      const article = (await reader.articles({}, { first: 1, after: null })).nodes[0];
      sample('Article', article);
      sample('Author', (await reader.authors({ first: 1, after: null })).nodes[0]);
      sample('Topic', (await reader.topics({ first: 1, after: null })).nodes[0]);
      if (article?.heroImageId) sample('Asset', await reader.asset(article.heroImageId));
      for (const slug of ['home', 'about', 'start-here']) {
        const page = await reader.page({ slug });
        sample('Page', page);
        for (const block of page?.blocks ?? []) sample(block.__typename, block);
      }
    }, 60_000);
    afterAll(() => db?.close());

    it('for every content type of the model', () => {
      expect([...samples.keys()]).toEqual(
        expect.arrayContaining([
          'Site',
          'Article',
          'Author',
          'Topic',
          'Asset',
          'Page',
          'HeroBlock',
        ]),
      );
      const unanswered: string[] = [];
      for (const [typeName, value] of samples) {
        const type = schema.getType(typeName);
        if (!isObjectType(type)) continue;
        for (const field of Object.keys(type.getFields())) {
          if (resolverMap[typeName]?.[field] === undefined && !(field in value)) {
            unanswered.push(`${typeName}.${field}`);
          }
        }
      }
      expect(unanswered).toEqual([]);
      // Every type a reader can fetch by id is among the samples: a new one must be added here.
      const nodeTypes = objectTypes()
        .filter((type) => isObjectType(type) && type.getInterfaces().some((i) => i.name === 'Node'))
        .map((type) => type.name)
        .filter((name) => !['CodeBlock', 'PullQuote'].includes(name));
      expect(nodeTypes.filter((name) => !samples.has(name))).toEqual([]);
    });
  });
});

describe('the persisted operations', () => {
  const files = ['persisted-queries.json', 'persisted-queries.test.json'];
  it.each(files)('%s: every operation is valid against schema.graphql', (file) => {
    const map = JSON.parse(
      readFileSync(path.join(__dirname, '../../../__generated__', file), 'utf8'),
    ) as Record<string, string>;
    const texts = Object.values(map);
    expect(texts.length).toBeGreaterThan(0);
    const invalid = texts.flatMap((text) =>
      validate(schema, parse(text)).map((error) => `${text.split('(')[0]}: ${error.message}`),
    );
    expect(invalid).toEqual([]);
  });
});
