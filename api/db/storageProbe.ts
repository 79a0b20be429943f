import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The probe's size: a whole block, so a full disk refuses it (a byte may fit in a block already there). */
const PROBE = Buffer.alloc(4096, 0x2e);
const PROBE_FILE = '.folio-write-probe';

/**
 * Whether the data folder (PGlite's files, the image cache, the publisher's
 * address) can be written right now: null when it can, else why not, in a
 * few words (`/readyz` says it). The first failure, and the return, are
 * logged once each: an orchestrator takes the server out, and the log says why.
 */
export function storageProbe(
  dir: string,
  logger: {
    error(fields: object, message: string): void;
    info(fields: object, message: string): void;
  },
): () => Promise<string | null> {
  let failing: string | null = null;
  return async () => {
    const file = path.join(dir, PROBE_FILE);
    try {
      await writeFile(file, PROBE, { mode: 0o600 });
      await rm(file, { force: true });
      if (failing !== null) logger.info({ dir }, 'the data folder can be written again');
      failing = null;
      return null;
    } catch (error) {
      const code = (error as { code?: string }).code ?? (error as Error).message;
      const reason = `the data folder cannot be written (${code})`;
      if (failing !== reason) logger.error({ dir, err: (error as Error).message, code }, reason);
      failing = reason;
      // What was written of the probe before the disk filled is not left behind.
      await rm(file, { force: true }).catch(() => undefined);
      return reason;
    }
  };
}
