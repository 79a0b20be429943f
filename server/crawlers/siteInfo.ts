import type { Database } from '../../api/db/database';

export interface SiteInfo {
  title: string;
  description: string;
}

/** The site row's title and description, read as the API's `Query.site` does (api/schema/resolvers.ts). */
export async function loadSiteInfo(db: Database): Promise<SiteInfo> {
  const { rows } = await db.query<{ data: { title?: unknown; description?: unknown } | null }>('SELECT data FROM site WHERE id = 1');
  const data = rows[0]?.data ?? {};
  return {
    title: typeof data.title === 'string' && data.title.trim() ? data.title : 'Folio',
    description: typeof data.description === 'string' ? data.description : '',
  };
}
