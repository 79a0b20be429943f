import ArticlePageQuery from '@generated/ArticlePageQuery.graphql';
import { publish, read, watchSite } from './support/changeHarness';
import { eventually } from '../../support/eventually';

/**
 * Issue 21 on the embedded default (PGlite, one process): a change
 * announced in the transaction that makes it drops exactly the kept answers
 * that show its records and lists — pages, persisted GETs, the feed, the
 * sitemap — and purges the same keys at the CDN, while an unrelated page
 * stays a cache hit.
 */
const ARTICLE = 'reading-the-tides';
const UNRELATED_TOPIC = 'food';
const NEW_SLUG = 'how-a-lighthouse-keeps-time';

const watched = watchSite();
const { drops, url } = watched;
const idOf = async (table: string, slug: string) =>
  String(
    (await watched.db.query<{ id: number }>(`SELECT id FROM ${table} WHERE slug = $1`, [slug]))
      .rows[0]!.id,
  );

/** Reads `path` twice: the second answer is the cache's. */
async function warm(path: string) {
  await read(url(path));
  const kept = await read(url(path));
  expect(kept.age).not.toBeNull();
  return kept;
}

describe('an edit of one article', () => {
  const title = 'Reading the tides, corrected';

  it('drops its page, its persisted GET and the lists that show it, at once', async () => {
    const articleId = await idOf('articles', ARTICLE);
    const getUrl = watched.site.persistedGetUrl(ArticlePageQuery, { slug: ARTICLE });
    await warm(`/articles/${ARTICLE}`);
    await warm('/');
    const unrelated = await warm(`/topics/${UNRELATED_TOPIC}`);
    expect(unrelated.headers.get('surrogate-key')!.split(' ')).not.toContain(`a:${articleId}`);
    expect((await read(getUrl)).status).toBe(200);
    expect((await read(getUrl)).age).not.toBeNull();
    const purgesBefore = watched.purges.purges.length;

    const dropped = drops.next(`a:${articleId}`);
    await publish(watched.db, async (tx) => {
      await tx.query('UPDATE articles SET title = $1, updated_at = now() WHERE id = $2', [
        title,
        articleId,
      ]);
      return {
        source: 'embedded',
        records: [{ type: 'Article', id: articleId }],
        listsChanged: false,
      };
    });
    const change = await dropped;
    // A corrected title moves no list: only what shows the article, search and the sitemap.
    expect(change.keys).toEqual(
      expect.arrayContaining([`a:${articleId}`, `a/${ARTICLE}`, 'search', 'sitemap']),
    );
    expect(change.keys).not.toContain('articles');

    const page = await read(url(`/articles/${ARTICLE}`));
    expect(page.age).toBeNull();
    expect(page.text).toContain(title);
    expect((await read(url('/'))).text).toContain(title);
    const answer = await read(getUrl);
    expect(answer.age).toBeNull();
    expect(answer.text).toContain(title);
    // The topic page that never showed the article is still the kept one.
    const stillKept = await read(url(`/topics/${UNRELATED_TOPIC}`));
    expect(stillKept.age).not.toBeNull();
    expect(stillKept.headers.get('etag')).toBe(unrelated.headers.get('etag'));
    // The CDN is told the same keys (now, and once more a moment later).
    await eventually(async () =>
      expect(watched.purges.purges.slice(purgesBefore)[0]?.keys.sort()).toEqual(
        [...change.keys].sort(),
      ),
    );
  });
});

describe('a new article', () => {
  it('appears in /articles, the home page, its topic and author pages, the feed and the sitemap; its slug is no longer a 404', async () => {
    const topicId = await idOf('topics', 'cities');
    const authorId = await idOf('authors', 'mara-lindqvist');
    for (const path of [
      '/articles',
      '/',
      '/topics/cities',
      '/authors/mara-lindqvist',
      `/topics/${UNRELATED_TOPIC}`,
    ])
      await warm(path);
    const missing = await read(url(`/articles/${NEW_SLUG}`));
    expect(missing.status).toBe(404);
    expect((await read(url(`/articles/${NEW_SLUG}`))).age).not.toBeNull();
    const unrelated = await read(url(`/topics/${UNRELATED_TOPIC}`));
    await read(url('/feed.xml'));
    await read(url('/sitemap.xml'));

    const dropped = drops.next('articles');
    await publish(watched.db, async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO articles (slug, title, summary, body, body_text, status, published_at, updated_at, reading_time_minutes)
         VALUES ($1, 'How a lighthouse keeps time', 'Clockwork, a lens and a keeper.', '{"nodeType":"document","data":{},"content":[]}', '', 'PUBLISHED', now(), now(), 3) RETURNING id`,
        [NEW_SLUG],
      );
      const articleId = String(rows[0]!.id);
      await tx.query(
        'INSERT INTO article_topics (article_id, topic_id, position) VALUES ($1, $2, 0)',
        [articleId, topicId],
      );
      await tx.query(
        'INSERT INTO article_authors (article_id, author_id, position) VALUES ($1, $2, 0)',
        [articleId, authorId],
      );
      return {
        source: 'embedded',
        records: [{ type: 'Article', id: articleId }],
        listsChanged: true,
      };
    });
    const change = await dropped;
    expect(change.keys).toEqual(
      expect.arrayContaining([
        'articles',
        `t:${topicId}:articles`,
        `au:${authorId}:articles`,
        `a/${NEW_SLUG}`,
        'sitemap',
      ]),
    );

    const article = await read(url(`/articles/${NEW_SLUG}`));
    expect(article.status).toBe(200);
    for (const path of [
      '/articles',
      '/',
      '/topics/cities',
      '/authors/mara-lindqvist',
      '/feed.xml',
      '/sitemap.xml',
    ]) {
      const answer = await read(url(path));
      expect({
        path,
        shows:
          answer.text.includes(NEW_SLUG) || answer.text.includes('How a lighthouse keeps time'),
      }).toEqual({ path, shows: true });
    }
    const stillKept = await read(url(`/topics/${UNRELATED_TOPIC}`));
    expect(stillKept.age).not.toBeNull();
    expect(stillKept.headers.get('etag')).toBe(unrelated.headers.get('etag'));
  });

  it('leaves them again when it is unpublished, named by its id alone', async () => {
    await warm('/articles');
    await warm('/topics/cities');
    const articleId = await idOf('articles', NEW_SLUG);
    const dropped = drops.next(`a:${articleId}`);
    await publish(watched.db, async (tx) => {
      await tx.query("UPDATE articles SET status = 'DRAFT' WHERE id = $1", [articleId]);
      return {
        source: 'embedded',
        records: [{ type: 'Article', id: articleId }],
        listsChanged: true,
      };
    });
    await dropped;
    expect((await read(url(`/articles/${NEW_SLUG}`))).status).toBe(404);
    expect((await read(url('/articles'))).text).not.toContain(NEW_SLUG);
    expect((await read(url('/topics/cities'))).text).not.toContain(NEW_SLUG);
  });
});

describe("readers' answers name what they show", () => {
  it('in Surrogate-Key and Cache-Tag, pages and persisted GETs alike, and nothing for previews or errors', async () => {
    const page = await read(url('/topics/cities'));
    const topicId = await idOf('topics', 'cities');
    const keys = page.headers.get('surrogate-key')!.split(' ');
    expect(keys).toEqual(
      expect.arrayContaining(['site', `t:${topicId}`, `t:${topicId}:articles`, 't/cities']),
    );
    expect(page.headers.get('cache-tag')).toBe(keys.join(','));
    const answer = await read(watched.site.persistedGetUrl(ArticlePageQuery, { slug: ARTICLE }));
    expect(answer.headers.get('surrogate-key')).toContain(`a/${ARTICLE}`);
    const preview = await read(url('/topics/cities'), { 'X-Preview-Token': 'anything' });
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(preview.headers.get('surrogate-key')).toBeNull();
  });
});
