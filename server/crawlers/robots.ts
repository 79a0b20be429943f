import { GRAPHQL_PATH } from '../../shared/sitePaths';
import { PREVIEW_PATH } from '../../shared/previewPaths';

/** Paths no crawler should fetch: preview sessions (never public, docs/http-and-cache.md#preview) and the API. */
export const DISALLOWED_PATHS = [PREVIEW_PATH, GRAPHQL_PATH];

/** `/robots.txt`: everything else is open, and the sitemap is named by its absolute URL. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
