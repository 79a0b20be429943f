import type { Database } from '../db/database';
import { publishContent, publishContentFiles } from './publishContent';
import type { ContentFiles } from '../model/contentFiles';
import { refreshPlannerStatistics } from '../sources/embedded/writes/plannerStatistics';
import { clearContent, isSeeded } from '../sources/embedded/writes/seedWrites';

export { isSeeded, refreshPlannerStatistics };

/**
 * Loads content/ (or `content`, already read) into an empty database: a
 * publish of the whole folder (api/publishing/publishContent.ts), in one
 * transaction with the site row, so a start cut short leaves nothing half
 * made; what an earlier cut-short seed left is wiped first. Nothing is
 * announced: no cache can hold anything of a database that had no content.
 * A folder with problems throws ContentRejected, naming each `file:line`.
 */
export async function seedContent(
  db: Database,
  content?: ContentFiles,
  dir?: string,
): Promise<void> {
  if (await isSeeded(db)) return;
  await clearContent(db);
  // The publish's own ANALYZE would only come before the VACUUM ANALYZE below.
  if (content) await publishContentFiles(db, content, { announce: false, analyze: false });
  else await publishContent(db, { dir, announce: false, analyze: false });
  await refreshPlannerStatistics(db);
}
