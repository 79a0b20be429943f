import type { ReactNode } from 'react';
import { THEME_SCRIPT } from '../../shared/inlineScripts/themeScript';
import { ENDPOINT_META_NAME, GET_META_NAME } from '../relay/endpoint';
import { APPLE_TOUCH_ICON_PATH, FAVICON_PATH, MANIFEST_PATH } from '../../shared/sitePaths';
import { serializeForScript } from './bootstrap';
import type { Locale } from '../../shared/locales';
import { SCRIPT_LOADER, SCRIPTS_ELEMENT_ID } from '../../shared/inlineScripts/scriptLoader';

/** The runtime override of the client's GraphQL endpoint (docs/operations.md#configuration). */
export interface ClientGraphQLConfig {
  endpoint?: string | undefined;
  queriesAsGet?: boolean | undefined;
}

interface DocumentProps {
  /** The page's language (its URL says it: docs/decisions.md#locales). */
  lang: Locale;
  scripts: string[];
  styles: string[];
  fonts: string[];
  /** The CSP nonce of this response, for the one inline script. */
  nonce?: string | undefined;
  /** Where the browser sends GraphQL requests, when the server is told at run time (src/relay/endpoint.ts reads it). */
  graphql?: ClientGraphQLConfig | undefined;
  children: ReactNode;
}

/**
 * The HTML document around the app, rendered on the server only. The page's
 * own title, description, canonical URL, Open Graph and JSON-LD are rendered
 * by its components and hoisted here into <head> by React; the browser
 * hydrates #root alone. Scripts are added by SCRIPT_LOADER once the page has
 * loaded (shared/inlineScripts/scriptLoader.ts), in order: the page's chunk, then the entry.
 */
export function Document({
  lang,
  scripts,
  styles,
  fonts,
  nonce,
  graphql,
  children,
}: DocumentProps) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {graphql?.endpoint && <meta name={ENDPOINT_META_NAME} content={graphql.endpoint} />}
        {graphql?.queriesAsGet !== undefined && (
          <meta name={GET_META_NAME} content={String(graphql.queriesAsGet)} />
        )}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        {fonts.map((href) => (
          <link key={href} rel="preload" as="font" type="font/woff2" href={href} crossOrigin="" />
        ))}
        {styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT_LOADER }} />
        <link rel="icon" type="image/svg+xml" href={FAVICON_PATH} />
        <link rel="apple-touch-icon" href={APPLE_TOUCH_ICON_PATH} />
        <link rel="manifest" href={MANIFEST_PATH} />
      </head>
      <body>
        <div id="root">{children}</div>
        <script
          type="application/json"
          id={SCRIPTS_ELEMENT_ID}
          dangerouslySetInnerHTML={{ __html: serializeForScript(scripts) }}
        />
      </body>
    </html>
  );
}
