import { isSafeHref } from '../../shared/safeHref';
import type { ContentReader, ContentSource, Link, Page, PageBlock, Site } from './contentSource';

/**
 * Every link a CMS or a content file supplies passes the one safe-link rule
 * (shared/safeHref.ts: http(s), mailto or a path on this site) here, where
 * content leaves its source: a link that fails it is left out, so no CMS
 * string reaches an `href` unchecked. (Rich text's links are checked by the
 * rich-text sanitizer, shared/richText/sanitizeRichText.ts.)
 */
export function withSafeLinks(source: ContentSource): ContentSource {
  return { ...source, reader: (options) => safeReader(source.reader(options)) };
}

const safe = (link: Link | null): Link | null => (link && isSafeHref(link.url) ? link : null);

function safeSite(site: Site): Site {
  return {
    ...site,
    navigation: site.navigation.filter((link) => isSafeHref(link.url)),
    footer: site.footer.filter((link) => isSafeHref(link.url)),
  };
}

function safeBlock(block: PageBlock): PageBlock {
  if (block.__typename === 'HeroBlock') return { ...block, callToAction: safe(block.callToAction) };
  if (block.__typename === 'CalloutBlock') return { ...block, link: safe(block.link) };
  return block;
}

const safePage = (page: Page | null): Page | null =>
  page && { ...page, blocks: page.blocks.map(safeBlock) };

function safeReader(reader: ContentReader): ContentReader {
  return {
    ...reader,
    site: async () => safeSite(await reader.site()),
    page: async (by) => safePage(await reader.page(by)),
  };
}
