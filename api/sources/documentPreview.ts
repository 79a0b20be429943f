import type { PreviewAccess } from '../previewCredential';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales';
import type { Article, ContentReader, ContentSource, Page } from './contentSource';

/**
 * The reader a request's preview access gives it, from any source: a
 * reader's, everything a previewer sees, or a reader's with one document
 * added (a session a signed link opened, docs/http-and-cache.md#preview-links).
 * In the last, that one document is read as a previewer reads it (its draft,
 * its images and embeds, its authors and topics); lists, search, related
 * reading and every other document stay a reader's, so a link shows
 * exactly the draft it names.
 */
export function readerFor(
  source: ContentSource,
  access: PreviewAccess,
  locale: Locale = DEFAULT_LOCALE,
): ContentReader {
  if (access.kind === 'everything') return source.reader({ preview: true, locale });
  const reader = source.reader({ preview: false, locale });
  if (access.kind !== 'document') return reader;
  return oneDocumentPreview(reader, source.reader({ preview: true, locale }), access);
}

function oneDocumentPreview(
  reader: ContentReader,
  drafts: ContentReader,
  document: { type: 'Article' | 'Page'; id: string },
): ContentReader {
  const isTheDocument = (entry: Article | Page | null) =>
    entry !== null && entry.__typename === document.type && entry.id === document.id;
  const forArticle = (article: Article) => (isTheDocument(article) ? drafts : reader);
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
    // Shown by the previewed document: what it names (namedByVisibleDocument) is read as a previewer reads it.
    asset: (id, options) => (options?.namedByVisibleDocument ? drafts : reader).asset(id, options),
    embed: (type, id, options) =>
      (options?.namedByVisibleDocument ? drafts : reader).embed(type, id, options),
    authorsOf: (article) => forArticle(article).authorsOf(article),
    topicsOf: (article) => forArticle(article).topicsOf(article),
  };
}
