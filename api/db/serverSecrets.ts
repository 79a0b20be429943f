import { randomBytes } from 'node:crypto';
import type { Database } from './database';

/**
 * A secret every Folio server over one database shares without anyone
 * configuring it (the key preview links are signed with): made once, by
 * whichever server or command asks first, and kept in `server_secrets`.
 * Whoever can read that table can read every draft anyway.
 */
export async function keptSecret(db: Database, name: string): Promise<Buffer> {
  await db.query(
    'INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
    [name, randomBytes(32).toString('base64url')],
  );
  const { rows } = await db.query<{ value: string }>(
    'SELECT value FROM server_secrets WHERE name = $1',
    [name],
  );
  return Buffer.from(rows[0]!.value, 'base64url');
}
