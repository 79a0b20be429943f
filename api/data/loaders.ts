import DataLoader from 'dataloader';
import type { Database } from '../db/database';
import {
  ARTICLE_COLUMNS,
  assetColumns,
  authorColumns,
  embedColumns,
  pageColumns,
  tag,
  topicColumns,
  type ArticleRow,
  type AssetRow,
  type AuthorRow,
  type EmbedRow,
  type PageRow,
  type TopicRow,
} from './rows';
import { readerCounts, type ReaderCounts } from './readerCounts';
import { articleSortKey, visibleArticle, visibleAsset, visibleEmbed, visiblePage } from './visibility';

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
 * statement per batch however long the list being rendered.
 */
export function createLoaders(db: Database, preview: boolean, counts: ReaderCounts = readerCounts(0)) {
  /** Whether a reader may see each of these ids of `table` on its own (`node(id:)`), by `visible` (visibility.ts). */
  const visibleIdsLoader = (table: 'assets' | 'embeds', visible: (alias: string, preview: boolean) => string) =>
    new DataLoader<number, boolean>(async (ids) => {
      const { rows } = await db.query<{ id: number }>(`SELECT s.id FROM ${table} s WHERE s.id = ANY($1) AND ${visible('s', preview)}`, [ids]);
      const kept = new Set(rows.map((row) => row.id));
      return ids.map((id) => kept.has(id));
    });
  const articles = async (column: 'id' | 'slug', keys: readonly (number | string)[]) => {
    const { rows } = await db.query<Omit<ArticleRow, '__typename'>>(`SELECT ${ARTICLE_COLUMNS} FROM articles a WHERE a.${column} = ANY($1) AND ${visibleArticle('a', preview)}`, [keys]);
    return tag<ArticleRow>('Article', rows);
  };
  return {
    articleById: new DataLoader<number, ArticleRow | null>(async (ids) => byKey(ids, await articles('id', ids), (row) => row.id)),
    articleBySlug: new DataLoader<string, ArticleRow | null>(async (slugs) => byKey(slugs, await articles('slug', slugs), (row) => row.slug)),
    authorById: new DataLoader<number, AuthorRow | null>(async (ids) => {
      const { rows } = await db.query<Omit<AuthorRow, '__typename'>>(`SELECT ${authorColumns('au')} FROM authors au WHERE au.id = ANY($1)`, [ids]);
      return byKey(ids, tag<AuthorRow>('Author', rows), (row) => row.id);
    }),
    authorBySlug: new DataLoader<string, AuthorRow | null>(async (slugs) => {
      const { rows } = await db.query<Omit<AuthorRow, '__typename'>>(`SELECT ${authorColumns('au')} FROM authors au WHERE au.slug = ANY($1)`, [slugs]);
      return byKey(slugs, tag<AuthorRow>('Author', rows), (row) => row.slug);
    }),
    topicById: new DataLoader<number, TopicRow | null>(async (ids) => {
      const { rows } = await db.query<Omit<TopicRow, '__typename'>>(`SELECT ${topicColumns('t')} FROM topics t WHERE t.id = ANY($1)`, [ids]);
      return byKey(ids, tag<TopicRow>('Topic', rows), (row) => row.id);
    }),
    topicBySlug: new DataLoader<string, TopicRow | null>(async (slugs) => {
      const { rows } = await db.query<Omit<TopicRow, '__typename'>>(`SELECT ${topicColumns('t')} FROM topics t WHERE t.slug = ANY($1)`, [slugs]);
      return byKey(slugs, tag<TopicRow>('Topic', rows), (row) => row.slug);
    }),
    assetById: new DataLoader<number, AssetRow | null>(async (ids) => {
      const { rows } = await db.query<Omit<AssetRow, '__typename'>>(`SELECT ${assetColumns('s')} FROM assets s WHERE s.id = ANY($1)`, [ids]);
      return byKey(ids, tag<AssetRow>('Asset', rows), (row) => row.id);
    }),
    embedById: new DataLoader<number, EmbedRow | null>(async (ids) => {
      const { rows } = await db.query<Omit<EmbedRow, '__typename'>>(`SELECT ${embedColumns('e')} FROM embeds e WHERE e.id = ANY($1)`, [ids]);
      return byKey(
        ids,
        rows.map((row) => ({ ...row, __typename: row.type })),
        (row) => row.id,
      );
    }),
    /** Whether a reader may see these assets and embeds on their own (`node(id:)`); see visibility.ts. */
    assetIsVisible: visibleIdsLoader('assets', visibleAsset),
    embedIsVisible: visibleIdsLoader('embeds', visibleEmbed),
    pageById: new DataLoader<number, PageRow | null>(async (ids) => byKey(ids, await pages(db, preview, 'id', ids), (row) => row.id)),
    pageBySlug: new DataLoader<string, PageRow | null>(async (slugs) => byKey(slugs, await pages(db, preview, 'slug', slugs), (row) => row.slug)),
    authorsByArticle: new DataLoader<number, AuthorRow[]>(async (articleIds) => {
      const { rows } = await db.query<Omit<AuthorRow, '__typename'> & { article_id: number }>(
        `SELECT aa.article_id, ${authorColumns('au')} FROM article_authors aa JOIN authors au ON au.id = aa.author_id WHERE aa.article_id = ANY($1) ORDER BY aa.position`,
        [articleIds],
      );
      return groupBy(articleIds, tag<AuthorRow & { article_id: number }>('Author', rows), (row) => row.article_id);
    }),
    topicsByArticle: new DataLoader<number, TopicRow[]>(async (articleIds) => {
      const { rows } = await db.query<Omit<TopicRow, '__typename'> & { article_id: number }>(
        `SELECT at.article_id, ${topicColumns('t')} FROM article_topics at JOIN topics t ON t.id = at.topic_id WHERE at.article_id = ANY($1) ORDER BY at.position`,
        [articleIds],
      );
      return groupBy(articleIds, tag<TopicRow & { article_id: number }>('Topic', rows), (row) => row.article_id);
    }),
    /** Readers' counts are kept a while (readerCounts.ts); only the topics without one are counted, in one statement. */
    articleCountByTopic: new DataLoader<number, number>(async (topicIds) => {
      const keyOf = (topicId: number) => `topic:${topicId}`;
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
        if (!preview) for (const topicId of missing) void counts.get(keyOf(topicId), () => Promise.resolve(counted.get(topicId) ?? 0));
      }
      return Promise.all(topicIds.map((topicId) => kept.get(topicId) ?? counted.get(topicId) ?? 0));
    }),
    /** Key: `articleId:first`. Articles sharing the most topics, newest first. */
    relatedArticles: new DataLoader<string, ArticleRow[]>(async (keys) => {
      const articleIds = keys.map((key) => Number(key.split(':')[0]));
      const limit = Math.max(...keys.map((key) => Number(key.split(':')[1])));
      const { rows } = await db.query<Omit<ArticleRow, '__typename'> & { source_id: number }>(
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
      const grouped = groupBy(articleIds, tag<ArticleRow & { source_id: number }>('Article', rows), (row) => row.source_id);
      return keys.map((key, index) => grouped[index]!.slice(0, Number(key.split(':')[1])));
    }),
  };
}

async function pages(db: Database, preview: boolean, column: 'id' | 'slug', keys: readonly (number | string)[]): Promise<PageRow[]> {
  const { rows } = await db.query<Omit<PageRow, '__typename'>>(`SELECT ${pageColumns('p')} FROM pages p WHERE p.${column} = ANY($1) AND ${visiblePage('p', preview)}`, [keys]);
  return tag<PageRow>('Page', rows);
}

export type Loaders = ReturnType<typeof createLoaders>;
