import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * A folder only the server's user may enter (0700), made if missing: Folio's
 * data (PGlite's files, the image cache) holds drafts and readers' addresses.
 * PGlite makes its files readable and writable by everyone (0666, whatever
 * the umask), so what the folder already holds is made private too (files
 * 0600, folders 0700); what it writes later sits inside folders no one else
 * may enter. `within: false` makes the folder itself private and leaves what
 * it holds as it is.
 */
export function privateFolder(dir: string, { within = true }: { within?: boolean } = {}): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const walk = (folder: string) => {
    chmodSync(folder, 0o700);
    if (!within) return;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) chmodSync(full, 0o600);
    }
  };
  walk(dir);
}
