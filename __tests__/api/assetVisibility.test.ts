import { toGlobalId } from '../../api/model/globalId';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * Issue 13 §9: assets and embeds have no status of their own. A reader sees
 * one when something they may see shows it; what only a draft, a scheduled or
 * an archived article uses stays hidden, by file name and by ID.
 */
const PREVIEW_TOKEN = 'asset-visibility-token';
const PREVIEW = { Authorization: `Bearer ${PREVIEW_TOKEN}` };
let production: TestServer;
/** Takes query text, for `node(id:)`; the same rule applies. */
let development: TestServer;
beforeAll(async () => {
  [production, development] = await Promise.all([
    startTestServer({ mode: 'production', previewToken: PREVIEW_TOKEN }),
    startTestServer({ mode: 'development', previewToken: PREVIEW_TOKEN }),
  ]);
});
afterAll(() => Promise.all([production.close(), development.close()]));

const HIDDEN = [
  ['a draft', 'hero-the-four-day-week.jpg'],
  ['a scheduled article', 'hero-how-elevators-decide.jpg'],
  ['an archived article', 'hero-summer-reading-2025.jpg'],
] as const;

/** An asset that a published article shows inside its rich text (not as its hero or social image). */
async function assetInPublishedRichText(): Promise<{ id: number; file: string }> {
  const { rows } = await production.db.query<{ id: number; file: string }>(
    "SELECT s.id, s.file FROM assets s, articles a WHERE a.slug = 'reading-the-tides' AND s.id IS DISTINCT FROM a.hero_image_id AND s.id IS DISTINCT FROM a.seo_image_id AND NOT EXISTS (SELECT 1 FROM articles o WHERE o.hero_image_id = s.id OR o.seo_image_id = s.id) ORDER BY s.id",
  );
  for (const row of rows) {
    const { rows: named } = await production.db.query(
      "SELECT 1 FROM articles WHERE slug = 'reading-the-tides' AND body_refs @> jsonb_build_array($1::text)",
      [toGlobalId('Asset', row.id)],
    );
    if (named.length > 0) return row;
  }
  throw new Error('reading-the-tides shows no asset of its own in its body');
}

describe('/images', () => {
  it.each(HIDDEN)(
    'the hero image only %s uses is a 404 to readers, resized or not',
    async (_, file) => {
      for (const query of ['', '?w=640&fm=webp']) {
        const response = await fetch(`${production.url}/images/${file}${query}`);
        expect(response.status).toBe(404);
        expect(response.headers.get('cache-control')).not.toMatch(/public/);
      }
    },
  );

  it.each(HIDDEN)(
    'the hero image only %s uses is shown to a previewer, never publicly cacheable',
    async (_, file) => {
      for (const headers of [PREVIEW, { Cookie: `folio_preview=${PREVIEW_TOKEN}` }]) {
        const response = await fetch(`${production.url}/images/${file}?w=320&fm=webp`, { headers });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/webp');
        expect(response.headers.get('cache-control')).toBe('private, no-store');
      }
    },
  );

  it('a wrong preview token sees what a reader sees', async () => {
    const response = await fetch(`${production.url}/images/hero-the-four-day-week.jpg`, {
      headers: { Authorization: 'Bearer not-the-token' },
    });
    expect(response.status).toBe(404);
  });

  it.each(['hero-reading-the-tides.jpg', 'avatar-eliza-marsh.jpg'])(
    '%s (a published hero, an author) is public and cached for a year',
    async (file) => {
      const response = await fetch(`${production.url}/images/${file}?w=320`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    },
  );

  it('keeps a file’s verdict as long as readers’ pages: asked again, an image runs no SQL', async () => {
    const url = `${production.url}/images/hero-the-water-tower.jpg`;
    expect((await fetch(url)).status).toBe(200);
    const before = production.db.statementCount;
    expect((await fetch(url)).status).toBe(200);
    expect(production.db.statementCount - before).toBe(0);
  });

  it('an image that only a published article’s rich text shows is public', async () => {
    const { file } = await assetInPublishedRichText();
    const response = await fetch(`${production.url}/images/${file}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/^public/);
  });
});

describe('node(id:)', () => {
  const NODE = 'query($id: ID!) { node(id: $id) { __typename ... on Asset { url } } }';
  const node = async (id: string, headers: Record<string, string> = {}) => {
    const { body } = await development.graphql<{
      node: { __typename: string; url?: string } | null;
    }>({ query: NODE, variables: { id } }, headers);
    expect(body.errors).toBeUndefined();
    return body.data!.node;
  };
  const assetIdOf = async (file: string) =>
    toGlobalId(
      'Asset',
      (await development.db.query<{ id: number }>('SELECT id FROM assets WHERE file = $1', [file]))
        .rows[0]!.id,
    );

  it.each(HIDDEN)(
    'the asset only %s uses is null to readers and there for a previewer',
    async (_, file) => {
      const id = await assetIdOf(file);
      expect(await node(id)).toBeNull();
      expect((await node(id, PREVIEW))?.url).toContain(file);
    },
  );

  it('assets that published articles show, as hero or in rich text, are there for readers', async () => {
    expect((await node(await assetIdOf('hero-reading-the-tides.jpg')))?.url).toContain(
      'hero-reading-the-tides.jpg',
    );
    const inRichText = await assetInPublishedRichText();
    expect((await node(toGlobalId('Asset', inRichText.id)))?.url).toContain(inRichText.file);
  });

  it('an embed only hidden content uses is null to readers; one a published article embeds is there', async () => {
    const { rows } = await development.db.query<{ id: number; type: string; shown: boolean }>(
      `SELECT e.id, e.type, EXISTS (SELECT 1 FROM articles a WHERE a.status = 'PUBLISHED' AND a.published_at <= now() AND a.body_refs @> jsonb_build_array(translate(rtrim(encode(convert_to(e.type || ':' || e.id, 'UTF8'), 'base64'), '='), '+/', '-_'))) AS shown FROM embeds e ORDER BY e.id`,
    );
    const shown = rows.find((row) => row.shown);
    expect(shown).toBeDefined();
    expect((await node(toGlobalId(shown!.type, shown!.id)))?.__typename).toBe(shown!.type);
    // An embed no document names at all (added here, as an editor would before using it).
    const { rows: added } = await development.db.query<{ id: number }>(
      'INSERT INTO embeds (key, type, data) VALUES (\'unused-quote\', \'PullQuote\', \'{"quote":"Not yet","attribution":"Draft"}\') RETURNING id',
    );
    const unused = toGlobalId('PullQuote', added[0]!.id);
    expect(await node(unused)).toBeNull();
    expect((await node(unused, PREVIEW))?.__typename).toBe('PullQuote');
  });
});
