const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * docs/errors.md#validation: content links may only be http(s), mailto or relative URLs.
 * Browsers drop tabs, newlines and control characters inside URLs
 * (`java\nscript:`), so they are removed before the scheme is read.
 */
export function isSafeHref(href: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const value = href.replace(/[\u0000-\u0020\u007f]/g, '');
  if (value === '') return false;
  const scheme = SCHEME.exec(value)?.[1];
  // Browsers read `\` as `/` in http(s) URLs, so `/\host`, `\\host` and `\/host` are protocol-relative (another site) too.
  if (scheme === undefined) return !/^[/\\]{2}/.test(value) && !value.startsWith('\\');
  return ALLOWED_SCHEMES.has(scheme.toLowerCase());
}
