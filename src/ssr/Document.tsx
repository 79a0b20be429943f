import type { ReactNode } from 'react';
import { THEME_SCRIPT } from '../Apps/Shell/themeScript';
import { ENDPOINT_META_NAME, GET_META_NAME } from '../relay/endpoint';
import { FAVICON_PATH, FEED_PATH } from '../site/sitePaths';

/** The runtime override of the client's GraphQL endpoint (README, Configuration). */
export interface ClientGraphQLConfig {
  endpoint?: string | undefined;
  queriesAsGet?: boolean | undefined;
}

interface DocumentProps {
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
 * hydrates #root alone. Scripts are deferred: they run after the document
 * (and the records at its end) has been read.
 */
export function Document({ scripts, styles, fonts, nonce, graphql, children }: DocumentProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {graphql?.endpoint && <meta name={ENDPOINT_META_NAME} content={graphql.endpoint} />}
        {graphql?.queriesAsGet !== undefined && <meta name={GET_META_NAME} content={String(graphql.queriesAsGet)} />}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        {fonts.map((href) => (
          <link key={href} rel="preload" as="font" type="font/woff2" href={href} crossOrigin="" />
        ))}
        {styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {scripts.map((src) => (
          <script key={src} defer src={src} />
        ))}
        <link rel="icon" type="image/svg+xml" href={FAVICON_PATH} />
        <link rel="alternate" type="application/atom+xml" title="Folio" href={FEED_PATH} />
      </head>
      <body>
        <div id="root">{children}</div>
      </body>
    </html>
  );
}
