import type { Database } from '../../api/db/database';
import { readSite } from '../../api/data/site';

export interface SiteInfo {
  title: string;
  description: string;
}

/** The site row's title and description (api/data/site.ts, as the API's `Query.site` reads it). */
export async function loadSiteInfo(db: Database): Promise<SiteInfo> {
  const data = (await readSite(db)) ?? {};
  return {
    title: typeof data.title === 'string' && data.title.trim() ? data.title : 'Folio',
    description: typeof data.description === 'string' ? data.description : '',
  };
}
