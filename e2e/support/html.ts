/**
 * Reading a server-rendered document as a crawler or a link-preview bot
 * would: the raw HTML, no JavaScript, no DOM. Enough for the tags Folio
 * writes (React's output: double-quoted attributes, entities escaped).
 */

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#')
      return String.fromCodePoint(
        name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10),
      );
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The attributes of every `<tag …>` in the document. */
export function tags(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))].map(([, attributes]) =>
    Object.fromEntries(
      [...(attributes ?? '').matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [
        name!.toLowerCase(),
        decodeEntities(value ?? ''),
      ]),
    ),
  );
}

/** `<meta name=…>` or `<meta property=…>` content, or undefined. */
export function meta(html: string, key: string): string | undefined {
  return tags(html, 'meta').find(
    (attributes) => attributes.name === key || attributes.property === key,
  )?.content;
}

export function metaAll(html: string, key: string): string[] {
  return tags(html, 'meta')
    .filter((attributes) => attributes.name === key || attributes.property === key)
    .map((attributes) => attributes.content ?? '');
}

/** `<link rel=…>` elements with that rel. */
export function links(html: string, rel: string): Record<string, string>[] {
  return tags(html, 'link').filter((attributes) => attributes.rel?.split(/\s+/).includes(rel));
}

/** The text content of every `<tag>…</tag>` (markup inside removed). */
export function texts(html: string, tag: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'gi'))].map(
    ([, inner]) =>
      decodeEntities((inner ?? '').replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, '')).trim(),
  );
}

/** The raw contents of every `<script>` whose opening tag matches `opening`. */
export function scripts(html: string, opening: RegExp): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => opening.test(attributes ?? ''))
    .map(([, , body]) => body ?? '');
}

/** Every JSON-LD block, parsed. */
export function jsonLd(html: string): Record<string, unknown>[] {
  return scripts(html, /type="application\/ld\+json"/).map(
    (body) => JSON.parse(body) as Record<string, unknown>,
  );
}

export function isAbsoluteHttpUrl(value: unknown, origin?: string): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      (origin === undefined || url.origin === origin)
    );
  } catch {
    return false;
  }
}
