import { createRequire } from 'node:module';
import path from 'node:path';
import { PREVIEW_LINK_TTL_S, readPreviewGrant } from '../../api/previewLinks';

/** The Strapi project signs Folio's preview links in CommonJS (cms/strapi/lib/previewLink.js): Folio must read exactly what it signs. */
const require = createRequire(__filename);
const { previewLink, LINK_TTL_S } = require(
  path.resolve(__dirname, '../../cms/strapi/lib/previewLink.js'),
) as {
  previewLink: (options: {
    site: string;
    key: string;
    type: string;
    documentId: string;
    locale?: string;
    status?: string;
    now?: number;
  }) => string;
  LINK_TTL_S: number;
};

const KEY = 'f'.repeat(64);
const linkOf = (url: string) => new URL(url).searchParams.get('link')!;

describe("Strapi's preview link", () => {
  it('opens /preview/open on the site with a link Folio reads as that one document', () => {
    const now = Date.UTC(2026, 10, 26, 12);
    const url = previewLink({
      site: 'http://127.0.0.1:4000',
      key: KEY,
      type: 'Article',
      documentId: 'k3v9qz1abcd',
      now,
    });
    expect(url.startsWith('http://127.0.0.1:4000/preview/open?link=')).toBe(true);
    expect(readPreviewGrant(Buffer.from(KEY), linkOf(url), now)).toEqual({
      grant: {
        purpose: 'link',
        document: { type: 'Article', id: 'k3v9qz1abcd' },
        locale: 'en',
        version: 'draft',
        expiresAt: now / 1000 + LINK_TTL_S,
      },
    });
    expect(LINK_TTL_S).toBe(PREVIEW_LINK_TTL_S);
    // Expired after its ten minutes; worthless under another key.
    expect(readPreviewGrant(Buffer.from(KEY), linkOf(url), now + LINK_TTL_S * 1000)).toEqual({
      refused: 'expired',
    });
    expect(readPreviewGrant(Buffer.from('e'.repeat(64)), linkOf(url), now)).toEqual({
      refused: 'invalid',
    });
  });

  it('names the locale being edited and the tab (Draft or Published) as Strapi passes them', () => {
    const now = Date.UTC(2026, 10, 26, 12);
    const url = previewLink({
      site: 'http://127.0.0.1:4000',
      key: KEY,
      type: 'Page',
      documentId: 'k3v9qz1abcd',
      locale: 'de',
      status: 'published',
      now,
    });
    expect(readPreviewGrant(Buffer.from(KEY), linkOf(url), now)).toEqual({
      grant: {
        purpose: 'link',
        document: { type: 'Page', id: 'k3v9qz1abcd' },
        locale: 'de',
        version: 'published',
        expiresAt: now / 1000 + LINK_TTL_S,
      },
    });
    // A locale the site does not have is no link at all (refused, never a guess).
    const unknown = previewLink({
      site: 'http://127.0.0.1:4000',
      key: KEY,
      type: 'Page',
      documentId: 'k3v9qz1abcd',
      locale: 'fr',
      now,
    });
    expect(readPreviewGrant(Buffer.from(KEY), linkOf(unknown), now)).toEqual({
      refused: 'invalid',
    });
  });
});
