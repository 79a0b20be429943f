import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { STATUS_CODES } from 'node:http';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales';
import { localeOfPath } from '../../shared/sitePaths';
import { PRIVATE_CACHE_CONTROL } from '../../api/cacheControl';
import { allowFramingBy } from '../http/securityHeaders';

/**
 * The pages `/preview/*` answers with when it does not redirect
 * (docs/http-and-cache.md#preview-links): a refused or expired link, a
 * document that is gone, preview off, and "Preview ended" inside a CMS's
 * preview panel. Each is a small styled HTML page in the site's language
 * (the link's, else the `to` path's, else the browser's), with the
 * interface's catalogs (src/i18n/catalogs/ `previewPage.*`, through the page
 * renderer: the server reaches the client only there), `private, no-store`,
 * sending no `Referer`, and framable by the CMS origins as every preview
 * answer is. A server without pages (no renderer) names the status alone.
 */

/** A message of the interface's catalogs by its id (src/i18n/catalogs/). */
export type Translate = (id: string, values?: Record<string, string>) => string;
/** The interface's text in a locale: the page renderer's `interfaceText`; undefined without one. */
export type InterfaceText = (locale: Locale) => Promise<Translate> | undefined;
type MessageId = string;

/** One preview page: a heading, a sentence, and perhaps a link. */
export interface PreviewPage {
  status: 200 | 403 | 404;
  title: MessageId;
  text: MessageId;
  values?: Record<string, string>;
  /** A link under the text, opened in a new tab (the frame stays where it is). */
  link?: { href: string; label: MessageId };
}

const STYLE = `
:root{color-scheme:light dark;--bg:#fbfaf7;--text:#1c1b19;--muted:#5f5b53;--rule:#e4e0d8;--accent:#9b2c1f}
@media (prefers-color-scheme:dark){:root{--bg:#151412;--text:#ebe7df;--muted:#aaa498;--rule:#34312c;--accent:#f08a74}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:1.0625rem/1.6 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif}
.label{margin:0;padding:.55rem clamp(1rem,4vw,2rem);background:#ffd34d;color:#1c1b19;font-weight:700;text-align:center}
main{max-width:42rem;margin:0 auto;padding:clamp(2rem,8vw,4rem) clamp(1rem,4vw,2rem)}
h1{margin:0 0 .75rem;font:700 clamp(1.5rem,4vw,2rem)/1.2 Georgia,'Iowan Old Style',serif;overflow-wrap:anywhere}
p{margin:0 0 1rem;color:var(--muted);overflow-wrap:anywhere}
a{color:var(--accent);font-weight:600}
`.trim();
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The page's HTML in `locale`, its words by `translate` (without it, the status's name alone). */
export function previewPageHtml(
  page: PreviewPage,
  locale: Locale,
  translate: Translate | undefined,
): string {
  if (!translate) {
    const name = escape(STATUS_CODES[page.status] ?? String(page.status));
    return `<!doctype html>\n<html lang="${locale}"><head><meta charset="utf-8"><title>${name}</title></head><body><h1>${name}</h1></body></html>\n`;
  }
  const t = (id: MessageId) => escape(translate(id, page.values));
  const link = page.link
    ? `<p><a href="${escape(page.link.href)}" target="_blank" rel="noopener">${t(page.link.label)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t(page.title)}</title><style>${STYLE}</style></head>
<body><p class="label" role="region" aria-label="${t('preview.label')}">${t('preview.label')}</p><main><h1>${t(page.title)}</h1><p>${t(page.text)}</p>${link}</main></body></html>
`;
}

/** Answers with the page: private, no Referer, its style allowed by hash, framable by the CMS origins. */
export async function sendPreviewPage(
  response: Response,
  page: PreviewPage,
  locale: Locale,
  options: { frameOrigins: readonly string[]; interfaceText?: InterfaceText | undefined },
): Promise<void> {
  const translate = await options.interfaceText?.(locale);
  const policy = response.getHeader('Content-Security-Policy');
  if (typeof policy === 'string')
    response.setHeader(
      'Content-Security-Policy',
      policy.replace(/style-src ([^;]*)/, `style-src $1 ${STYLE_HASH}`),
    );
  allowFramingBy(response, options.frameOrigins);
  response
    .status(page.status)
    .set({
      'Cache-Control': PRIVATE_CACHE_CONTROL,
      'Referrer-Policy': 'no-referrer',
      'Content-Type': 'text/html; charset=utf-8',
    })
    .send(previewPageHtml(page, locale, translate));
}

/**
 * The language a preview page is written in: the one the link names, else
 * the `to` path's (`/de/…`), else the browser's first the site has.
 */
export function previewPageLocale(request: Request, named: Locale | null): Locale {
  if (named !== null) return named;
  const to = request.query.to;
  if (typeof to === 'string' && to.startsWith('/')) return localeOfPath(to);
  for (const part of (request.get('accept-language') ?? '').split(',')) {
    const language = part.split(';')[0]!.trim().toLowerCase().split('-')[0];
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}
