import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Where `npm run content` asks a server over PGlite to publish (loopback, with the server's token). */
export const CONTENT_PUBLISH_PATH = '/__folio/content/publish';

/**
 * The file a server over PGlite writes in its data folder while it runs:
 * its pid, address and a token (and what preview links need: its public
 * address and link key; the file is its owner's alone). PGlite's folder is one process's alone, so
 * `npm run content` publishes through the server that holds it.
 */
export const PUBLISHER_FILE = 'content-publisher.json';

export interface PublisherAddress {
  pid: number;
  url: string;
  token: string;
  /** The site's public address, for links printed by `npm run content -- --preview`. */
  siteUrl?: string;
  /** The key the server's preview links are signed with (base64url; api/previewLinks.ts). */
  previewLinkKey?: string;
  /**
   * False when the server reads a CMS (it publishes nothing from content/):
   * the file then only says where it serves and its link key, for
   * `npm run cms:contentful-preview-urls` (cms/contentful/previewUrlsCommand.ts).
   */
  publishes?: boolean;
}

/** The running server a data folder names, if its process is alive. */
export function readPublisherAddress(dataDir: string): PublisherAddress | null {
  let address: PublisherAddress;
  try {
    address = JSON.parse(
      readFileSync(path.join(dataDir, PUBLISHER_FILE), 'utf8'),
    ) as PublisherAddress;
  } catch {
    return null;
  }
  try {
    process.kill(address.pid, 0);
    return address;
  } catch {
    return null;
  }
}
