import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales';

/**
 * Opaque global IDs (Relay's Node convention): base64url of `Type:id`.
 * Block IDs carry the page and position: `HeroBlock:12.0`.
 */
export function toGlobalId(type: string, id: string | number, locale?: string): string {
  // Another locale's version of a document is its own object (docs/decisions.md#locales): `Article@de:12`.
  const named = locale && locale !== DEFAULT_LOCALE ? `${type}@${locale}` : type;
  return Buffer.from(`${named}:${id}`, 'utf8').toString('base64url');
}

const SOURCE_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Whether `id` is a source's own id as global IDs may carry it: a serial, a Strapi `documentId`, a Contentful `sys.id`, a block's `page.position`. */
export function isSourceId(id: string): boolean {
  return SOURCE_ID.test(id);
}

/** A global ID's type, source id and the locale it names (null when it names none), or null for anything that is not one. */
function parseGlobalId(
  globalId: string,
): { type: string; id: string; locale: Locale | null } | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(globalId)) return null;
  const decoded = Buffer.from(globalId, 'base64url').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  const id = decoded.slice(colon + 1);
  const [type, locale, ...rest] = decoded.slice(0, colon).split('@');
  if (!type || rest.length > 0 || (locale !== undefined && !isLocale(locale))) return null;
  return isSourceId(id) ? { type, id, locale: locale ?? null } : null;
}

/** The type, source id and locale a global ID names, or null for anything that is not one. */
export function fromGlobalId(
  globalId: string,
): { type: string; id: string; locale: Locale } | null {
  const parsed = parseGlobalId(globalId);
  return parsed && { ...parsed, locale: parsed.locale ?? DEFAULT_LOCALE };
}

/**
 * `globalId` as read in `locale`: a global ID that names no locale of its own
 * (`Asset:7`, as a Strapi or Contentful body links every document, and every
 * source its assets) gets `locale`'s; one that names one (`Article@de:12`), or
 * is not a global ID at all, is returned as it is.
 */
export function inLocaleOf(globalId: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return globalId;
  const parsed = parseGlobalId(globalId);
  return parsed && parsed.locale === null ? toGlobalId(parsed.type, parsed.id, locale) : globalId;
}

/** The source id behind a global ID of the given type, or null. */
export function sourceIdOf(globalId: string, type: string): string | null {
  const parsed = fromGlobalId(globalId);
  return parsed?.type === type ? parsed.id : null;
}
