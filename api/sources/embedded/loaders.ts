import DataLoader from 'dataloader';
import type { Database } from '../../db/database';
import type { Article, Asset, Author, Embed, Page, Topic, KeptCounts } from '../contentSource';
import { toArticle, toAsset, toAuthor, toEmbed, toPage, toTopic } from './rowsAsContent';
import {
  ARTICLE_COLUMNS,
  assetColumns,
  authorColumns,
  embedColumns,
  pageColumns,
  topicColumns,
  type ArticleRow,
  type AssetRow,
  type AuthorRow,
  type EmbedRow,
  type PageRow,
  type TopicRow,
} from './tableRows';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/locales';
import { countKeyIn } from './countKeys';
import {
  articleSortKey,
  inLocale,
  visibleArticle,
  visibleAsset,
  visibleEmbed,
  visiblePage,
} from './visibility';

function byKey<K, T>(keys: readonly K[], rows: T[], keyOf: (row: T) => K): (T | null)[] {
  const map = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.map((key) => map.get(key) ?? null);
}

function groupBy<K, T>(keys: readonly K[], rows: T[], keyOf: (row: T) => K): T[][] {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(keyOf(row)) ?? [];
    list.push(row);
    map.set(keyOf(row), list);
  }
  return keys.map((key) => map.get(key) ?? []);
}

/**
 * One set of DataLoaders per request: every lookup by id, and every list that
 * hangs off a parent (an article's authors, a topic's count), is one SQL
 * statement per batch however long the list being rendered. Keys are the
 * tables' numeric ids (embeddedSource.ts turns source ids into them).
 */
export function createLoaders(
  db: Database,
  preview: boolean,
  counts: KeptCounts,
  locale: Locale = DEFAULT_LOCALE,
) {
  // By slug, a row of the reader's locale; by id, the row itself (ids are rows, one per locale).
  const sameLocale = (column: 'id' | 'slug', alias: string) =>
    column === 'slug' ? ` AND ${inLocale(alias, locale)}` : '';
  /** Whether a reader may see each of these ids of `table` on its own (`node(id:)`), by `visible` (visibility.ts). */
  const visibleIdsLoader = (
    table: 'assets' | 'embeds',
    visible: (alias: string, preview: boolean) => string,
  ) =>
    new DataLoader<number, boolean>(async (ids) => {
      const { rows } = await db.query<{ id: number }>(
        `SELECT s.id FROM ${table} s WHERE s.id = ANY($1) AND ${visible('s', preview)}`,
        [ids],
      );
      const kept = new Set(rows.map((row) => row.id));
      return ids.map((id) => kept.has(id));
    });
  const mapped = <R, T>(rows: (R | null)[], to: (row: R) => T) =>
    rows.map((row) => (row === null ? null : to(row)));
  /**
   * DataLoaders of a kind kept per locale, by id and by slug: its rows
   * (`visible` to this reader, when given: visibility.ts) in the source's shape.
   */
  const byIdAndSlug = <R extends { id: number; slug: string }, T>(
    from: string,
    alias: string,
    columns: string,
    visible: string | null,
    to: (row: R) => T,
  ) => {
    const rowsBy = async (column: 'id' | 'slug', keys: readonly (number | string)[]) => {
      const { rows } = await db.query<R>(
        `SELECT ${columns} FROM ${from} ${alias} WHERE ${alias}.${column} = ANY($1)${sameLocale(column, alias)}${visible === null ? '' : ` AND ${visible}`}`,
        [keys],
      );
      return rows;
    };
    return {
      byId: new DataLoader<number, T | null>(async (ids) =>
        mapped(
          byKey(ids, await rowsBy('id', ids), (row) => row.id),
          to,
        ),
      ),
      bySlug: new DataLoader<string, T | null>(async (slugs) =>
        mapped(
          byKey(slugs, await rowsBy('slug', slugs), (row) => row.slug),
          to,
        ),
      ),
    };
  };
  const articles = byIdAndSlug<ArticleRow, Article>(
    'articles',
    'a',
    ARTICLE_COLUMNS,
    visibleArticle('a', preview),
    toArticle,
  );
  const pages = byIdAndSlug<PageRow, Page>(
    'pages',
    'p',
    pageColumns('p'),
    visiblePage('p', preview),
    toPage,
  );
  const authors = byIdAndSlug<AuthorRow, Author>(
    'authors',
    'au',
    authorColumns('au'),
    null,
    toAuthor,
  );
  const topics = byIdAndSlug<TopicRow, Topic>('topics', 't', topicColumns('t'), null, toTopic);
  return {
    articleById: articles.byId,
    articleBySlug: articles.bySlug,
    authorById: authors.byId,
    authorBySlug: authors.bySlug,
    topicById: topics.byId,
    topicBySlug: topics.bySlug,
    pageById: pages.byId,
    pageBySlug: pages.bySlug,
    assetById: new DataLoader<number, Asset | null>(async (ids) => {
      // Alt text in the reader's locale when the asset has one (images themselves are not localized).
      const { rows } = await db.query<AssetRow & { localized_alt: string | null }>(
        `SELECT ${assetColumns('s')}, s.alt_by_locale->>$2 AS localized_alt FROM assets s WHERE s.id = ANY($1)`,
        [ids, locale],
      );
      return mapped(
        byKey(ids, rows, (row) => row.id),
        (row) => toAsset({ ...row, alt: row.localized_alt ?? row.alt }),
      );
    }),
    embedById: new DataLoader<number, Embed | null>(async (ids) => {
      const { rows } = await db.query<EmbedRow>(
        `SELECT ${embedColumns('e')} FROM embeds e WHERE e.id = ANY($1)`,
        [ids],
      );
      return mapped(
        byKey(ids, rows, (row) => row.id),
        toEmbed,
      );
    }),
    /** Whether a reader may see these assets and embeds on their own (`node(id:)`); see visibility.ts. */
    assetIsVisible: visibleIdsLoader('assets', visibleAsset),
    embedIsVisible: visibleIdsLoader('embeds', visibleEmbed),
    authorsByArticle: new DataLoader<number, Author[]>(async (articleIds) => {
      const { rows } = await db.query<AuthorRow & { article_id: number }>(
        `SELECT aa.article_id, ${authorColumns('au')} FROM article_authors aa JOIN authors au ON au.id = aa.author_id WHERE aa.article_id = ANY($1) ORDER BY aa.position`,
        [articleIds],
      );
      return groupBy(articleIds, rows, (row) => row.article_id).map((list) => list.map(toAuthor));
    }),
    topicsByArticle: new DataLoader<number, Topic[]>(async (articleIds) => {
      const { rows } = await db.query<TopicRow & { article_id: number }>(
        `SELECT at.article_id, ${topicColumns('t')} FROM article_topics at JOIN topics t ON t.id = at.topic_id WHERE at.article_id = ANY($1) ORDER BY at.position`,
        [articleIds],
      );
      return groupBy(articleIds, rows, (row) => row.article_id).map((list) => list.map(toTopic));
    }),
    /** Readers' counts are kept a while (readerCounts.ts); only the topics without one are counted, in one statement. */
    articleCountByTopic: new DataLoader<number, number>(async (topicIds) => {
      const keyOf = (topicId: number) => countKeyIn('topic', locale, String(topicId));
      const kept = new Map<number, Promise<number>>();
      for (const topicId of preview ? [] : topicIds) {
        const count = counts.peek(keyOf(topicId));
        if (count) kept.set(topicId, count);
      }
      const missing = topicIds.filter((topicId) => !kept.has(topicId));
      const counted = new Map<number, number>();
      if (missing.length > 0) {
        const { rows } = await db.query<{ topic_id: number; n: number }>(
          `SELECT at.topic_id, count(*)::int AS n FROM article_topics at JOIN articles a ON a.id = at.article_id WHERE at.topic_id = ANY($1) AND ${visibleArticle('a', preview)} GROUP BY at.topic_id`,
          [missing],
        );
        for (const row of rows) counted.set(row.topic_id, row.n);
        if (!preview)
          for (const topicId of missing)
            void counts.get(keyOf(topicId), () => Promise.resolve(counted.get(topicId) ?? 0));
      }
      return Promise.all(topicIds.map((topicId) => kept.get(topicId) ?? counted.get(topicId) ?? 0));
    }),
    /** Key: `articleId:first`. Articles sharing the most topics, newest first. */
    relatedArticles: new DataLoader<string, Article[]>(async (keys) => {
      const articleIds = keys.map((key) => Number(key.split(':')[0]));
      const limit = Math.max(...keys.map((key) => Number(key.split(':')[1])));
      const { rows } = await db.query<ArticleRow & { source_id: number }>(
        `SELECT * FROM (
           SELECT s.source_id, ${ARTICLE_COLUMNS},
                  row_number() OVER (PARTITION BY s.source_id ORDER BY s.shared DESC, ${articleSortKey('a', preview)} DESC, a.id DESC) AS rank
           FROM (
             SELECT mine.article_id AS source_id, theirs.article_id AS related_id, count(*) AS shared
             FROM article_topics mine JOIN article_topics theirs ON theirs.topic_id = mine.topic_id AND theirs.article_id <> mine.article_id
             WHERE mine.article_id = ANY($1)
             GROUP BY mine.article_id, theirs.article_id
           ) s JOIN articles a ON a.id = s.related_id
           WHERE ${visibleArticle('a', preview)}
         ) ranked WHERE rank <= $2`,
        [articleIds, limit],
      );
      const grouped = groupBy(articleIds, rows, (row) => row.source_id);
      return keys.map((key, index) =>
        grouped[index]!.slice(0, Number(key.split(':')[1])).map(toArticle),
      );
    }),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
