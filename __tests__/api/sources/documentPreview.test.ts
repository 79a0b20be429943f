import { toGlobalId } from '../../../api/model/globalId';
import type { PreviewAccess } from '../../../api/previewCredential';
import type {
  Article,
  Asset,
  ContentReader,
  ContentSource,
  Embed,
} from '../../../api/sources/contentSource';
import { imageFilesOf, previewShowsImage, readerFor } from '../../../api/sources/documentPreview';

/**
 * Issue 36: a one-document session (api/sources/documentPreview.ts) reads
 * as a previewer only what its document names, from any source. A CMS keeps
 * a draft version of every entry: an embed or image a published article
 * names is read as a reader reads it (its published version), never its
 * pending draft; what the previewed draft names is read as a previewer reads
 * it, by id too (`node(id:)`). An archived document is gone for a session.
 */
const asset = (id: string, version: string): Asset => ({
  __typename: 'Asset',
  id,
  file: `${id}-${version}.jpg`,
  version,
  width: 1,
  height: 1,
  alt: version,
  contentType: 'image/jpeg',
});
const pullQuote = (id: string, quote: string): Embed => ({
  __typename: 'PullQuote',
  id,
  quote,
  attribution: null,
});
const bodyNaming = (...globalIds: string[]) => ({
  nodeType: 'document',
  content: globalIds.map((id) => ({
    nodeType: 'embedded-entry-block',
    data: { target: { sys: { id } } },
    content: [],
  })),
});
const article = (id: string, status: Article['status'], fields: Partial<Article>): Article => ({
  __typename: 'Article',
  id,
  slug: id,
  title: id,
  summary: '',
  body: bodyNaming(),
  status,
  publishedAt: null,
  updatedAt: '2026-01-01T00:00:00Z',
  heroImageId: null,
  seo: { title: null, description: null, imageId: null },
  readingTimeMinutes: 1,
  ...fields,
});

/** A CMS-like source: the draft of `drafted` and of every entry, and their published versions. */
function cmsSource(draftStatus: Article['status'] = 'DRAFT'): ContentSource {
  const published = {
    articles: [
      article('published', 'PUBLISHED', {
        body: bodyNaming(toGlobalId('PullQuote', 'q1')),
        heroImageId: 'shared',
      }),
    ],
    assets: [asset('shared', 'published')],
    embeds: [pullQuote('q1', 'as published')],
  };
  const drafts = {
    articles: [
      article('published', 'PUBLISHED', {
        body: bodyNaming(toGlobalId('PullQuote', 'q1')),
        heroImageId: 'shared',
      }),
      article('drafted', draftStatus, {
        heroImageId: 'own',
        body: bodyNaming(toGlobalId('PullQuote', 'q2')),
      }),
      article('other', 'DRAFT', { heroImageId: 'others' }),
    ],
    assets: [asset('shared', 'pending draft'), asset('own', 'draft'), asset('others', 'draft')],
    embeds: [pullQuote('q1', 'pending draft'), pullQuote('q2', 'draft')],
  };
  const readerOf = (content: typeof drafts): ContentReader =>
    ({
      article: async (by: { id: string } | { slug: string }) =>
        content.articles.find((entry) =>
          'id' in by ? entry.id === by.id : entry.slug === by.slug,
        ) ?? null,
      page: async () => null,
      asset: async (id: string) => content.assets.find((entry) => entry.id === id) ?? null,
      embed: async (_type: string, id: string) =>
        content.embeds.find((entry) => entry.id === id) ?? null,
      authorsOf: async () => [],
      topicsOf: async () => [],
    }) as unknown as ContentReader;
  return {
    kind: 'contentful',
    reader: ({ preview }: { preview: boolean }) => readerOf(preview ? drafts : published),
  } as unknown as ContentSource;
}

const SESSION: PreviewAccess = {
  kind: 'document',
  type: 'Article',
  id: 'drafted',
  version: 'draft',
};

describe('a session for one document', () => {
  it('reads what only published documents name as a reader does, never their pending drafts', async () => {
    const reader = readerFor(cmsSource(), SESSION);
    expect(
      (await reader.embed('PullQuote', 'q1', { namedByVisibleDocument: true })) as {
        quote: string;
      },
    ).toMatchObject({ quote: 'as published' });
    expect(await reader.asset('shared', { namedByVisibleDocument: true })).toMatchObject({
      alt: 'published',
    });
  });

  it('reads what its document names as a previewer does, by id too', async () => {
    const reader = readerFor(cmsSource(), SESSION);
    expect((await reader.article({ id: 'drafted' }))?.title).toBe('drafted');
    expect(await reader.embed('PullQuote', 'q2', { namedByVisibleDocument: true })).toMatchObject({
      quote: 'draft',
    });
    expect(await reader.asset('own')).toMatchObject({ alt: 'draft' });
    // Another draft, and what it names: a reader's nothing.
    expect(await reader.article({ id: 'other' })).toBeNull();
    expect(await reader.asset('others')).toBeNull();
  });

  it('shows the image files its document names, and no other draft’s', async () => {
    const source = cmsSource();
    const files = (document: { type: 'Article' | 'Page'; id: string }) =>
      imageFilesOf(source, document);
    expect(await previewShowsImage(SESSION, files, 'own-draft.jpg')).toBe(true);
    expect(await previewShowsImage(SESSION, files, 'others-draft.jpg')).toBe(false);
    expect(await previewShowsImage({ kind: 'everything' }, files, 'others-draft.jpg')).toBe(true);
    expect(await previewShowsImage({ kind: 'reader' }, files, 'own-draft.jpg')).toBe(false);
  });

  it('of an archived document shows nothing of it: it is gone', async () => {
    const source = cmsSource('ARCHIVED');
    const reader = readerFor(source, SESSION);
    expect(await reader.article({ id: 'drafted' })).toBeNull();
    expect(await reader.asset('own')).toBeNull();
    expect(
      await previewShowsImage(
        SESSION,
        (document) => imageFilesOf(source, document),
        'own-draft.jpg',
      ),
    ).toBe(false);
  });
});
