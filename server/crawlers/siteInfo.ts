import { SITE_WITHOUT_RECORD, type ContentReader } from '../../api/contentService';

export interface SiteInfo {
  title: string;
  description: string;
}

/** The site's title and description, as the API's `Query.site` gives them. */
export async function loadSiteInfo(content: ContentReader): Promise<SiteInfo> {
  const site = await content.site();
  return {
    title: site.title.trim() ? site.title : SITE_WITHOUT_RECORD.title,
    description: site.description,
  };
}
