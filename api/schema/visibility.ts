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

/** The newest-first sort key; drafts have no publish date, so preview sorts them by their last edit. */
export function articleSortKey(alias: string, preview: boolean): string {
  return preview ? `COALESCE(${alias}.published_at, ${alias}.updated_at)` : `${alias}.published_at`;
}
