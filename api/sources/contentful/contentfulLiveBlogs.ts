import type { Author, Asset, LiveBlogUpdate } from '../contentSource';
import { list, optionalInstant, record, text } from '../cms/answerFields';
import type { ArticleParts } from './contentfulArticles';
import { sysId, toAuthor } from './contentfulEntries';
import type { LinkedEntries } from './contentfulLinkedEntries';
import { COST, LIVE_UPDATE_FRAGMENTS, LIVE_UPDATE_LIMIT } from './contentfulQueries';
import type { ContentfulRequest } from './contentfulRequest';
import { ShapeError } from '../cms/cmsGraphQL';

/**
 * A live blog in Contentful (docs/content-model.md#live-blogs): the article
 * holds its coverage and pinned summary; each update is a `liveBlogUpdate`
 * entry of its own that names its article, so a writer posts one by
 * publishing it alone, and its webhook names the article
 * (contentfulNotifications.ts). An update's id is its entry's `sys.id`.
 */

type UpdateParts = { update: LiveBlogUpdate; author: (Author & { avatar: Asset | null }) | null };

function toLiveUpdate(value: unknown, path: string): UpdateParts {
  const entry = record(value, path);
  const at = optionalInstant(entry, 'postedAt', path);
  if (at === null) throw new ShapeError(`${path}.postedAt`);
  const author =
    entry.author === null || entry.author === undefined
      ? null
      : toAuthor(entry.author, `${path}.author`);
  return {
    update: {
      id: sysId(entry, path),
      at,
      title: text(entry, 'title', path),
      keyEvent: entry.keyEvent === true,
      authorId: author?.id ?? null,
      // As Contentful wrote it: Folio's ids come once the entries it links to are typed.
      body: record(entry.body, `${path}.body`).json,
    },
    author,
  };
}

/** Completes whole articles that are live blogs with their updates (newest first), one query each, in the request's batch. */
export function contentfulLiveBlogs(request: ContentfulRequest, linked: LinkedEntries) {
  return async (parts: ArticleParts): Promise<void> => {
    const { live, article } = parts;
    if (!live) {
      article.liveBlog = null;
      return;
    }
    const field = 'liveBlogUpdateCollection';
    const answer = await request.batch.query<unknown>({
      field: `${field}(limit: ${LIVE_UPDATE_LIMIT}, where: { article: { sys: { id: $article } } }, order: [postedAt_DESC, sys_id_ASC]${request.previewArgument}) { items { ...FolioLiveUpdate } }`,
      variables: { article: ['String', article.id] },
      fragments: LIVE_UPDATE_FRAGMENTS,
      cost: LIVE_UPDATE_LIMIT * COST.liveUpdate,
    });
    const read = request.read(() =>
      list(record(answer, field), 'items', field).flatMap((item, index) =>
        item === null ? [] : [toLiveUpdate(item, `${field}.items[${index}]`)],
      ),
    );
    for (const { author } of read) {
      if (!author) continue;
      request.learn(author.id, 'Author');
      if (author.avatar) request.keepAsset(author.avatar);
      request.keepAuthor(author);
    }
    const [summary, ...bodies] = await linked.withGlobalIds([
      live.summary,
      ...read.map(({ update }) => update.body),
    ]);
    article.liveBlog = {
      coverageStart: live.coverageStart,
      coverageEnd: live.coverageEnd,
      summary: summary ?? null,
      updates: read.map(({ update }, index) => ({ ...update, body: bodies[index] })),
    };
  };
}
