import DataLoader from 'dataloader';
import type { Page } from '../contentSource';
import { list, record } from '../cms/answerFields';
import { toArticle, type ArticleParts } from './contentfulArticles';
import type { PageParts } from './contentfulPages';
import { COST, itemsPerRequest, LINKED_ENTRY, TOPIC } from './contentfulQueries';
import type { ContentfulRequest } from './contentfulRequest';
import { linkedEntryIds, withGlobalIds } from './contentfulRichText';

/**
 * The entries rich-text documents link to, typed: a document names an entry
 * by id alone and Folio's ids carry its type, so an article's body or a
 * page's rich-text blocks get Folio's ids once every entry they link to is
 * typed (from what answers said, or by asking Contentful for the rest).
 */
export interface LinkedEntries {
  /** Entries by id whatever their type: their types (for documents' ids), and code blocks, pull quotes and topics whole. */
  entryById: DataLoader<string, string | null>;
  /** The articles of an `articleCollection` answer, their bodies with Folio's ids. */
  articlesIn(answer: unknown): Promise<ArticleParts[]>;
  /**
   * A page whole: its rich-text bodies with Folio's ids, once the entries
   * they link to are typed. The same page completed twice (by id and by
   * slug) asks nothing twice: entryById keeps what it was asked.
   */
  completePage(parts: PageParts): Promise<Page>;
  /** Rich-text documents fetched without their links (a live blog's summary and updates) with Folio's ids, once the entries they link to are typed. */
  withGlobalIds(documents: unknown[]): Promise<unknown[]>;
}

/** Entries by id, one `entryCollection` query per batch: what their links bring is kept, and their types learnt. */
function entriesById(request: ContentfulRequest): DataLoader<string, string | null> {
  return new DataLoader<string, string | null>(
    async (ids) => {
      const items = await request.itemsById(
        'entry',
        '...FolioLinkedEntry',
        [TOPIC, LINKED_ENTRY],
        ids,
      );
      request.keepLinked(
        items.flatMap((item, index) =>
          item === null
            ? []
            : [request.read(() => record(item, `entryCollection.items[${index}]`))],
        ),
        [],
      );
      return ids.map((id) => request.entryTypes.get(id) ?? null);
    },
    { maxBatchSize: itemsPerRequest(COST.plain) },
  );
}

export function contentfulLinkedEntries(request: ContentfulRequest): LinkedEntries {
  const { entryTypes, learn, store } = request;
  const entryById = entriesById(request);
  /** Entries by id typed: Contentful is asked, at once, for those no answer has typed yet; the first failure is thrown. */
  const typeEntries = async (ids: Iterable<string>) => {
    const untyped = [...new Set(ids)].filter((id) => !entryTypes.has(id));
    if (untyped.length === 0) return;
    const failed = (await entryById.loadMany(untyped)).find((result) => result instanceof Error);
    if (failed) throw failed;
  };
  /** The entries a batch of articles' bodies link to, typed, and the bodies given Folio's ids. */
  const typed = async (articles: ArticleParts[]): Promise<ArticleParts[]> => {
    for (const parts of articles) {
      learn(parts.article.id, 'Article');
      for (const author of parts.authors) learn(author.id, 'Author');
      for (const topic of parts.topics) learn(topic.id, 'Topic');
      for (const [id, type] of parts.linkTypes) learn(id, type);
    }
    // A whole article's links name every entry this request may see: what they left out is a draft, not to be asked again.
    await typeEntries(
      articles.flatMap((parts) => (parts.wholeBody ? [] : [...linkedEntryIds(parts.article.body)])),
    );
    for (const parts of articles)
      parts.article.body = withGlobalIds(parts.article.body, entryTypes);
    return articles;
  };
  return {
    entryById,
    articlesIn: async (answer) =>
      typed(
        request.read(() =>
          list(record(answer, 'articleCollection'), 'items', 'articleCollection').flatMap(
            (item, index) =>
              item === null ? [] : [toArticle(item, `articleCollection.items[${index}]`)],
          ),
        ),
      ),
    completePage: async (parts) => {
      for (const topic of parts.topics) request.keepTopic(topic);
      for (const asset of parts.assets) request.keepAsset(asset);
      await typeEntries(
        parts.page.blocks.flatMap((block) =>
          block.__typename === 'RichTextBlock' ? [...linkedEntryIds(block.body)] : [],
        ),
      );
      const page: Page = {
        ...parts.page,
        blocks: parts.page.blocks.map((block) =>
          block.__typename === 'RichTextBlock'
            ? { ...block, body: withGlobalIds(block.body, entryTypes) }
            : block,
        ),
      };
      store.pages.set(page.id, page);
      return page;
    },
    withGlobalIds: async (documents) => {
      await typeEntries(documents.flatMap((document) => [...linkedEntryIds(document)]));
      return documents.map((document) => withGlobalIds(document, entryTypes));
    },
  };
}
