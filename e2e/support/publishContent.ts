import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '../..');
const run = promisify(execFile);

/** A file of the e2e server's copy of content/ (e2e/support/globalSetup.ts), by its path inside it. */
export function contentFile(relative: string): string {
  return path.join(process.env.FOLIO_E2E_CONTENT_DIR!, relative);
}

/**
 * As a Markdown writer does: one file of content/ written, then
 * `npm run content`, which the running e2e server publishes.
 */
export async function writeAndPublish(file: string, text: string): Promise<void> {
  writeFileSync(file, text);
  await run('npm', ['run', '--silent', 'content'], {
    cwd: ROOT,
    env: {
      ...process.env,
      FOLIO_DATA_DIR: process.env.FOLIO_E2E_DATA_DIR,
      FOLIO_CONTENT_DIR: process.env.FOLIO_E2E_CONTENT_DIR,
    },
  });
}
