import { DEFAULT_LOCALE, type Locale } from '../../../shared/locales';
import type { Database } from '../../db/database';

/** The site row as stored (content/site.json): title, description, navigation, footer. */
export type SiteData = Record<string, unknown>;

/** The site row of a locale, or null before the seed has run (or the locale has none). */
export async function readSite(
  db: Database,
  locale: Locale = DEFAULT_LOCALE,
): Promise<SiteData | null> {
  const { rows } = await db.query<{ data: SiteData | null }>(
    'SELECT data FROM site WHERE locale = $1',
    [locale],
  );
  return rows[0]?.data ?? null;
}
