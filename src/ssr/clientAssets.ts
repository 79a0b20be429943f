import type { Locale } from '../../shared/locales';
import { catalogChunk } from '../i18n/messages';

/**
 * The built client's files, as webpack's `ClientAssetsPlugin` writes them to
 * `dist/client-assets.json`: what every page loads, and each route chunk's own
 * files. Paths are public URLs (`/assets/main.1a2b3c4d5e.js`).
 */
export interface ClientAssets {
  /** The entry's scripts, in order (runtime, libraries, main). */
  scripts: string[];
  styles: string[];
  /** Fonts every page opens with, preloaded so the first render needs no swap. */
  fonts: string[];
  /** Each named page chunk (the `webpackChunkName` of a route's page) and the chunks it needs. */
  chunks: Record<string, { scripts: string[]; styles: string[] }>;
}

/**
 * The files a page of `chunks` (its route's, then its parts') in `locale`
 * needs, each once. The chunks' scripts and the locale's catalog
 * (src/i18n/messages.ts) come first: they
 * run in order, so the page's code and its interface text are registered
 * before the entry starts and hydrates with them.
 */
export function pageAssets(
  assets: ClientAssets,
  chunks: readonly string[],
  locale: Locale,
): { scripts: string[]; styles: string[]; fonts: string[] } {
  const own = [...chunks, catalogChunk(locale)].flatMap((name) =>
    assets.chunks[name] ? [assets.chunks[name]] : [],
  );
  const unique = (files: string[]) => [...new Set(files)];
  return {
    scripts: unique([...own.flatMap((files) => files.scripts), ...assets.scripts]),
    styles: unique([...assets.styles, ...own.flatMap((files) => files.styles)]),
    fonts: assets.fonts,
  };
}
