import type { Database } from '../../db/database';
import { isLocale } from '../../../shared/locales';
import type { Translatable, Translation } from '../contentSource';
import { numericId } from './tableRows';
import { visibleArticle, visiblePage } from './visibility';

const TABLES = { Article: 'articles', Author: 'authors', Topic: 'topics', Page: 'pages' } as const;
type Table = (typeof TABLES)[keyof typeof TABLES];

const visibleIn = (table: Table, alias: string, preview: boolean) =>
  table === 'articles'
    ? visibleArticle(alias, preview)
    : table === 'pages'
      ? visiblePage(alias, preview)
      : 'TRUE';

/**
 * A SQL expression: the versions of the document `row` (an alias of `table`)
 * belongs to, as a JSON list of `{locale, slug}` (docs/decisions.md#locales): its original row
 * and every row that translates it, those the reader may see, the default
 * locale first. Null when the reader sees none.
 */
export function versionsSql(table: Table, row: string, preview: boolean): string {
  const document = `COALESCE(${row}.original_id, ${row}.id)`;
  return `(SELECT json_agg(json_build_object('locale', v.locale, 'slug', v.slug) ORDER BY v.original_id IS NOT NULL, v.locale)
    FROM ${table} v WHERE (v.id = ${document} OR v.original_id = ${document}) AND ${visibleIn(table, 'v', preview)})`;
}

/** The versions versionsSql wrote, as Folio's (a locale the site no longer has is left out). */
export function versionsOfRow(value: unknown): Translation[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((version: { locale?: unknown; slug?: unknown }) =>
    isLocale(version.locale) && typeof version.slug === 'string'
      ? [{ locale: version.locale, slug: version.slug }]
      : [],
  );
}

/** A document's versions that the reader may see (versionsSql). */
export async function translationsOf(
  db: Database,
  preview: boolean,
  entry: Translatable,
): Promise<Translation[]> {
  const id = numericId(entry.id);
  if (id === null) return [];
  const table = TABLES[entry.__typename];
  const { rows } = await db.query<{ versions: unknown }>(
    `SELECT ${versionsSql(table, 'me', preview)} AS versions FROM ${table} me WHERE me.id = $1`,
    [id],
  );
  return versionsOfRow(rows[0]?.versions);
}
