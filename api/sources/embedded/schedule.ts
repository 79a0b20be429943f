import type { Database } from '../../db/database';
import type { ScheduledPublication } from '../contentSource';
import { isoString } from './rowsAsContent';

/**
 * The next scheduled publication: published articles whose time has not come
 * (visibility.ts shows them from `published_at` on). One read of the
 * `articles_published` index for the earliest time, then the articles due at
 * exactly that time.
 */
export async function nextScheduled(db: Database): Promise<ScheduledPublication | null> {
  const { rows } = await db.query<{ id: number; published_at: Date | string }>(
    `SELECT a.id, a.published_at FROM articles a
     WHERE a.status = 'PUBLISHED' AND a.published_at = (SELECT min(n.published_at) FROM articles n WHERE n.status = 'PUBLISHED' AND n.published_at > now())
     ORDER BY a.id`,
  );
  if (rows.length === 0) return null;
  return { at: isoString(rows[0]!.published_at)!, articleIds: rows.map((row) => String(row.id)) };
}
