import type { PreviewAccess } from '../previewCredential';
import { fromGlobalId } from '../model/globalId';
import { referencedIds } from '../model/richText';
import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '../../shared/locales';
import type { Article, ContentReader, ContentSource, Page } from './contentSource';

/** The document a preview session (a signed link's, or a CMS URL pattern's) shows, by the id all its languages share. */
export interface PreviewedDocument {
  type: 'Article' | 'Page';
  id: string;
}

/** The id every language version of an entry shares: a CMS's document id, or the embedded source's original row's. */
export const documentIdOf = (entry: { id: string; documentId?: string }) =>
  entry.documentId ?? entry.id;

/**
 * The reader a request's preview access gives it, from any source: a
 * reader's, everything a previewer sees, or a reader's with one document
 * added (a session a signed link opened, docs/http-and-cache.md#preview-links).
 * In the last, that one document is read as a previewer reads it (its draft,
 * and the images, embeds and authors it names); lists, search, related
 * reading, every other document and whatever only other documents name stay
 * a reader's, so a link shows exactly the draft it names. A document that is
 * archived (in content/, deleted or renamed) is gone for a session.
 */
export function readerFor(
  source: ContentSource,
  access: PreviewAccess,
  locale: Locale = DEFAULT_LOCALE,
): ContentReader {
  if (access.kind === 'everything') return source.reader({ preview: true, locale });
  const reader = source.reader({ preview: false, locale });
  // A session for the published version (a CMS's Published tab) shows what readers see.
  if (access.kind !== 'document' || access.version === 'published') return reader;
  return oneDocumentPreview(reader, source.reader({ preview: true, locale }), access, locale);
}

/**
 * Whether `entry` is the previewed document (in any of its languages: a
 * session covers the German draft of an English original) as a preview link
 * or session may show it: not archived. The embedded source archives an article or page
 * whose file is deleted from content/ (or renamed: its old slug), so
 * archived is gone (docs/http-and-cache.md#preview-links); the preview
 * token still shows it.
 */
export function isPreviewable(
  entry: Article | Page | null,
  document: PreviewedDocument,
): entry is Article | Page {
  return (
    entry !== null &&
    entry.__typename === document.type &&
    documentIdOf(entry) === document.id &&
    entry.status !== 'ARCHIVED'
  );
}

/**
 * The previewed document as `drafts` reads it in `locale`, or null when it
 * is gone (or has no version there). By id a CMS reads the locale's version;
 * the embedded source reads the row the id names (the original), whose
 * translation is then read by its slug.
 */
export async function previewedIn(
  drafts: ContentReader,
  document: PreviewedDocument,
  locale: Locale = DEFAULT_LOCALE,
): Promise<Article | Page | null> {
  const read = (by: { id: string } | { slug: string }) =>
    document.type === 'Article' ? drafts.article(by) : drafts.page(by);
  const entry = await read({ id: document.id });
  if (!isPreviewable(entry, document)) return null;
  // A version that names no language is the one its reader's locale gave.
  if (entry.locale === undefined || entry.locale === locale) return entry;
  const version = (await drafts.translations(entry)).find((found) => found.locale === locale);
  const translated = version ? await read({ slug: version.slug }) : null;
  return isPreviewable(translated, document) ? translated : null;
}

/** `Type:id` of what a document names: its images, its embeds and linked entries (rich text), its authors' avatars. */
async function namedBy(entry: Article | Page, drafts: ContentReader): Promise<Set<string>> {
  const named = new Set<string>();
  const asset = (id: string | null) => id !== null && named.add(`Asset:${id}`);
  const richText = (document: unknown) => {
    for (const globalId of referencedIds(document)) {
      const parsed = fromGlobalId(globalId);
      if (parsed) named.add(`${parsed.type}:${parsed.id}`);
    }
  };
  asset(entry.seo.imageId);
  if (entry.__typename === 'Article') {
    asset(entry.heroImageId);
    richText(entry.body);
    for (const author of await drafts.authorsOf(entry)) asset(author.avatarId);
  } else
    for (const block of entry.blocks) {
      if (block.__typename === 'HeroBlock' || block.__typename === 'ImageBlock')
        asset(block.imageId);
      if (block.__typename === 'RichTextBlock') richText(block.body);
    }
  return named;
}

function oneDocumentPreview(
  reader: ContentReader,
  drafts: ContentReader,
  document: PreviewedDocument,
  locale: Locale,
): ContentReader {
  const isTheDocument = (entry: Article | Page | null) => isPreviewable(entry, document);
  const forArticle = (article: Article) => (isTheDocument(article) ? drafts : reader);
  // What the previewed document names, read once per request: only that is read as a previewer reads it.
  let named: Promise<Set<string>> | null = null;
  const namedByTheDocument = async (key: string) => {
    named ??= previewedIn(drafts, document, locale).then((entry) =>
      entry ? namedBy(entry, drafts) : new Set<string>(),
    );
    return (await named).has(key);
  };
  return {
    ...reader,
    async article(by) {
      if (document.type !== 'Article') return reader.article(by);
      const draft = await drafts.article(by);
      return isTheDocument(draft) ? draft : reader.article(by);
    },
    async page(by) {
      if (document.type !== 'Page') return reader.page(by);
      const draft = await drafts.page(by);
      return isTheDocument(draft) ? draft : reader.page(by);
    },
    // An image or embed the previewed document names is its draft's; one only other documents name (published ones, or other drafts) is a reader's.
    asset: async (id, options) =>
      ((await namedByTheDocument(`Asset:${id}`)) ? drafts : reader).asset(id, options),
    embed: async (type, id, options) =>
      ((await namedByTheDocument(`${type}:${id}`)) ? drafts : reader).embed(type, id, options),
    authorsOf: (article) => forArticle(article).authorsOf(article),
    topicsOf: (article) => forArticle(article).topicsOf(article),
  };
}

/**
 * Whether a preview access shows the image `file` that no reader sees (only
 * hidden content shows it): the preview token shows every one; a session
 * only those its document names, in any of its languages (its hero, social
 * image, rich text's images, blocks' images, its authors' avatars); a
 * reader none (docs/http-and-cache.md#preview-links).
 */
export async function previewShowsImage(
  access: PreviewAccess,
  filesOf: (document: PreviewedDocument) => Promise<ReadonlySet<string>>,
  file: string,
): Promise<boolean> {
  if (access.kind === 'everything') return true;
  if (access.kind !== 'document') return false;
  return (await filesOf(access)).has(file);
}

/** The image files a previewed document names, as its draft reads in every locale; none when it is gone. */
export async function imageFilesOf(
  source: ContentSource,
  document: PreviewedDocument,
): Promise<ReadonlySet<string>> {
  const files = new Set<string>();
  await Promise.all(
    LOCALE_CODES.map(async (locale) => {
      const drafts = source.reader({ preview: true, locale });
      const entry = await previewedIn(drafts, document, locale);
      if (!entry) return;
      const assets = [...(await namedBy(entry, drafts))]
        .filter((key) => key.startsWith('Asset:'))
        .map((key) => key.slice('Asset:'.length));
      for (const asset of await Promise.all(
        assets.map((id) => drafts.asset(id, { namedByVisibleDocument: true })),
      ))
        if (asset) files.add(asset.file);
    }),
  );
  return files;
}
