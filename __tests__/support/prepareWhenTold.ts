import { createInterface } from 'node:readline';
import { openDatabase } from '../../api/db/database';
import { prepareDatabase } from '../../api/publishing/prepareDatabase';

/**
 * A server's start, reduced to its database part, in a process of its own:
 * connects to `process.argv[2]`, prints `ready`, waits for a line on stdin,
 * then runs prepareDatabase and prints one JSON line with what happened.
 * Several of these told to go at the same moment are servers starting together.
 */
async function main() {
  const url = process.argv[2];
  if (!url) throw new Error('usage: prepareWhenTold.ts <database url>');
  const db = await openDatabase({ databaseUrl: url });
  await db.query('SELECT 1');
  console.log('ready');
  await new Promise<void>((resolve) => {
    const lines = createInterface({ input: process.stdin });
    lines.once('line', () => {
      lines.close();
      process.stdin.destroy();
      resolve();
    });
  });
  const started = Date.now();
  const waits: string[] = [];
  const { waitedMs } = await prepareDatabase(db, { log: (message) => waits.push(message) });
  console.log(
    JSON.stringify({ pid: process.pid, waitedMs, totalMs: Date.now() - started, said: waits }),
  );
  await db.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
