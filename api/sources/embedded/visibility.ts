import { isLocale, type Locale } from '../../../shared/locales';
/**
 * What a request may see. Readers: published and not in the future. A valid
 * preview token: everything (drafts, scheduled, archived).
 */
export function visibleArticle(alias: string, preview: boolean): string {
  return preview ? 'TRUE' : `(${alias}.status = 'PUBLISHED' AND ${alias}.published_at <= now())`;
}

export function visiblePage(alias: string, preview: boolean): string {
  return preview ? 'TRUE' : `(${alias}.status = 'PUBLISHED')`;
}

/**
 * Rows of one locale (docs/decisions.md#locales): a translation is a row of its own. The
 * code is one of shared/locales.ts's (a type, never a reader's text), written
 * into the statement so the planner uses the per-locale indexes.
 */
export function inLocale(alias: string, locale: Locale): string {
  if (!isLocale(locale)) throw new Error(`not a locale: ${String(locale)}`);
  return `${alias}.locale = '${locale}'`;
}

/** The newest-first sort key; drafts have no publish date, so preview sorts them by their last edit. */
export function articleSortKey(alias: string, preview: boolean): string {
  return preview ? `COALESCE(${alias}.published_at, ${alias}.updated_at)` : `${alias}.published_at`;
}

/** A row's global ID computed in SQL, exactly as `toGlobalId` writes it (base64url of `Type:id`, no padding). */
function sqlGlobalId(typeSql: string, idSql: string): string {
  return `translate(rtrim(encode(convert_to(${typeSql} || ':' || ${idSql}, 'UTF8'), 'base64'), '='), '+/', '-_')`;
}

/**
 * Assets have no status of their own: a reader may see one that something
 * they may see shows — a visible article's hero, social image or rich text,
 * a visible page's social image or blocks, an author's avatar. An asset only
 * a draft uses stays hidden, by ID (`node`) and by file name (/images).
 * `body_refs` / `block_refs` are the ids the documents name, `live_refs` those a
 * live blog's summary and updates name (api/db/migrations.ts).
 */
export function visibleAsset(alias: string, preview: boolean): string {
  if (preview) return 'TRUE';
  const globalId = sqlGlobalId("'Asset'", `${alias}.id`);
  return `(EXISTS (SELECT 1 FROM articles r WHERE r.hero_image_id = ${alias}.id AND ${visibleArticle('r', false)})
    OR EXISTS (SELECT 1 FROM articles r WHERE r.seo_image_id = ${alias}.id AND ${visibleArticle('r', false)})
    OR EXISTS (SELECT 1 FROM articles r WHERE r.body_refs @> jsonb_build_array(${globalId}) AND ${visibleArticle('r', false)})
    OR EXISTS (SELECT 1 FROM articles r WHERE r.live_refs @> jsonb_build_array(${globalId}) AND ${visibleArticle('r', false)})
    OR EXISTS (SELECT 1 FROM authors r WHERE r.avatar_id = ${alias}.id)
    OR EXISTS (SELECT 1 FROM pages r WHERE (r.seo_image_id = ${alias}.id OR r.block_refs @> jsonb_build_array(${alias}.id) OR r.block_refs @> jsonb_build_array(${globalId})) AND ${visiblePage('r', false)}))`;
}

/** Code blocks and pull quotes, by the same rule: a reader sees one that a visible article or page embeds. */
export function visibleEmbed(alias: string, preview: boolean): string {
  if (preview) return 'TRUE';
  const globalId = sqlGlobalId(`${alias}.type`, `${alias}.id`);
  return `(EXISTS (SELECT 1 FROM articles r WHERE r.body_refs @> jsonb_build_array(${globalId}) AND ${visibleArticle('r', false)})
    OR EXISTS (SELECT 1 FROM articles r WHERE r.live_refs @> jsonb_build_array(${globalId}) AND ${visibleArticle('r', false)})
    OR EXISTS (SELECT 1 FROM pages r WHERE r.block_refs @> jsonb_build_array(${globalId}) AND ${visiblePage('r', false)}))`;
}
