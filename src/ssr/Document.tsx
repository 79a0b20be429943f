import type { ReactNode } from 'react';
import { THEME_SCRIPT } from '../Apps/Shell/themeScript';
import { FEED_PATH } from '../site/sitePaths';

interface DocumentProps {
  scripts: string[];
  styles: string[];
  fonts: string[];
  /** The CSP nonce of this response, for the one inline script. */
  nonce?: string | undefined;
  children: ReactNode;
}

/**
 * The HTML document around the app, rendered on the server only. The page's
 * own title, description, canonical URL, Open Graph and JSON-LD are rendered
 * by its components and hoisted here into <head> by React; the browser
 * hydrates #root alone. Scripts are deferred: they run after the document
 * (and the records at its end) has been read.
 */
export function Document({ scripts, styles, fonts, nonce, children }: DocumentProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
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
        <link rel="alternate" type="application/atom+xml" title="Folio" href={FEED_PATH} />
      </head>
      <body>
        <div id="root">{children}</div>
      </body>
    </html>
  );
}
