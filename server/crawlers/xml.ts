const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
// Characters XML 1.0 forbids even when escaped (C0 controls but tab/newline/return, U+FFFE/U+FFFF, lone surrogates).
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text without the characters that would make an XML document ill-formed. */
export function xmlSafe(text: string): string {
  return text.replace(NOT_XML, '');
}

/** Text or an attribute value escaped for XML and HTML alike (`&#39;` is understood by both). */
export function escapeXml(text: string): string {
  return xmlSafe(text).replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!);
}

/** An ISO 8601 (W3C datetime) string for a timestamp column: PGlite and pg give Dates. */
export function isoDate(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
