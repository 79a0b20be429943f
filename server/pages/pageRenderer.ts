import { readFileSync } from 'node:fs';
import path from 'node:path';
// The renderer's entry is the one file of the client the server names: types only, its code is webpack's bundle.
import type {
  ClientAssets,
  interfaceText as InterfaceText,
  pageChunks as PageChunks,
  renderPage as RenderPage,
} from '../../src/ssr/renderPage';

export type { RenderedPage, RenderPageInput } from '../../src/ssr/renderPage';

export interface PageRenderer {
  renderPage: typeof RenderPage;
  assets: ClientAssets;
  /** The interface's text in a locale, for answers the server writes itself (the preview pages). */
  interfaceText?: typeof InterfaceText;
}

export const SERVER_BUNDLE = 'server/render.js';
export const CLIENT_ASSETS = 'client-assets.json';

/**
 * The server renderer webpack built (dist/server/render.js: the same
 * components as the browser's, their graphql tags compiled by
 * babel-plugin-relay) and the client's file list. Refuses to start when a
 * route's page chunk is missing from the build (its page would hydrate only
 * after one more round trip).
 */
export function loadPageRenderer(distDir: string): PageRenderer {
  // Built by webpack, loaded at run time (tsx cannot compile graphql tags), from a path known only then.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle is CommonJS at a run-time path
  const bundle = require(path.join(distDir, SERVER_BUNDLE)) as {
    renderPage: typeof RenderPage;
    interfaceText: typeof InterfaceText;
    pageChunks: typeof PageChunks;
  };
  const assets = JSON.parse(
    readFileSync(path.join(distDir, CLIENT_ASSETS), 'utf8'),
  ) as ClientAssets;
  const missing = bundle.pageChunks.filter((chunk) => !assets.chunks[chunk]);
  if (missing.length > 0)
    throw new Error(
      `The client build has no page chunk ${missing.join(', ')}: rebuild with npm run build.`,
    );
  return { renderPage: bundle.renderPage, interfaceText: bundle.interfaceText, assets };
}
