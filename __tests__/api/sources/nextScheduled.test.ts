import type { Database } from '../../../api/db/database';
import { createContentfulSource } from '../../../api/sources/contentful/contentfulSource';
import { createStrapiSource } from '../../../api/sources/strapi/strapiSource';

/**
 * When the next scheduled articles are due, as the CMS sources answer it: one
 * request for the earliest page of articles not yet due, and of those the
 * ones due at the first one's instant (several may be due at once). The CMS
 * here is a scripted answer; the sources over the real Strapi and the
 * Contentful fixture are held to the contract in __tests__/api/sources/contract/.
 */
const EARLIEST = '2030-01-01T08:00:00.000Z';
const LATER = '2030-01-02T08:00:00.000Z';
// nextScheduled reads no database.
const db = null as unknown as Database;

function scripted(data: unknown) {
  const bodies: { query: string; variables: Record<string, unknown> }[] = [];
  const fetch: typeof globalThis.fetch = (_, init) => {
    bodies.push(JSON.parse(String(init?.body)) as (typeof bodies)[number]);
    return Promise.resolve(
      new Response(JSON.stringify({ data: { q0: data } }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  };
  return { fetch, bodies };
}

describe('Strapi', () => {
  const settings = {
    kind: 'strapi' as const,
    url: 'http://strapi.test',
    token: 'token',
    fileHosts: ['strapi.test'],
  };

  it('names every article due at the earliest instant, in one request', async () => {
    const cms = scripted([
      { documentId: 'a', publicationDate: EARLIEST },
      { documentId: 'b', publicationDate: EARLIEST },
      { documentId: 'c', publicationDate: LATER },
    ]);
    const source = createStrapiSource(settings, db, () => undefined, { fetch: cms.fetch });
    expect(await source.nextScheduled()).toEqual({ at: EARLIEST, articleIds: ['a', 'b'] });
    expect(cms.bodies).toHaveLength(1);
    expect(cms.bodies[0]!.query).toContain('publicationDate: { gt: $q0_now }');
    expect(Date.parse(String(cms.bodies[0]!.variables.q0_now))).toBeLessThanOrEqual(Date.now());
  });

  it('is null when nothing is scheduled', async () => {
    const cms = scripted([]);
    expect(
      await createStrapiSource(settings, db, () => undefined, { fetch: cms.fetch }).nextScheduled(),
    ).toBeNull();
    expect(cms.bodies).toHaveLength(1);
  });
});

describe('Contentful', () => {
  const settings = {
    kind: 'contentful' as const,
    spaceId: 'space',
    environment: 'master',
    deliveryToken: 'delivery',
    previewToken: undefined,
    graphqlUrl: 'http://contentful.test/graphql',
    fileHosts: ['contentful.test'],
  };

  it('names every article due at the earliest instant, however its time is written, in one request', async () => {
    const cms = scripted({
      items: [
        { sys: { id: 'a' }, publicationDate: EARLIEST },
        // The same instant in another offset.
        { sys: { id: 'b' }, publicationDate: '2030-01-01T09:00:00.000+01:00' },
        { sys: { id: 'c' }, publicationDate: LATER },
      ],
    });
    const source = createContentfulSource(settings, db, () => undefined, { fetch: cms.fetch });
    expect(await source.nextScheduled()).toEqual({ at: EARLIEST, articleIds: ['a', 'b'] });
    expect(cms.bodies).toHaveLength(1);
    expect(cms.bodies[0]!.query).toContain('where: { publicationDate_gt: $q0_now }');
  });

  it('is null when nothing is scheduled', async () => {
    const cms = scripted({ items: [] });
    expect(
      await createContentfulSource(settings, db, () => undefined, {
        fetch: cms.fetch,
      }).nextScheduled(),
    ).toBeNull();
    expect(cms.bodies).toHaveLength(1);
  });
});
