/**
 * Markdown writers already know (docs/publishing.md#code-and-images-in-the-text): a fenced code block
 * with its language, and an image placed by its file with its alt text,
 * become entries of the article's own, published, checked and rendered as
 * the code-block embed and the asset figure are; and go when the file stops
 * making them. Against the real API over PGlite, from an edited copy of content/.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readContentFolder } from '../../../api/publishing/contentFolder';
import { ContentRejected } from '../../../api/publishing/problems';
import { publishContent } from '../../../api/publishing/publishContent';
import { ContentFolderCopy } from '../../../harness/contentFolderCopy';
import { startTestServer, type TestServer } from '../../support/testServer';

const ARTICLE = 'articles/contrast-is-for-everyone.md';
const SLUG = 'contrast-is-for-everyone';
const IMAGE = 'images/avatar-eliza-marsh.jpg';

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
  await publishContent(server.db, { dir: folder.dir });
});

const publish = () => publishContent(server.db, { dir: folder.dir });

/** Appends Markdown to the article's text. */
const append = (markdown: string) =>
  folder.write(ARTICLE, `${folder.read(ARTICLE).trimEnd()}\n\n${markdown}\n`);

interface Body {
  json: { content: { nodeType: string; data: { target?: { sys: { id: string } } } }[] };
  links: {
    entries: { block: { __typename: string; id: string; language?: string; code?: string }[] };
    assets: { block: { id: string; alt: string; width: number; height: number; url: string }[] };
  };
}

async function body(): Promise<Body> {
  const answer = await server.query<{ article: { body: Body } }>(
    `query ($slug: String!) { article(slug: $slug) { body { json links {
      entries { block { __typename ... on Node { id } ... on CodeBlock { language code } } }
      assets { block { id alt width height url } }
    } } } }`,
    { slug: SLUG },
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!.article.body;
}

/** The last block of the document and what `links` resolves it to. */
async function lastBlock() {
  const document = await body();
  const node = document.json.content.at(-1)!;
  const id = node.data.target?.sys.id;
  return {
    nodeType: node.nodeType,
    entry: document.links.entries.block.find((entry) => entry.id === id),
    asset: document.links.assets.block.find((asset) => asset.id === id),
  };
}

describe('a fenced code block', () => {
  it('is a code block entry of the article, shown as the embed is', async () => {
    append('```css\n.button {\n  color: #1a1a1a;\n}\n```');
    await publish();
    const block = await lastBlock();
    expect(block.nodeType).toBe('embedded-entry-block');
    expect(block.entry).toEqual({
      __typename: 'CodeBlock',
      id: expect.any(String),
      language: 'css',
      code: '.button {\n  color: #1a1a1a;\n}',
    });
    // Unchanged, the file and what it makes are neither parsed nor written again.
    const again = await publish();
    expect(again.written).toEqual({});
    // Edited: the same entry, new code; removed: gone from the database.
    folder.edit(ARTICLE, 'color: #1a1a1a;', 'color: #000;');
    await publish();
    expect((await lastBlock()).entry?.code).toBe('.button {\n  color: #000;\n}');
    folder.reset();
    await publish();
    const { rows } = await server.db.query(`SELECT key FROM embeds WHERE key LIKE '${SLUG}--%'`);
    expect(rows).toEqual([]);
  });

  it('without a language is a problem on its line', async () => {
    append('```\nplain\n```');
    const line = folder.read(ARTICLE).split('\n').indexOf('```') + 1;
    await expect(publish()).rejects.toThrow(ContentRejected);
    const { problems } = readContentFolder(folder.dir);
    expect(problems).toContainEqual({
      file: ARTICLE,
      line,
      message:
        'a code block names its language after the opening fence, as ```ts (```text for plain text)',
    });
  });
});

describe('an image placed by its file', () => {
  it('is an asset of the article with its alt text, measured, shown as the figure is', async () => {
    append(`![The writer at her desk](../${IMAGE})`);
    await publish();
    const block = await lastBlock();
    expect(block.nodeType).toBe('embedded-asset-block');
    expect(block.asset).toMatchObject({ alt: 'The writer at her desk' });
    expect(block.asset!.width).toBeGreaterThan(0);
    // `images/…` from the content folder works as well as `../images/…` from the article's.
    folder.edit(ARTICLE, `../${IMAGE}`, IMAGE);
    await publish();
    expect((await lastBlock()).asset).toMatchObject({ alt: 'The writer at her desk' });
  });

  it('a new drawing under the same name is published, though the Markdown did not change', async () => {
    append(`![The writer at her desk](${IMAGE})`);
    await publish();
    const before = (await lastBlock()).asset!;
    // Another image's bytes under the name.
    const other = readFileSync(path.join(folder.dir, 'images/hero-desire-paths.jpg'));
    writeFileSync(path.join(folder.dir, IMAGE), other);
    const result = await publish();
    // The article's own asset, and assets.yaml's avatar of the same file.
    expect(result.written.asset).toBe(2);
    const after = (await lastBlock()).asset!;
    expect(after.alt).toBe(before.alt);
    // Its version (in its URL) and its size are the new drawing's.
    expect(after.url).not.toBe(before.url);
    expect(after.width / after.height).not.toBe(before.width / before.height);
  });

  it.each([
    [`![](${IMAGE})`, 'an image needs its text for readers who cannot see it'],
    ['![A desk](images/no-such-file.jpg)', 'there is no file images/no-such-file.jpg'],
    ['![A desk](https://example.com/x.jpg)', 'an image is a file in images/'],
    // Never a path out of images/.
    ['![A desk](../../etc/passwd)', 'an image is a file in images/'],
    ['![A desk](images/../../outside.jpg)', 'an image is a file in images/'],
  ])('%s is a problem on its line', async (markdown, message) => {
    append(markdown);
    const line = folder.read(ARTICLE).split('\n').indexOf(markdown) + 1;
    const { problems } = readContentFolder(folder.dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: ARTICLE, line });
    expect(problems[0]!.message).toContain(message);
  });
});
