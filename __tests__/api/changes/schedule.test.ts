import { publish, read, watchSite } from './support/changeHarness';
import { eventually } from '../../support/eventually';

/**
 * Issue 21, "scheduled content is exact": an article scheduled for a moment
 * is in lists, topic pages, the feed and the sitemap from that moment on,
 * with no request and no restart needed at that moment: nothing is kept
 * (here or, by Cache-Control, at a CDN) past it, and at it the process that
 * purges announces the change, so the CDN is purged too.
 */
const SLUG = 'the-eclipse-timetable';
const TITLE = 'The eclipse timetable';
/** Pages and the feed show its title; the sitemap its URL (a 404 page names its own URL too, so the slug alone says nothing). */
const shows = (text: string) => text.includes(TITLE) || text.includes(`/articles/${SLUG}</loc>`);
const SCHEDULED_IN_MS = 3_000;

const watched = watchSite();
const { drops, url } = watched;

/** The seconds a CDN may keep an answer (s-maxage) and serve it stale after (stale-while-revalidate). */
function sharedLifetime(cacheControl: string | null): number {
  const seconds = (name: string) =>
    Number(new RegExp(`${name}=(\\d+)`).exec(cacheControl ?? '')?.[1] ?? 0);
  return seconds('s-maxage') + seconds('stale-while-revalidate');
}

it('shows a scheduled article everywhere from its time on, kept nowhere past it, and purges the CDN then', async () => {
  const { rows } = await watched.db.query<{ id: number }>(
    "SELECT id FROM topics WHERE slug = 'cities'",
  );
  const topicId = rows[0]!.id;
  let at = 0;
  const scheduled = drops.next(`a/${SLUG}`);
  await publish(watched.db, async (tx) => {
    const inserted = await tx.query<{ id: number; published_at: Date }>(
      `INSERT INTO articles (slug, title, summary, body, body_text, status, published_at, updated_at, reading_time_minutes)
       VALUES ($1, $3, 'Why eclipses can be predicted to the second.', '{"nodeType":"document","data":{},"content":[]}', '', 'PUBLISHED', now() + $2 * interval '1 millisecond', now(), 4)
       RETURNING id, published_at`,
      [SLUG, SCHEDULED_IN_MS, TITLE],
    );
    at = new Date(inserted.rows[0]!.published_at).getTime();
    await tx.query(
      'INSERT INTO article_topics (article_id, topic_id, position) VALUES ($1, $2, 0)',
      [inserted.rows[0]!.id, topicId],
    );
    return {
      source: 'embedded',
      records: [{ type: 'Article', id: String(inserted.rows[0]!.id) }],
      listsChanged: true,
    };
  });
  await scheduled;

  // Before its time: not shown, kept (a second read is the cache's), and no cache may keep it past its time.
  const paths = ['/articles', '/topics/cities', '/feed.xml', '/sitemap.xml', `/articles/${SLUG}`];
  for (const path of paths) {
    const answer = await read(url(path));
    expect({ path, shows: shows(answer.text) }).toEqual({ path, shows: false });
    expect(sharedLifetime(answer.headers.get('cache-control'))).toBeLessThanOrEqual(
      Math.ceil((at - Date.now()) / 1000),
    );
  }
  expect((await read(url('/topics/cities'))).age).not.toBeNull();
  expect((await read(url(`/articles/${SLUG}`))).status).toBe(404);

  // Its time comes with no request made: the process that purges announces it…
  const published = drops.next(`a/${SLUG}`, SCHEDULED_IN_MS + 5_000);
  const purgesBefore = watched.purges.purges.length;
  const change = await published;
  expect(Date.now()).toBeGreaterThanOrEqual(at);
  // At its time, not when a cache lifetime runs out (a minute and more); a loaded machine may fire the timer a little late.
  expect(Date.now() - at).toBeLessThan(5_000);
  expect(change.keys).toEqual(
    expect.arrayContaining(['articles', `t:${topicId}:articles`, 'sitemap']),
  );
  // …the CDN is purged…
  await eventually(async () =>
    expect(
      watched.purges.purges.slice(purgesBefore).some((purge) => purge.keys.includes(`a/${SLUG}`)),
    ).toBe(true),
  );
  // …and every list, the feed, the sitemap and the article itself show it.
  for (const path of paths) {
    const answer = await read(url(path));
    expect({ path, status: answer.status, shows: shows(answer.text) }).toEqual({
      path,
      status: 200,
      shows: true,
    });
  }
});

it('keeps answers as long as ever once nothing more is scheduled soon', async () => {
  const answer = await read(url('/topics/cities'));
  expect(answer.headers.get('cache-control')).toBe(
    'public, max-age=0, s-maxage=60, stale-while-revalidate=300, stale-if-error=600',
  );
});
