/**
 * Every `Cache-Control` Folio sends, in one place (docs/http-and-cache.md#cache-control).
 * Only readers' answers without errors, to requests without credentials, are
 * public; a change drops them at once wherever they are kept (api/changes/).
 */

/** How long this process keeps a reader's answer or page (0 in development): one minute. */
export const READER_ANSWER_TTL_MS = 60_000;
const TTL_SECONDS = READER_ANSWER_TTL_MS / 1000;

/** A reader's GraphQL answer: browsers a minute, CDNs five (purged on change), stale while they refetch. */
export const READER_ANSWER_CACHE_CONTROL = `public, max-age=${TTL_SECONDS}, s-maxage=300, stale-while-revalidate=600`;

/** A reader's page: browsers revalidate; a CDN keeps it a minute and serves it stale while it fetches a fresh one. */
export const READER_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${TTL_SECONDS}, stale-while-revalidate=300, stale-if-error=600`;

/** The feed, the sitemap and robots.txt. */
export const CRAWLER_CACHE_CONTROL = 'public, max-age=300, s-maxage=300';

/** A file whose name or URL changes with its bytes (hashed assets, versioned images). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Files of public/ whose names never change (icons, the manifest). */
export const PUBLIC_FILE_CACHE_CONTROL = 'public, max-age=86400';

/** Anything for one reader (a preview, a credential): no cache may keep it. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** An answer nobody may keep (errors, health checks, hooks). */
export const NO_STORE = 'no-store';
