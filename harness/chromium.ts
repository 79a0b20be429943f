import { existsSync } from 'node:fs';

/**
 * Flags for Debian's Chromium on machines with a closed network (TOOLCHAIN.md):
 * without the background-networking ones it keeps trying to reach Google.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, or the one named by `CHROMIUM_PATH`. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export function assertChromiumInstalled(): void {
  const path = chromiumPath();
  if (!existsSync(path)) {
    throw new Error(
      `Chromium was not found at ${path}. Install Debian's: sudo apt-get install -y chromium fonts-liberation ` +
        '(or set CHROMIUM_PATH to another Chromium). Playwright never downloads its own browser here.',
    );
  }
}
