/**
 * The site's name when its record says none (a new CMS space, an empty
 * content/, or a page whose frame could not be loaded). Everywhere else the
 * name is the site record's `title`.
 */
export const SITE_TITLE_WITHOUT_RECORD = 'Folio';
