/** Paths the server answers outside the route table, named once for client and server. */
export const FEED_PATH = '/feed.xml';
export const SITEMAP_PATH = '/sitemap.xml';
export const ROBOTS_PATH = '/robots.txt';
export const GRAPHQL_PATH = '/graphql';
export const IMAGES_PATH = '/images';
/** Files served as they are from public/ (not hashed). */
export const FAVICON_PATH = '/favicon.svg';
