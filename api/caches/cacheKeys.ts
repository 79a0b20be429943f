import { isValidSlug } from '../../shared/limits';
import { fromGlobalId } from '../model/globalId';
import type { ChangedRecordType } from '../model/changedRecords';
import { capCacheControl } from './readerCaches';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales';

/**
 * The names readers' kept answers are tagged with (issue 21): the same keys
 * in this process's caches, in yoga's response cache, and for a CDN in the
 * `Surrogate-Key` and `Cache-Tag` headers. A change drops (and purges)
 * exactly the answers tagged with one of its keys.
 *
 * | key | an answer carries it when it | a change includes it when |
 * |---|---|---|
 * | `a:<id>`, `au:<id>`, `t:<id>`, `p:<id>`, `as:<id>` | shows that article, author, topic, page, asset | the record changed |
 * | `e:<id>`, `b:<id>` | shows that embed (code block, pull quote) or page block, when it is an entry of its own (Contentful's; not a place in its document, `12.0`) | the entry changed |
 * | `site` | shows the site's frame (every page does) | the site changed |
 * | `a/<slug>`, `au/<slug>`, `t/<slug>`, `p/<slug>` | looked the slug up (found or a 404) | the record has, or had, that slug |
 * | `articles` | shows the newest-first list of all articles, or its count | an article appeared, left or moved in time |
 * | `t:<id>:articles`, `au:<id>:articles` | shows a topic's (an author's) articles or their count, or related reading through that topic | an article in it (now or before) appeared, left or moved |
 * | `topics`, `authors` | shows the directory of topics (authors) | a topic (author) appeared or left |
 * | `search` | shows search results | any article changed |
 * | `sitemap` | is the sitemap | any article, page, topic or author changed |
 * | `a:<id>:versions` (also `au:`, `t:`, `p:`) | shows which language versions a document has (the switcher, `hreflang`) | a version of it changed, appeared or left |
 *
 * In a locale other than the default (docs/decisions.md#locales), the keys of what is read in that
 * language — slugs, lists, searches and the site's frame — end in `@<locale>`
 * (`articles@de`, `a/die-gezeiten-lesen@de`, `site@de`): publishing a German
 * article drops German pages and lists and keeps the English ones. Record
 * keys stay as they are: an id names one row of one language in the embedded
 * source, and every language of a document in a CMS (whose webhooks may not
 * say which changed, and whose untranslated fields follow the original).
 *
 * Keys are short (Fastly purges at most 256 a call; Varnish takes an 8 KB
 * header by default) and made of `A-Z a-z 0-9 . _ - : /` only, so spaces and
 * commas can separate them. Cloudflare compares tags without case: two ids
 * that differ only in case share a tag there, which purges a little more,
 * never less.
 */

/** The newest-first list of every article (`/articles`, the home page's latest, the feed). */
export const ARTICLES_KEY = 'articles';
export const TOPICS_KEY = 'topics';
export const AUTHORS_KEY = 'authors';
export const SEARCH_KEY = 'search';
export const SITEMAP_KEY = 'sitemap';
export const SITE_KEY = 'site';

type KeyedType = Exclude<ChangedRecordType, 'Site'>;
const TYPE_CODES: Record<KeyedType, string> = {
  Article: 'a',
  Author: 'au',
  Topic: 't',
  Page: 'p',
  Asset: 'as',
  Embed: 'e',
  Block: 'b',
};
export type SluggedType = 'Article' | 'Author' | 'Topic' | 'Page';

/** What a key may be made of: a source id (`[A-Za-z0-9._-]`), a slug, and the separators above. */
const KEY = /^[A-Za-z0-9._:/@-]{1,200}$/;

/** A key of what is read in `locale`: the default locale's as it is, another's with `@<locale>`. */
export function inLocaleKey(key: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? key : `${key}@${locale}`;
}

/** The key of a document's language versions: every version's answers that show the others carry it. */
export function versionsKey(type: SluggedType, documentId: string): string {
  return `${TYPE_CODES[type]}:${documentId}:versions`;
}

export function isCacheKey(key: string): boolean {
  return KEY.test(key);
}

/** The key of one record (a source's own id). */
export function recordKey(type: ChangedRecordType, id: string): string {
  return type === 'Site' ? SITE_KEY : `${TYPE_CODES[type]}:${id}`;
}

/**
 * The key of an embed or page block, or null when its id is a place in the
 * document that shows it (`12.0`: the embedded source's blocks, Strapi's
 * components), which changes with that document and carries its key.
 */
export function partKey(type: 'Embed' | 'Block', id: string): string | null {
  return id.includes('.') ? null : recordKey(type, id);
}

/** The key of a slug lookup, or null for a slug no record can have (it can never start to exist, so nothing to drop). */
export function slugKey(type: SluggedType, slug: string): string | null {
  return isValidSlug(slug) ? `${TYPE_CODES[type]}/${slug}` : null;
}

export function topicArticlesKey(topicId: string): string {
  return `${TYPE_CODES.Topic}:${topicId}:articles`;
}

export function authorArticlesKey(authorId: string): string {
  return `${TYPE_CODES.Author}:${authorId}:articles`;
}

/** The list an article filter reads: all articles, a topic's or an author's. */
export function articleListKey(filter: {
  topicId?: string | null | undefined;
  authorId?: string | null | undefined;
}): string {
  if (filter.topicId) return topicArticlesKey(filter.topicId);
  if (filter.authorId) return authorArticlesKey(filter.authorId);
  return ARTICLES_KEY;
}

/**
 * The key of what a global id names (an entity a GraphQL answer or a
 * rendered page shows), or null. A page block that is a place in its page
 * (`HeroBlock:12.0`) belongs to that page; one that is an entry of its own
 * has its own key, as have embeds (code blocks, pull quotes): see partKey.
 */
export function keyOfGlobalId(globalId: string): string | null {
  const parsed = fromGlobalId(globalId);
  if (!parsed) return null;
  if (parsed.type === 'CodeBlock' || parsed.type === 'PullQuote')
    return partKey('Embed', parsed.id);
  if (parsed.type.endsWith('Block')) {
    const place = parsed.id.lastIndexOf('.');
    return place > 0 ? recordKey('Page', parsed.id.slice(0, place)) : partKey('Block', parsed.id);
  }
  if (Object.hasOwn(TYPE_CODES, parsed.type)) return recordKey(parsed.type as KeyedType, parsed.id);
  return null;
}

/**
 * The largest `Surrogate-Key` (and `Cache-Tag`) header an answer carries.
 * Varnish refuses a backend header line over `http_resp_hdr_len` (8 KB by
 * default) with a 503, Fastly and Cloudflare take 16 KB: the smallest wins.
 */
export const KEY_HEADER_BUDGET = 8_000;

/**
 * The headers naming an answer's keys for a CDN: `Surrogate-Key` (Fastly,
 * Varnish: spaces) and `Cache-Tag` (Cloudflare: commas). Null when they do
 * not fit the budget: such an answer must not be kept by a CDN, which could
 * then not purge it by every key (in-process caches still keep it whole).
 */
export function keyHeaders(
  keys: Iterable<string>,
): { 'Surrogate-Key': string; 'Cache-Tag': string } | null {
  const sorted = [...new Set(keys)].filter(isCacheKey).sort();
  const spaced = sorted.join(' ');
  if (spaced.length > KEY_HEADER_BUDGET) return null;
  return { 'Surrogate-Key': spaced, 'Cache-Tag': sorted.join(',') };
}

/**
 * An answer's keys as a CDN is told them, worked out once: the headers that
 * name them (none for an answer without keys), and whether they fit those
 * headers.
 */
export interface CdnKeys {
  readonly headers: { 'Surrogate-Key': string; 'Cache-Tag': string } | null;
  readonly fit: boolean;
}

/** An answer without keys: no key headers, and a CDN keeps it as its Cache-Control says. */
export const NO_CDN_KEYS: CdnKeys = { headers: null, fit: true };

export function cdnKeys(keys: Iterable<string>): CdnKeys {
  if (keys[Symbol.iterator]().next().done) return NO_CDN_KEYS;
  const headers = keyHeaders(keys);
  return { headers, fit: headers !== null };
}

/**
 * What a CDN is told of an answer: its keys' headers, and `cacheControl`
 * capped to `secondsLeft` (the next scheduled publication), or to a lifetime
 * of 0 when the keys did not fit their headers (a CDN could not purge it by
 * every key, so it must not keep it).
 */
export function cdnHeaders(
  cacheControl: string,
  keys: CdnKeys,
  secondsLeft: number | null,
): Record<string, string> {
  return {
    'Cache-Control': capCacheControl(cacheControl, keys.fit ? secondsLeft : 0),
    ...keys.headers,
  };
}

/** The keys a `Surrogate-Key` header names. */
export function keysOfHeader(value: string | null | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter(isCacheKey);
}
