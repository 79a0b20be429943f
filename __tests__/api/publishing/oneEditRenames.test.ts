/**
 * Issue 39: changing an address is one edit. A reference names an article,
 * page, author or topic by its file (`article:the-door-that-explains-itself`
 * names articles/the-door-that-explains-itself.md), so a new `slug:` in that
 * file's front matter is published alone: the files that link to it are not
 * edited, and their links lead to the new address (docs/publishing.md#writing-content).
 */
import { publishContent } from '../../../api/publishing/publishContent';
import { ContentRejected } from '../../../api/publishing/problems';
import { readContentFolder } from '../../../api/publishing/contentFolder';
import { startTestServer, type TestServer } from '../../support/testServer';
import { ContentFolderCopy } from '../../../harness/contentFolderCopy';

let server: TestServer;
let folder: ContentFolderCopy;

beforeAll(async () => {
  server = await startTestServer();
  folder = new ContentFolderCopy();
});
afterAll(async () => {
  folder?.dispose();
  await server?.close();
});
afterEach(async () => {
  folder.reset();
  await publish();
});

const publish = () => publishContent(server.db, { dir: folder.dir });

async function idOf(table: string, slug: string): Promise<number | undefined> {
  const { rows } = await server.db.query<{ id: number }>(
    `SELECT id FROM ${table} WHERE slug = $1 AND locale = 'en'`,
    [slug],
  );
  return rows[0]?.id;
}

async function read<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const answer = await server.query<T>(query, variables);
  expect(answer.errors).toBeUndefined();
  return answer.data!;
}

const linkedSlugs = async (slug: string) =>
  (
    await read<{
      article: { body: { links: { entries: { hyperlink: { slug?: string }[] } } } };
    }>(
      'query ($slug: String!) { article(slug: $slug) { body { links { entries { hyperlink { ... on Article { slug } } } } } } }',
      { slug },
    )
  ).article.body.links.entries.hyperlink.map((entry) => entry.slug);

test('an article others link to takes a new address with one edit of its front matter', async () => {
  const file = 'articles/the-door-that-explains-itself.md';
  const id = await idOf('articles', 'the-door-that-explains-itself');
  expect(await linkedSlugs('why-stop-signs-are-octagons')).toContain(
    'the-door-that-explains-itself',
  );
  folder.edit(file, /^title: /m, 'slug: the-self-explaining-door\ntitle: ');
  // --check agrees: the files that name it by its file are not told it is gone.
  expect(readContentFolder(folder.dir).problems).toEqual([]);
  await publish();
  expect(await idOf('articles', 'the-self-explaining-door')).toBe(id);
  expect(await idOf('articles', 'the-door-that-explains-itself')).toBeUndefined();
  // A link in another article's text, and the home page's featured articles, name the new address.
  expect(await linkedSlugs('why-stop-signs-are-octagons')).toContain('the-self-explaining-door');
  const home = await read<{ page: { blocks: { articles?: { slug: string }[] }[] } }>(
    '{ page(slug: "home") { blocks { ... on FeaturedArticlesBlock { articles { slug } } } } }',
  );
  expect(home.page.blocks.flatMap((block) => block.articles ?? []).map((a) => a.slug)).toContain(
    'the-self-explaining-door',
  );
  // A new link may name the new address too.
  folder.edit(
    'articles/the-checklist.md',
    'In 1935',
    'See [the door](article:the-self-explaining-door). In 1935',
  );
  await publish();
  expect(await linkedSlugs('the-checklist')).toContain('the-self-explaining-door');
});

test.each([
  [
    'a topic',
    'topics/nature.md',
    'topics',
    'nature',
    'the-living-world',
    /^name: /m,
    'topics',
    'natur',
  ],
  [
    'an author',
    'authors/eliza-marsh.md',
    'authors',
    'eliza-marsh',
    'eliza-marsh-naturalist',
    /^name: /m,
    'authors',
    'eliza-marsh-naturalist',
  ],
])(
  '%s named by articles takes a new address with one edit, in place (same id)',
  async (_kind, file, table, from, to, field, list, germanSlug) => {
    const id = await idOf(table, from);
    folder.edit(file, field, `slug: ${to}\n$&`);
    await publish();
    expect(await idOf(table, to)).toBe(id);
    expect(await idOf(table, from)).toBeUndefined();
    const tides = await read<{ article: Record<string, { slug: string }[]> }>(
      `{ article(slug: "reading-the-tides") { ${list} { slug } } }`,
    );
    expect(tides.article[list]!.map((each) => each.slug)).toContain(to);
    // Its German version is still its version; one without a slug of its own (an author's) follows it.
    const german = await read<{ article: Record<string, { slug: string }[]> | null }>(
      `{ article(slug: "die-gezeiten-lesen", locale: "de") { ${list} { slug } } }`,
    );
    expect(german.article?.[list]?.map((each) => each.slug)).toContain(germanSlug);
  },
);

test('a reference to a file that is not there is still a problem on its line', async () => {
  folder.edit('articles/the-checklist.md', 'In 1935', 'See [it](article:no-such-file). In 1935');
  await expect(publish()).rejects.toBeInstanceOf(ContentRejected);
});
