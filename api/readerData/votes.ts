import DataLoader from 'dataloader';
import type { Database } from '../db/database';
import type { SourceKind } from '../sources/contentSource';

/**
 * Readers' helpful / not-helpful votes: readers' own writes, kept in Folio's
 * database whatever the content source (docs/sources.md#content-sources), keyed by the source and
 * the article's id there.
 */
export interface VoteCounts {
  helpful: number;
  notHelpful: number;
}

/** Adds one vote to the article (the caller has checked that the reader may see it). */
export async function addVote(
  db: Database,
  source: SourceKind,
  articleId: string,
  helpful: boolean,
): Promise<void> {
  const column = helpful ? 'helpful' : 'not_helpful';
  await db.query(
    `INSERT INTO article_votes AS v (source, article_id, ${column}) VALUES ($1, $2, 1)
     ON CONFLICT (source, article_id) DO UPDATE SET ${column} = v.${column} + 1`,
    [source, articleId],
  );
}

/** Each article's counts, one statement per batch. */
export function voteCountsLoader(db: Database, source: SourceKind) {
  return new DataLoader<string, VoteCounts>(async (articleIds) => {
    const { rows } = await db.query<{ article_id: string; helpful: number; not_helpful: number }>(
      'SELECT article_id, helpful, not_helpful FROM article_votes WHERE source = $1 AND article_id = ANY($2)',
      [source, articleIds],
    );
    const byId = new Map(
      rows.map((row) => [row.article_id, { helpful: row.helpful, notHelpful: row.not_helpful }]),
    );
    return articleIds.map((id) => byId.get(id) ?? { helpful: 0, notHelpful: 0 });
  });
}
