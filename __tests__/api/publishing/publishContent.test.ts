/**
 * `npm run content`'s publish (api/publishing/publishContent.ts) against the
 * real API over PGlite, seeded from content/, publishing an edited copy of it:
 * what changes is written and announced, nothing else is; a removed file
 * unpublishes; a bad file is named with its line and changes nothing.
 */
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONTENT_FILE_MAX_BYTES } from '../../../shared/limits';
import { announceContentChange, type ContentChange } from '../../../api/changes/contentChange';
import type { Database } from '../../../api/db/database';
import * as markdown from '../../../api/publishing/markdown';
import { ContentRejected } from '../../../api/publishing/problems';
import { publishContent } from '../../../api/publishing/publishContent';
import { readContentFiles } from '../../../api/publishing/readContentFiles';
import { readContentFolder } from '../../../api/publishing/contentFolder';
import { CONTENT_DIR } from '../../../settings/contentDir';
import { startTestServer, type TestServer } from '../../support/testServer';
import { eventually } from '../../support/eventually';
import { contentFingerprint, ContentFolderCopy } from '../../../harness/contentFolderCopy';

// The real announcement, watched: each call's database and change.
jest.mock('../../../api/changes/contentChange', () => {
  const actual = jest.requireActual<typeof import('../../../api/changes/contentChange')>(
    '../../../api/changes/contentChange',
  );
  return { ...actual, announceContentChange: jest.fn(actual.announceContentChange) };
});
const announced = announceContentChange as jest.MockedFunction<typeof announceContentChange>;

const PREVIEW_TOKEN = 'preview-token-for-publishing-tests';
const PREVIEW = { 'X-Preview-Token': PREVIEW_TOKEN };
const SEED = readContentFiles();
const RECORDS =
  1 +
  SEED.assets.length +
  SEED.authors.length +
  SEED.topics.length +
  SEED.embeds.length +
  SEED.articles.length +
  SEED.pages.length +
  // Translations (docs/publishing.md#translations) are records of their own.
  readContentFolder(CONTENT_DIR).records.filter((record) => record.kind === 'translation').length;

/** A published article no other record names: it may come and go without breaking a reference. */
const LONE = SEED.articles.find(
  (article) =>
    article.status === 'PUBLISHED' &&
    Date.parse(article.publishedAt!) < Date.now() &&
    !JSON.stringify([SEED.articles.filter((other) => other !== article), SEED.pages]).includes(
      `"${article.slug}"`,
    ) &&
    !JSON.stringify([SEED.articles, SEED.pages]).includes(`article:${article.slug}`),
)!;
const loneFile = `articles/${LONE.slug}.md`;

let server: TestServer;
let folder: ContentFolderCopy;

beforeAll(async () => {
  server = await startTestServer({ previewToken: PREVIEW_TOKEN });
  folder = new ContentFolderCopy();
});
afterAll(async () => {
  folder?.dispose();
  await server?.close();
});
beforeEach(() => announced.mockClear());
// Every test starts from content/ as it is, published.
afterEach(async () => {
  folder.reset();
  await publish();
});

const publish = () => publishContent(server.db, { dir: folder.dir });

async function articleId(slug: string): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>(
    "SELECT id FROM articles WHERE slug = $1 AND locale = 'en'",
    [slug],
  );
  return rows[0]!.id;
}

async function readerArticle(slug: string, headers: Record<string, string> = {}) {
  const answer = await server.query<{
    article: {
      title: string;
      status: string;
      authors: { name: string }[];
      topics: { slug: string }[];
    } | null;
  }>(
    'query ($slug: String!) { article(slug: $slug) { title status authors { name } topics { slug } } }',
    { slug },
    headers,
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!.article;
}

/** The one change announced by the last publish, and that it was announced on the publish's own transaction. */
function lastChange(): ContentChange {
  expect(announced).toHaveBeenCalledTimes(1);
  const [db, change] = announced.mock.calls[0]!;
  expect((db as Database).origin).toBe(server.db);
  return change;
}

describe('publishing content/', () => {
  test('the seed is the folder: publishing it unchanged reads two rows of memory and writes nothing', async () => {
    const before = await contentFingerprint(server.db);
    const statements = server.db.statementCount;
    const parse = jest.spyOn(markdown, 'parseMarkdown');
    const result = await publish();
    expect(result).toMatchObject({
      written: {},
      unpublished: 0,
      deleted: 0,
      unchanged: RECORDS,
      change: null,
    });
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(server.db.statementCount - statements).toBe(2);
    expect(announced).not.toHaveBeenCalled();
    expect(await contentFingerprint(server.db)).toBe(before);
  });

  test('a changed article is the one record parsed, written and announced; its lists stay as they were', async () => {
    const parse = jest.spyOn(markdown, 'parseMarkdown');
    folder.edit(
      'articles/reading-the-tides.md',
      'title: Reading the tides',
      'title: Reading the tides, corrected',
    );
    const result = await publish();
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
    expect(result).toMatchObject({ written: { article: 1 }, unchanged: RECORDS - 1 });
    expect(lastChange()).toEqual({
      source: 'embedded',
      cause: 'publish',
      // An original is written in the default locale: the change names it, so other locales' keys are kept.
      records: [
        { type: 'Article', id: String(await articleId('reading-the-tides')), locale: 'en' },
      ],
      listsChanged: false,
    });
    expect((await readerArticle('reading-the-tides'))?.title).toBe('Reading the tides, corrected');
    // Published again as it was: the same record, written back.
    folder.restore('articles/reading-the-tides.md');
    expect((await publish()).written).toEqual({ article: 1 });
    expect((await readerArticle('reading-the-tides'))?.title).toBe('Reading the tides');
  });

  test('an article moved in time, or to other topics, changes lists', async () => {
    folder.edit(loneFile, /^publishedAt: .*$/m, 'publishedAt: 2020-01-01T00:00:00Z');
    await publish();
    expect(lastChange().listsChanged).toBe(true);
    announced.mockClear();
    folder.edit(loneFile, /^topics: .*$/m, 'topics: [design]');
    await publish();
    expect(lastChange().listsChanged).toBe(true);
    expect((await readerArticle(LONE.slug))?.topics).toEqual([{ slug: 'design' }]);
  });

  test('a removed article is unpublished: readers no longer see it, its row, id and votes stay, and it comes back as itself', async () => {
    const id = await articleId(LONE.slug);
    await server.db.query(
      "INSERT INTO article_votes (source, article_id, helpful, not_helpful) VALUES ('embedded', $1, 7, 1)",
      [String(id)],
    );
    folder.remove(loneFile);
    const result = await publish();
    expect(result).toMatchObject({ written: {}, unpublished: 1, deleted: 0 });
    expect(lastChange()).toEqual({
      source: 'embedded',
      cause: 'publish',
      records: [{ type: 'Article', id: String(id) }],
      listsChanged: true,
    });
    expect(await readerArticle(LONE.slug)).toBeNull();
    expect(await readerArticle(LONE.slug, PREVIEW)).toMatchObject({ status: 'ARCHIVED' });
    const list = await server.query<{ articles: { edges: { node: { slug: string } }[] } }>(
      '{ articles(first: 50) { edges { node { slug } } } }',
    );
    expect(list.data!.articles.edges.map((edge) => edge.node.slug)).not.toContain(LONE.slug);

    announced.mockClear();
    folder.restore(loneFile);
    expect((await publish()).written).toEqual({ article: 1 });
    expect(await articleId(LONE.slug)).toBe(id);
    expect(lastChange().listsChanged).toBe(true);
    const answer = await server.query<{ article: { helpfulCount: number } }>(
      'query ($slug: String!) { article(slug: $slug) { helpfulCount } }',
      { slug: LONE.slug },
    );
    expect(answer.data!.article.helpfulCount).toBe(7);
  });

  test('a new slug in the same file renames the article in place (same id, same votes)', async () => {
    const id = await articleId(LONE.slug);
    folder.edit(loneFile, /^title: /m, `slug: ${LONE.slug}-renamed\ntitle: `);
    await publish();
    expect(await articleId(`${LONE.slug}-renamed`)).toBe(id);
    // Its old address finds it where it is now, once the change is resolved (docs/routes.md#addresses-that-moved).
    await eventually(async () => {
      const moved = await server.query<{ article: { slug: string } | null }>(
        'query ($slug: String!) { article(slug: $slug) { slug } }',
        { slug: LONE.slug },
      );
      expect(moved.data?.article).toEqual({ slug: `${LONE.slug}-renamed` });
    });
    expect(lastChange().records).toEqual([{ type: 'Article', id: String(id), locale: 'en' }]);
    folder.restore(loneFile);
    await publish();
    expect(await articleId(LONE.slug)).toBe(id);
  });

  test('a new article appears in lists; an author, a code block, an asset and the site name what they are', async () => {
    folder.write(
      'articles/a-new-piece.md',
      '---\ntitle: A new piece\nsummary: Fresh.\nstatus: published\npublishedAt: 2026-01-02T03:04:05Z\nauthors: [eliza-marsh]\ntopics: [nature]\n---\n\nHello, :embed{entry="author:eliza-marsh"}.\n',
    );
    folder.edit('authors/eliza-marsh.md', 'name: Eliza Marsh', 'name: Eliza M. Marsh');
    folder.edit(
      'embeds.yaml',
      'caption: Adding two harmonic constituents',
      'caption: Adding just two harmonic constituents',
    );
    folder.edit(
      'assets.yaml',
      /(inline-tide-curve:\n\s+file: .*\n\s+alt: ).*/,
      '$1A drawn tide curve.',
    );
    folder.edit('site.yaml', /^description: /m, 'description: Now with more tides. ');
    const result = await publish();
    expect(result.written).toEqual({ article: 1, author: 1, codeBlock: 1, asset: 1, site: 1 });
    const ids = async (sql: string) =>
      (await server.db.query<{ id: number }>(sql)).rows.map((row) => String(row.id));
    const change = lastChange();
    expect(change.listsChanged).toBe(true);
    // The code block is shown by the articles that embed it: they are what changes for a reader.
    const codeBlock = Buffer.from(
      `CodeBlock:${(await ids("SELECT id FROM embeds WHERE key = 'tide-harmonics'"))[0]}`,
    ).toString('base64url');
    const embedding = await ids(`SELECT id FROM articles WHERE body::text LIKE '%${codeBlock}%'`);
    // The article that embeds it, and its translations, which embed it too.
    expect(embedding).toContain(String(await articleId('reading-the-tides')));
    expect(
      [...change.records].sort((a, b) => `${a.type}${a.id}`.localeCompare(`${b.type}${b.id}`)),
    ).toEqual(
      [
        { type: 'Article', id: String(await articleId('a-new-piece')), locale: 'en' },
        // What shows a changed embed is named in whatever locale it is in (its row says).
        ...embedding.map((id) => ({ type: 'Article', id })),
        {
          type: 'Author',
          id: (await ids("SELECT id FROM authors WHERE slug = 'eliza-marsh' AND locale = 'en'"))[0],
          locale: 'en',
        },
        {
          type: 'Asset',
          id: (await ids("SELECT id FROM assets WHERE key = 'inline-tide-curve'"))[0],
        },
        { type: 'Site', id: '1', locale: 'en' },
      ].sort((a, b) => `${a.type}${a.id}`.localeCompare(`${b.type}${b.id}`)),
    );
    expect((await readerArticle('a-new-piece'))?.authors).toEqual([{ name: 'Eliza M. Marsh' }]);
    for (const file of ['authors/eliza-marsh.md', 'embeds.yaml', 'assets.yaml', 'site.yaml'])
      folder.restore(file);
    folder.remove('articles/a-new-piece.md');
    expect(await publish()).toMatchObject({
      written: { author: 1, codeBlock: 1, asset: 1, site: 1 },
      unpublished: 1,
    });
  });

  test('a removed author, topic, embed or asset that nothing names is deleted', async () => {
    folder.write('topics/knots.md', '---\nname: Knots\n---\n\nHitches and bends.\n');
    folder.edit(
      'embeds.yaml',
      /^pullQuotes:\n/m,
      'pullQuotes:\n  spare-quote:\n    quote: Spare words.\n',
    );
    await publish();
    announced.mockClear();
    folder.remove('topics/knots.md');
    folder.restore('embeds.yaml');
    const result = await publish();
    expect(result).toMatchObject({ written: {}, deleted: 2 });
    expect(lastChange()).toMatchObject({ records: [{ type: 'Topic' }], listsChanged: true });
    const { rows } = await server.db.query(
      "SELECT 1 FROM topics WHERE slug = 'knots' UNION ALL SELECT 1 FROM embeds WHERE key = 'spare-quote'",
    );
    expect(rows).toEqual([]);
  });
});

/** The line of the first line of `file` that contains `text`. */
function lineOf(file: string, text: string): number {
  const index = folder
    .read(file)
    .split('\n')
    .findIndex((line) => line.includes(text));
  if (index < 0) throw new Error(`${file} has no line with ${text}`);
  return index + 1;
}

describe('a bad file changes nothing and is named with its line', () => {
  const tides = 'articles/reading-the-tides.md';
  type BreakIt = () => { file: string; line: number; message: RegExp };
  /** The common case: `from` replaced by `to` in `file`, named at the line holding `at`. */
  const edited =
    (file: string, from: string, to: string, at: string, message: RegExp): BreakIt =>
    () => {
      folder.edit(file, from, to);
      return { file, line: lineOf(file, at), message };
    };
  const cases: [string, BreakIt][] = [
    [
      'an image that is not an image (issue 26)',
      () => {
        const image = folder.read('assets.yaml').match(/file: (images\/[^\s]+)/)![1]!;
        folder.write(image, 'not a picture at all');
        return { file: image, line: 1, message: /^this is not an image Folio can serve/ };
      },
    ],
    [
      'a Markdown file past its size (issue 26)',
      () => {
        folder.write(tides, `${folder.read(tides)}\n${'word '.repeat(CONTENT_FILE_MAX_BYTES / 4)}`);
        return {
          file: tides,
          line: 1,
          message: /^too large \(\d+(\.\d)? MB; a file like this is at most 2 MB\)/,
        };
      },
    ],
    [
      'a link out of the content folder (issue 26)',
      () => {
        const outside = path.join(mkdtempSync(path.join(tmpdir(), 'folio-outside-')), 'secret.md');
        writeFileSync(
          outside,
          folder.read(tides).replace('slug: reading-the-tides', 'slug: secret'),
        );
        symlinkSync(outside, path.join(folder.dir, 'articles/secret.md'));
        return {
          file: 'articles/secret.md',
          line: 1,
          message: /^this is a link out of the content folder/,
        };
      },
    ],
    [
      'broken front matter',
      edited(
        tides,
        'title: Reading the tides',
        'title: [Reading the tides',
        'title:',
        /^the YAML does not parse/,
      ),
    ],
    [
      'no front matter',
      () => {
        folder.write(tides, 'Just some words.\n');
        return { file: tides, line: 1, message: /^an article starts with its front matter/ };
      },
    ],
    [
      'an unknown author',
      edited(
        tides,
        'authors: [eliza-marsh]',
        'authors: [eliza-marsh, nobody]',
        'authors:',
        /^unknown author "nobody": there is no such author in authors\/nobody\.md/,
      ),
    ],
    [
      'an unknown topic',
      edited(
        tides,
        'topics: [nature, science]',
        'topics: [nature, astrology]',
        'topics:',
        /^unknown topic "astrology"/,
      ),
    ],
    [
      'a duplicate slug',
      () => {
        folder.write(
          'articles/tides-again.md',
          folder
            .read(tides)
            .replace(
              'title: Reading the tides',
              'slug: reading-the-tides\ntitle: Reading the tides',
            ),
        );
        return {
          file: 'articles/tides-again.md',
          line: lineOf('articles/tides-again.md', 'slug:'),
          message:
            /^the slug "reading-the-tides" is already used by articles\/reading-the-tides\.md/,
        };
      },
    ],
    [
      'an embed that does not exist',
      edited(
        tides,
        'codeBlock:tide-harmonics',
        'codeBlock:tide-harmonicas',
        'tide-harmonicas',
        /^unknown code block "tide-harmonicas": there is no such code block in embeds\.yaml under codeBlocks/,
      ),
    ],
    [
      'an asset that does not exist',
      edited(
        tides,
        'hero: hero-reading-the-tides',
        'hero: hero-of-the-tides',
        'hero:',
        /^unknown asset "hero-of-the-tides"/,
      ),
    ],
    [
      'an image of the body that is no asset',
      edited(
        tides,
        '![](asset:inline-tide-curve)',
        '![](asset:inline-tide-curves)',
        'inline-tide-curves',
        /^unknown asset "inline-tide-curves"/,
      ),
    ],
    [
      'an invalid slug',
      edited(
        tides,
        'title: Reading the tides',
        'slug: Reading The Tides\ntitle: Reading the tides',
        'slug:',
        /^"Reading The Tides" cannot be a slug/,
      ),
    ],
    [
      'a bad status',
      edited(
        tides,
        'status: published',
        'status: live',
        'status:',
        /^status is draft, published or archived, not "live"/,
      ),
    ],
    [
      'a bad date',
      edited(
        tides,
        'publishedAt: 2025-06-10T07:30:00Z',
        'publishedAt: 10 June 2025',
        'publishedAt:',
        /^publishedAt is a date and time with its zone/,
      ),
    ],
    [
      'a time without its zone',
      edited(
        tides,
        'publishedAt: 2025-06-10T07:30:00Z',
        'publishedAt: 2025-06-10T07:30:00',
        'publishedAt:',
        /^publishedAt is a date and time with its zone/,
      ),
    ],
    [
      'an update before the publication',
      edited(
        tides,
        'updatedAt: 2025-06-12T09:15:00Z',
        'updatedAt: 2024-01-01T00:00:00Z',
        'updatedAt:',
        /^updatedAt is never before publishedAt/,
      ),
    ],
    [
      'a misspelt field',
      edited(tides, 'summary:', 'sumary:', 'sumary:', /^unknown field "sumary" in an article/),
    ],
    [
      'a level-1 heading in the body',
      edited(
        tides,
        '## Springs and neaps',
        '# Springs and neaps',
        '# Springs and neaps',
        /^a section heading starts with ##/,
      ),
    ],
    [
      'a removed author some article still names',
      () => {
        folder.remove('authors/eliza-marsh.md');
        return {
          file: tides,
          line: lineOf(tides, 'authors:'),
          message: /^unknown author "eliza-marsh"/,
        };
      },
    ],
    [
      'an asset whose image file is missing',
      edited(
        'assets.yaml',
        'file: images/inline-tide-curve.jpg',
        'file: images/inline-tide-curve.png',
        'inline-tide-curve.png',
        /^there is no file images\/inline-tide-curve\.png/,
      ),
    ],
    [
      'broken YAML in embeds.yaml',
      edited(
        'embeds.yaml',
        '    language: python',
        '  language: python',
        '  language: python',
        /^the YAML does not parse/,
      ),
    ],
    [
      'a page block naming an article that does not exist',
      edited(
        'pages/home.md',
        'articles: [reading-the-tides,',
        'articles: [reading-the-tidal-waves,',
        'reading-the-tidal-waves',
        /^unknown article "reading-the-tidal-waves"/,
      ),
    ],
    [
      'an unknown page block',
      edited(
        'pages/home.md',
        '  - newsletter:',
        '  - carousel:',
        'carousel',
        /^each block is - text or - <name>:/,
      ),
    ],
    // Words every JavaScript object answers to are no block, status or tone.
    [
      'a page block named like an object property',
      edited(
        'pages/home.md',
        '  - newsletter:',
        '  - constructor:',
        'constructor',
        /^each block is - text or - <name>:/,
      ),
    ],
    [
      'a status named like an object property',
      edited(
        tides,
        'status: published',
        'status: toString',
        'status:',
        /^status is draft, published or archived, not "toString"/,
      ),
    ],
    [
      'a tone named like an object property',
      edited(
        'pages/home.md',
        '      tone: info',
        '      tone: __proto__',
        'tone:',
        /^tone is info, success or warning, not "__proto__"/,
      ),
    ],
  ];

  test.each(cases)('%s', async (_name, breakIt) => {
    const before = await contentFingerprint(server.db);
    const expected = breakIt();
    const error = await publish().then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ContentRejected);
    const problems = (error as ContentRejected).problems;
    expect(problems).toContainEqual({
      file: expected.file,
      line: expected.line,
      message: expect.stringMatching(expected.message),
    });
    // The message is the problems themselves, never a stack.
    expect((error as ContentRejected).message).toContain(`${expected.file}:${expected.line}: `);
    expect(announced).not.toHaveBeenCalled();
    expect(await contentFingerprint(server.db)).toBe(before);
    expect((await readerArticle('reading-the-tides'))?.title).toBe('Reading the tides');
  });
});
