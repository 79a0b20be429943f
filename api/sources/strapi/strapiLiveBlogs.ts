import type { LiveBlog } from '../contentSource';
import {
  list,
  optionalInstant,
  optionalRecord,
  record,
  text,
  type Json,
} from '../cms/answerFields';
import { ShapeError } from '../cms/cmsGraphQL';
import { documentIdOf } from './strapiDocuments';
import { blocksToNodes, richTextDocument } from './strapiRichText';

/**
 * A live blog in Strapi (docs/content-model.md#live-blogs): the article's
 * coverage and pinned summary, and its updates as a repeatable component
 * (`live.update`, cms/strapi/src/components/live), saved and published with
 * the article. Component ids change at every publish, so an update is named
 * by its article and its time (`<documentId>.<ms>`), as the embedded source
 * names them; it changes with its article and carries no key of its own.
 */
export function liveBlogOf(entry: Json, articleId: string, path: string): LiveBlog | null {
  const coverageStart = optionalInstant(entry, 'liveCoverageStart', path);
  if (coverageStart === null) return null;
  const updates = list(entry, 'liveUpdates', path).flatMap((value, index) => {
    if (value === null) return [];
    const at = `${path}.liveUpdates[${index}]`;
    const update = record(value, at);
    const postedAt = optionalInstant(update, 'postedAt', at);
    if (postedAt === null) throw new ShapeError(`${at}.postedAt`);
    const author = optionalRecord(update.author, `${at}.author`);
    return [
      {
        id: `${articleId}.${Date.parse(postedAt)}`,
        at: postedAt,
        title: text(update, 'title', at),
        body: richTextDocument(blocksToNodes(update.body)),
        keyEvent: update.keyEvent === true,
        authorId: author ? documentIdOf(author, `${at}.author`) : null,
      },
    ];
  });
  return {
    coverageStart,
    coverageEnd: optionalInstant(entry, 'liveCoverageEnd', path),
    summary: entry.liveSummary ? richTextDocument(blocksToNodes(entry.liveSummary)) : null,
    // Newest first, whatever order the writers added them in.
    updates: updates.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)),
  };
}
