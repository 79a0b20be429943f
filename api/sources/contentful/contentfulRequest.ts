import type { Article, Author, ReaderOptions, Topic } from '../contentSource';
import { list, record, type Json } from '../cms/answerFields';
import type { CmsService } from '../cms/cmsGraphQL';
import { createRequestContext, type RequestContext } from '../cms/requestContext';
import type { SearchIndex } from '../cms/searchIndex';
import type { ArticleParts } from './contentfulArticles';
import { READERS_SEE_IT, sysId, toAsset, toAuthor, toEmbed, toTopic } from './contentfulEntries';
import { contentfulLocaleOf } from './contentfulLocales';
import { COST } from './contentfulQueries';

/** What every request of the Contentful source shares. */
export interface ContentfulContext {
  service: CmsService;
  search: SearchIndex;
  /** Each entry's type by id, as any answer named it (kept across requests: Contentful never changes a type). */
  entryTypes: ReadonlyMap<string, string>;
  learn(id: string, type: string): void;
  /** Whether a preview token is set (`FOLIO_CONTENTFUL_PREVIEW_TOKEN`): drafts are read only with it. */
  readsDrafts: boolean;
}

/**
 * What one request of Contentful shares beyond any CMS's (RequestContext):
 * the arguments and conditions its queries read a locale and drafts with,
 * the entry types it learns, and how Contentful's answers are kept in the
 * request's store.
 */
export interface ContentfulRequest extends RequestContext {
  entryTypes: ReadonlyMap<string, string>;
  learn(id: string, type: string): void;
  /** Every root field's last arguments: the locale, and `preview: true` when it reads drafts. */
  previewArgument: string;
  /** Contentful's `where` for what the request may see: `where`, translated into its locale and, for a reader, published by now. */
  visible(where: string): string;
  /** Keeps an article with its images and what its body's links brought: the article, or null when the request may not see it. */
  keepArticleParts(parts: ArticleParts): Article | null;
  /** Keeps what a rich-text document's links bring whole (topics, code blocks, pull quotes, assets); linked articles, authors and pages are read by id when shown. */
  keepLinked(linked: Json[], linkedAssets: unknown[]): void;
  /** Keeps the author at `index` of an `authorCollection`. */
  keepAuthorItem(item: unknown, index: number): Author;
  /** Keeps the topic at `index` of a `topicCollection`. */
  keepTopicItem(item: unknown, index: number): Topic;
  /** The items of `entryCollection` or `assetCollection` with these ids (`sys.id`), as `select` selects them (null where the request may not see one). */
  itemsById(
    collection: 'entry' | 'asset',
    select: string,
    fragments: readonly string[],
    ids: readonly string[],
  ): Promise<unknown[]>;
}

/**
 * One request of Contentful (a reader's published entries with the
 * delivery token, a previewer's drafts with the preview token) in one
 * locale. Every root field names the locale (Contentful's `locale`, which
 * links inherit); an article, author, topic or page is there only when
 * translated into it, its slug having a value of its own (`slug_exists`
 * matches the locale's own values: cms/contentful/README.md#locales).
 */
export function contentfulRequest(
  { service, learn, entryTypes, readsDrafts }: ContentfulContext,
  options: ReaderOptions,
): ContentfulRequest {
  // Drafts come from the Content Preview API, which takes only the preview token: without one a
  // previewer reads published entries (scheduled ones too: Folio's own rule below).
  const drafts = options.preview && readsDrafts;
  const context = createRequestContext(service, options, drafts);
  const { preview, locale, store, read } = context;
  // Every root field of a previewer's request reads previews: the preview token is for the Preview API.
  const previewArgument = `${drafts ? ', preview: true' : ''}, locale: "${contentfulLocaleOf(locale)}"`;
  const keepLinked = (linked: Json[], linkedAssets: unknown[]) => {
    for (const asset of linkedAssets) context.keepAsset(read(() => toAsset(asset, 'links.assets')));
    for (const entry of linked) {
      const type = entry.__typename;
      const id = read(() => sysId(entry, 'links.entries'));
      if (typeof type === 'string') learn(id, type);
      if (entry.__typename === 'CodeBlock' || entry.__typename === 'PullQuote') {
        const embed = read(() => toEmbed(entry, 'links.entries'));
        store.embeds.set(embed.id, embed);
      } else if (entry.__typename === 'Topic') {
        context.keepTopic(read(() => toTopic(entry, 'links.entries')));
      }
    }
  };
  return {
    ...context,
    entryTypes,
    learn,
    previewArgument,
    // What readers may see: Contentful's published entries, articles from their publication date on.
    visible: (where) =>
      preview
        ? `{ ${where} slug_exists: true }`
        : `{ ${where} slug_exists: true ${READERS_SEE_IT} }`,
    keepArticleParts: (parts) => {
      for (const asset of parts.assets) context.keepAsset(asset);
      keepLinked(parts.linked, parts.linkedAssets);
      return context.keepArticle(parts.article, parts.authors, parts.topics);
    },
    keepLinked,
    keepAuthorItem: (item, index) => {
      const author = read(() => toAuthor(item, `authorCollection.items[${index}]`));
      learn(author.id, 'Author');
      if (author.avatar) context.keepAsset(author.avatar);
      return context.keepAuthor(author);
    },
    itemsById: async (collection, select, fragments, ids) => {
      const name = `${collection}Collection`;
      const answer = await context.batch.query<unknown>({
        field: `${name}(limit: ${ids.length}, where: { sys: { id_in: $ids } }${previewArgument}) { items { ${select} } }`,
        variables: { ids: ['[String]', [...ids]] },
        fragments,
        cost: ids.length * COST.plain,
      });
      return read(() => list(record(answer, name), 'items', name));
    },
    keepTopicItem: (item, index) => {
      const topic = context.keepTopic(read(() => toTopic(item, `topicCollection.items[${index}]`)));
      learn(topic.id, 'Topic');
      return topic;
    },
  };
}
