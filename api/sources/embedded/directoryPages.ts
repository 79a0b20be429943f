import type { Database } from '../../db/database';
import type { Author, ListPage, PageRequest, Topic } from '../contentSource';
import { offsetListPage, offsetOf } from '../cursors';
import { toAuthor, toTopic } from './rowsAsContent';
import { authorColumns, topicColumns, type AuthorRow, type TopicRow } from './tableRows';
import { inLocale } from './visibility';
import type { Locale } from '../../../shared/locales';

/** Authors or topics by name, a page at a time (offset cursors), counted only when asked. */
export async function directoryPage<T extends Author | Topic>(
  db: Database,
  table: 'authors' | 'topics',
  page: PageRequest,
  locale: Locale,
): Promise<ListPage<T>> {
  const offset = offsetOf(page.after);
  const sql =
    table === 'authors'
      ? `SELECT ${authorColumns('au')} FROM authors au WHERE ${inLocale('au', locale)} ORDER BY au.name, au.id OFFSET $1 LIMIT $2`
      : `SELECT ${topicColumns('t')} FROM topics t WHERE ${inLocale('t', locale)} ORDER BY t.name, t.id OFFSET $1 LIMIT $2`;
  const { rows } = await db.query<AuthorRow & TopicRow>(sql, [offset, page.first + 1]);
  const nodes = rows.map((row) => (table === 'authors' ? toAuthor(row) : toTopic(row)) as T);
  return offsetListPage(nodes, page.first, offset, async () => {
    const { rows: counted } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} x WHERE ${inLocale('x', locale)}`,
    );
    return counted[0]?.n ?? 0;
  });
}
