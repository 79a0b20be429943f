import type { PageRenderer } from '../../server/pages/pageRenderer';
import { routes } from '../../src/routes';
import { interfaceText, renderPage } from '../../src/ssr/renderPage';

/**
 * The server renderer straight from src/ (babel-jest compiles its graphql
 * tags as webpack does), with a file list naming each route's chunk: server
 * rendering tested without a webpack build.
 */
export function sourceRenderer(): PageRenderer {
  const chunks = Object.fromEntries(
    routes.map((route) => [
      route.chunk,
      { scripts: [`/assets/${route.chunk}.js`], styles: [`/assets/${route.chunk}.css`] },
    ]),
  );
  return {
    renderPage,
    interfaceText,
    assets: {
      scripts: ['/assets/runtime.js', '/assets/main.js'],
      styles: ['/assets/main.css'],
      fonts: ['/assets/text.woff2'],
      chunks,
    },
  };
}
