import type { Database } from '../../db/database';
import { isLocale } from '../../../shared/locales';
import type { Translatable, Translation } from '../contentSource';
import { numericId } from './rows';
import { visibleArticle, visiblePage } from './visibility';

const TABLES = { Article: 'articles', Author: 'authors', Topic: 'topics', Page: 'pages' } as const;

/**
 * A document's versions (docs/decisions.md#locales): its original row and every row that
 * translates it, those the reader may see, the default locale first.
 */
export async function translationsOf(
  db: Database,
  preview: boolean,
  entry: Translatable,
): Promise<Translation[]> {
  const id = numericId(entry.id);
  if (id === null) return [];
  const table = TABLES[entry.__typename];
  const visible =
    entry.__typename === 'Article'
      ? visibleArticle('v', preview)
      : entry.__typename === 'Page'
        ? visiblePage('v', preview)
        : 'TRUE';
  const { rows } = await db.query<{ locale: string; slug: string }>(
    `WITH me AS (SELECT COALESCE(original_id, id) AS document FROM ${table} WHERE id = $1)
     SELECT v.locale, v.slug FROM ${table} v, me
     WHERE (v.id = me.document OR v.original_id = me.document) AND ${visible}
     ORDER BY v.original_id IS NOT NULL, v.locale`,
    [id],
  );
  return rows.flatMap((row) =>
    isLocale(row.locale) ? [{ locale: row.locale, slug: row.slug }] : [],
  );
}
