import { copyFileSync } from 'node:fs';
import path from 'node:path';
import ArticlePageQuery from '@generated/ArticlePageQuery.graphql';
import { PREVIEW_COOKIE } from '../../api/previewCredential';
import {
  PREVIEW_LINK_TTL_S,
  previewUrlKey,
  signPreviewGrant,
  type PreviewDocument,
} from '../../api/previewLinks';
import { publishContent } from '../../api/publishing/publishContent';
import { createEmbeddedSource } from '../../api/sources/embedded/embeddedSource';
import { ContentFolderCopy } from '../../harness/contentFolderCopy';
import { eventually } from '../support/eventually';
import { sourceRenderer } from '../support/sourceRenderer';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * Issue 36: what a preview link and the session it opens may show, and
 * nothing more. A session for draft A sees A's images, never another draft's,
 * a scheduled or an archived article's; a document deleted from content/ (or
 * renamed) is gone for its links and its sessions; a CMS URL key opens
 * nothing over Folio's own database, whose ids are counted; and a link
 * never narrows a browser's preview token to one document.
 */
const LINK_KEY = 'a-link-key-for-the-preview-scope-tests-0123456789';
const PREVIEW_TOKEN = 'preview-scope-token';
const A = 'the-four-day-week';
const A_TITLE = 'What the four-day week trials actually found';
const B = 'draft-b';
const B_FILE = `articles/${B}.md`;
const A_HERO = 'hero-the-four-day-week.jpg';
const HIDDEN_FROM_A = [
  ["draft B's hero", 'hero-draft-b.jpg'],
  ["draft B's own inline image", 'inline-draft-b.jpg'],
  ["a scheduled article's hero", 'hero-how-elevators-decide.jpg'],
  ["an archived article's hero", 'hero-summer-reading-2025.jpg'],
] as const;

let folder: ContentFolderCopy;
let site: TestServer;

/** Draft B: a hero of its own (in assets.yaml) and an image placed in its text by its file. */
function writeDraftB(): void {
  const images = path.join(folder.dir, 'images');
  copyFileSync(path.join(images, 'hero-desire-paths.jpg'), path.join(images, 'hero-draft-b.jpg'));
  copyFileSync(
    path.join(images, 'hero-the-checklist.jpg'),
    path.join(images, 'inline-draft-b.jpg'),
  );
  folder.write(
    'assets.yaml',
    `${folder.read('assets.yaml').trimEnd()}\nhero-draft-b:\n  file: images/hero-draft-b.jpg\n  alt: "Draft B's hero."\n`,
  );
  folder.write(
    B_FILE,
    [
      '---',
      'title: Draft B',
      'summary: Another draft, with images of its own.',
      'status: draft',
      'authors: [mara-lindqvist]',
      'topics: [work-culture]',
      'hero: hero-draft-b',
      '---',
      '',
      'Words of draft B.',
      '',
      '![A chart only draft B shows](images/inline-draft-b.jpg)',
      '',
    ].join('\n'),
  );
}

beforeAll(async () => {
  folder = new ContentFolderCopy();
  writeDraftB();
  site = await startTestServer({
    mode: 'production',
    // Preview's refusals are pages in the interface's words: a server with pages gives them.
    serveClient: true,
    renderer: sourceRenderer(),
    previewToken: PREVIEW_TOKEN,
    previewLinkKey: LINK_KEY,
    contentSource: (db, services) =>
      createEmbeddedSource(db, { ...services, imagesDir: path.join(folder.dir, 'images') }),
  });
  await publishContent(site.db, { dir: folder.dir });
});
afterAll(async () => {
  await site?.close();
  folder?.dispose();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${url}`, { headers, redirect: 'manual' });
const key = Buffer.from(LINK_KEY);
const link = (document: PreviewDocument) =>
  `/preview/open?link=${signPreviewGrant(key, {
    purpose: 'link',
    document,
    expiresAt: Math.floor(Date.now() / 1000) + PREVIEW_LINK_TTL_S,
  })}`;

/** Opens `url` and returns the session cookie it set. */
async function session(url: string): Promise<string> {
  const response = await get(url);
  expect(response.status).toBe(303);
  const cookie = response.headers.get('set-cookie') ?? '';
  expect(cookie).toMatch(new RegExp(`^${PREVIEW_COOKIE}=[^;]+;`));
  return cookie.split(';')[0]!;
}

const articleTitle = async (slug: string, cookie: string) =>
  (
    await site.graphql<{ article: { title: string } | null }>(
      { doc_id: ArticlePageQuery.params.id, variables: { slug } },
      { Cookie: cookie },
    )
  ).body.data?.article?.title ?? null;

describe("a one-document session's images", () => {
  it('are its own document’s: its hero, private', async () => {
    const cookie = await session(link({ type: 'Article', slug: A }));
    const response = await get(`/images/${A_HERO}?w=320`, { Cookie: cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect((await get(`/images/${A_HERO}`)).status).toBe(404);
  });

  it.each(HIDDEN_FROM_A)('are never %s: a 404, as a reader gets', async (_, file) => {
    const cookie = await session(link({ type: 'Article', slug: A }));
    for (const query of ['', '?w=320&fm=webp']) {
      expect((await get(`/images/${file}${query}`, { Cookie: cookie })).status).toBe(404);
      expect((await get(`/images/${file}${query}`)).status).toBe(404);
      // The preview token sees them all.
      expect(
        (await get(`/images/${file}${query}`, { Cookie: `${PREVIEW_COOKIE}=${PREVIEW_TOKEN}` }))
          .status,
      ).toBe(200);
    }
  });

  it("of draft B's session are B's own, not A's", async () => {
    const cookie = await session(link({ type: 'Article', slug: B }));
    expect((await get('/images/hero-draft-b.jpg', { Cookie: cookie })).status).toBe(200);
    expect((await get('/images/inline-draft-b.jpg', { Cookie: cookie })).status).toBe(200);
    expect((await get(`/images/${A_HERO}`, { Cookie: cookie })).status).toBe(404);
  });
});

describe('a document deleted from content/', () => {
  afterEach(async () => {
    folder.reset();
    writeDraftB();
    await publishContent(site.db, { dir: folder.dir });
  });

  it('is gone for its links and for the sessions already open', async () => {
    const cookie = await session(link({ type: 'Article', slug: B }));
    expect(await articleTitle(B, cookie)).toBe('Draft B');
    const byId = (await site.source.reader({ preview: true }).article({ slug: B }))!.id;
    folder.remove(B_FILE);
    await publishContent(site.db, { dir: folder.dir });
    for (const document of [
      { type: 'Article', slug: B },
      { type: 'Article', id: byId },
    ] as const) {
      const response = await get(link(document));
      expect(response.status).toBe(404);
      expect(await response.text()).toMatch(/not there any more/);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    // The session opened before: its document is gone, and so are its images (once the change is heard).
    expect(await articleTitle(B, cookie)).toBeNull();
    await eventually(async () =>
      expect((await get('/images/hero-draft-b.jpg', { Cookie: cookie })).status).toBe(404),
    );
    // The preview token still sees the archived copy.
    expect(await articleTitle(B, `${PREVIEW_COOKIE}=${PREVIEW_TOKEN}`)).toBe('Draft B');
  });

  it('by a rename: its old link opens nothing, the new name does', async () => {
    folder.write(`articles/${B}-renamed.md`, folder.read(B_FILE));
    folder.remove(B_FILE);
    await publishContent(site.db, { dir: folder.dir });
    expect((await get(link({ type: 'Article', slug: B }))).status).toBe(404);
    const cookie = await session(link({ type: 'Article', slug: `${B}-renamed` }));
    expect(await articleTitle(`${B}-renamed`, cookie)).toBe('Draft B');
    expect(await articleTitle(B, cookie)).toBeNull();
  });
});

describe('a CMS URL pattern over Folio’s own database', () => {
  it('opens nothing: the ids are counted, and content/ signs its links', async () => {
    const urlKey = previewUrlKey(key);
    const drafts = site.source.reader({ preview: true });
    const hidden = [A, 'how-elevators-decide', 'summer-reading-2025'];
    for (const slug of hidden) {
      const { id } = (await drafts.article({ slug }))!;
      const response = await get(`/preview/open?type=Article&id=${id}&key=${urlKey}`);
      expect(response.status).toBe(403);
      expect(await response.text()).toMatch(/signed/);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });
});

describe('a link opened by a browser that holds the preview token', () => {
  it('keeps the token: the document’s page, every draft still seen', async () => {
    const token = `${PREVIEW_COOKIE}=${PREVIEW_TOKEN}`;
    const response = await get(link({ type: 'Article', slug: A }), { Cookie: token });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/articles/${A}`);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await articleTitle(A, token)).toBe(A_TITLE);
    expect(await articleTitle(B, token)).toBe('Draft B');
  });

  it('a session for one document is replaced by the next link’s, as a CMS opens one after another', async () => {
    const first = await session(link({ type: 'Article', slug: A }));
    const response = await get(link({ type: 'Article', slug: B }), { Cookie: first });
    expect(response.status).toBe(303);
    const next = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(await articleTitle(B, next)).toBe('Draft B');
    expect(await articleTitle(A, next)).toBeNull();
  });
});
