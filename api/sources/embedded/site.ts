import type { Database } from '../../db/database';

/** The site row as stored (content/site.json): title, description, navigation, footer. */
export type SiteData = Record<string, unknown>;

/** The one site row, or null before the seed has run. */
export async function readSite(db: Database): Promise<SiteData | null> {
  const { rows } = await db.query<{ data: SiteData | null }>('SELECT data FROM site WHERE id = 1');
  return rows[0]?.data ?? null;
}
