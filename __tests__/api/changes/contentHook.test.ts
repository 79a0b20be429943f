import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../../api/db/database';
import { createEmbeddedSource } from '../../../api/sources/embedded/embeddedSource';
import { readContentModel } from '../../../cms/contentful/contentModel';
import { readNotification } from '../../../api/sources/readNotification';
import { WEBHOOK_REFUSED_BUDGET } from '../../../api/notificationInbox';
import { startTestServer, type TestServer } from '../../support/testServer';
import { DropLog, recordPurges, type PurgeRecorder } from './support/changeHarness';
import { eventually } from '../../support/eventually';

/**
 * `POST /hooks/content` (issue 21): Strapi's and Contentful's change
 * notifications, authenticated by FOLIO_WEBHOOK_SECRET, each one change
 * event; a body it does not understand is a 400 that says why, a wrong
 * secret a 401 that announces nothing, and a delete (which carries no
 * content) still drops what the record was in.
 */
const SECRET = 'a-webhook-secret-long-enough';
const EXAMPLES = path.resolve(__dirname, '../../../cms/strapi/examples');
const example = (name: string) =>
  JSON.parse(readFileSync(path.join(EXAMPLES, name), 'utf8')) as {
    headers: Record<string, string>;
    body: Record<string, unknown>;
  };

describe('notifications as the CMSs send them', () => {
  it("reads Strapi's captured payloads: an article published, an author updated", () => {
    const published = example('webhook-article-publish.json');
    expect(readNotification(published.headers, published.body)).toEqual({
      kind: 'change',
      cms: 'strapi',
      event: 'entry.publish',
      records: [{ type: 'Article', id: 'h5ilkqddvx165nx307ou0bkg' }],
      listsChanged: true,
    });
    const updated = example('webhook-author-update.json');
    expect(readNotification(updated.headers, updated.body)).toMatchObject({
      kind: 'change',
      records: [{ type: 'Author', id: 'r05xgkpcirrzjpi6ejbga8e6' }],
      listsChanged: false,
    });
  });

  it('ignores a Strapi draft saved (publishedAt null), as Strapi sent it; the same event for a saved published version is a change', () => {
    const draft = example('webhook-article-draft-update.json');
    expect(readNotification(draft.headers, draft.body)).toMatchObject({
      kind: 'ignored',
      cms: 'strapi',
      event: 'entry.update',
      reason: expect.stringContaining('draft'),
    });
    const created = { ...draft.body, event: 'entry.create' };
    expect(readNotification({ 'x-strapi-event': 'entry.create' }, created)).toMatchObject({
      kind: 'ignored',
    });
    const entry = draft.body.entry as Record<string, unknown>;
    const saved = { ...draft.body, entry: { ...entry, publishedAt: '2026-11-25T15:13:44.926Z' } };
    expect(readNotification(draft.headers, saved)).toMatchObject({
      kind: 'change',
      records: [{ type: 'Article', id: entry.documentId }],
    });
    // Unpublishing and deleting are changes whatever version they carry.
    for (const event of ['entry.unpublish', 'entry.delete'])
      expect(readNotification({ 'x-strapi-event': event }, { ...draft.body, event })).toMatchObject(
        { kind: 'change', listsChanged: true },
      );
  });

  it('reads a Strapi delete and a media change by id alone, and ignores models Folio does not show', () => {
    const headers = { 'x-strapi-event': 'entry.delete' };
    expect(
      readNotification(headers, {
        event: 'entry.delete',
        model: 'page',
        entry: { id: 3, documentId: 'p0' },
      }),
    ).toMatchObject({ kind: 'change', records: [{ type: 'Page', id: 'p0' }] });
    expect(
      readNotification(
        { 'x-strapi-event': 'media.update' },
        { event: 'media.update', media: { id: 4, documentId: 'm1' } },
      ),
    ).toMatchObject({ records: [{ type: 'Asset', id: 'm1' }] });
    expect(
      readNotification(headers, {
        event: 'entry.delete',
        model: 'user',
        entry: { documentId: 'u1' },
      }),
    ).toMatchObject({ kind: 'ignored' });
  });

  it("reads Contentful's topics: entry publish, unpublish (a tombstone), delete, assets; drafts' saves change nothing", () => {
    const entry = (type: string) => ({
      sys: {
        id: '5KsDBWseXY6QegucYAoacS',
        type,
        contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'article' } },
      },
    });
    expect(
      readNotification({ 'x-contentful-topic': 'ContentManagement.Entry.publish' }, entry('Entry')),
    ).toEqual({
      kind: 'change',
      cms: 'contentful',
      event: 'ContentManagement.Entry.publish',
      records: [{ type: 'Article', id: '5KsDBWseXY6QegucYAoacS' }],
      listsChanged: true,
    });
    expect(
      readNotification(
        { 'x-contentful-topic': 'ContentManagement.Entry.unpublish' },
        entry('DeletedEntry'),
      ),
    ).toMatchObject({ kind: 'change', listsChanged: true });
    expect(
      readNotification(
        { 'x-contentful-topic': 'ContentManagement.Asset.delete' },
        { sys: { id: 'img1', type: 'DeletedAsset' } },
      ),
    ).toMatchObject({ records: [{ type: 'Asset', id: 'img1' }] });
    expect(
      readNotification(
        { 'x-contentful-topic': 'ContentManagement.Entry.auto_save' },
        entry('Entry'),
      ),
    ).toMatchObject({ kind: 'ignored' });
  });

  it("reads a Contentful embed or page block published on its own as a record of its own, in no list; knows every content type of Folio's model", () => {
    const published = (contentType: string) =>
      readNotification(
        { 'x-contentful-topic': 'ContentManagement.Entry.publish' },
        { sys: { id: 'q1', type: 'Entry', contentType: { sys: { id: contentType } } } },
      );
    expect(published('pullQuote')).toMatchObject({
      kind: 'change',
      records: [{ type: 'Embed', id: 'q1' }],
      listsChanged: false,
    });
    expect(published('heroBlock')).toMatchObject({
      kind: 'change',
      records: [{ type: 'Block', id: 'q1' }],
      listsChanged: false,
    });
    for (const type of readContentModel().contentTypes)
      expect({ id: type.sys.id, kind: published(type.sys.id).kind }).toEqual({
        id: type.sys.id,
        kind: 'change',
      });
  });

  it('finds no event, model or content type in the names every JavaScript object answers to', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(
        readNotification(
          { 'x-strapi-event': name },
          { event: name, model: 'article', entry: { documentId: 'a1' } },
        ),
      ).toMatchObject({ kind: 'invalid' });
      expect(
        readNotification(
          { 'x-strapi-event': 'entry.publish' },
          { event: 'entry.publish', model: name, entry: { documentId: 'a1' } },
        ),
      ).toMatchObject({ kind: 'ignored' });
      expect(
        readNotification(
          { 'x-contentful-topic': `ContentManagement.Entry.${name}` },
          { sys: { id: 'a1', contentType: { sys: { id: 'article' } } } },
        ),
      ).toMatchObject({ kind: 'invalid' });
      expect(
        readNotification(
          { 'x-contentful-topic': 'ContentManagement.Entry.publish' },
          { sys: { id: 'a1', contentType: { sys: { id: name } } } },
        ),
      ).toMatchObject({ kind: 'ignored' });
    }
  });

  it('says what is wrong with what it does not understand', () => {
    expect(readNotification({}, { hello: 'world' })).toMatchObject({
      kind: 'invalid',
      reason: expect.stringContaining('neither a Strapi notification'),
    });
    expect(
      readNotification(
        { 'x-strapi-event': 'entry.publish' },
        { event: 'entry.publish', model: 'article', entry: { id: 1 } },
      ),
    ).toMatchObject({
      kind: 'invalid',
      reason: expect.stringContaining('entry.documentId'),
    });
    expect(
      readNotification(
        { 'x-strapi-event': 'entry.publish' },
        { event: 'entry.update', model: 'article', entry: { documentId: 'x' } },
      ),
    ).toMatchObject({ kind: 'invalid' });
    expect(
      readNotification(
        { 'x-contentful-topic': 'ContentManagement.Entry.publish' },
        { sys: { id: '../etc' } },
      ),
    ).toMatchObject({ kind: 'invalid' });
    expect(readNotification({ 'x-contentful-topic': 'Something.Else' }, {})).toMatchObject({
      kind: 'invalid',
    });
  });
});

describe('POST /hooks/content', () => {
  let site: TestServer;
  let db: Database;
  let purges: PurgeRecorder;
  const drops = new DropLog();

  beforeAll(async () => {
    purges = await recordPurges();
    // The embedded content, read as if it were Strapi's (its ids stand in for documentIds): the whole way from a Strapi notification to the caches.
    site = await startTestServer({
      mode: 'production',
      webhookSecret: SECRET,
      cdnPurgeUrl: purges.url,
      contentSource: (database) => ({ ...createEmbeddedSource(database), kind: 'strapi' }),
      changes: { onDropped: drops.onDropped },
    });
    db = site.db;
  });
  afterAll(async () => {
    await site.close();
    await purges.close();
  });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${site.url}/hooks/content`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${SECRET}`,
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const strapi = (event: string, documentId: string, model = 'article') => ({
    event,
    model,
    uid: `api::${model}.${model}`,
    entry: { id: 1, documentId },
  });
  const articleId = async (slug: string) =>
    String(
      (await db.query<{ id: number }>('SELECT id FROM articles WHERE slug = $1', [slug])).rows[0]!
        .id,
    );
  const unannouncedArticleId = async () =>
    String(
      (
        await db.query<{ id: number }>(
          "SELECT id FROM articles WHERE slug NOT IN ('reading-the-tides', 'why-the-sky-is-blue') ORDER BY id LIMIT 1",
        )
      ).rows[0]!.id,
    );
  /** The drops and CDN purges since `since` that name the article `id`. */
  const touching = (id: string, since: number) => ({
    drops: drops.seen.filter((change) => change.keys.includes(`a:${id}`)),
    purges: purges.purges.filter((purge) => purge.at >= since && purge.keys.includes(`a:${id}`)),
  });

  it('announces a Strapi publish as one change, whose keys every cache drops and the CDN purges', async () => {
    const id = await articleId('reading-the-tides');
    const dropped = drops.next(`a:${id}`);
    const answer = await post(strapi('entry.publish', id), { 'X-Strapi-Event': 'entry.publish' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      announced: { records: [{ type: 'Article', id }], listsChanged: true },
    });
    const change = await dropped;
    expect(change.keys).toEqual(
      expect.arrayContaining([`a:${id}`, 'a/reading-the-tides', 'articles', 'search', 'sitemap']),
    );
    // The CDN is purged once every process said it dropped the keys.
    await eventually(async () =>
      expect(touching(id, 0).purges.map((purge) => purge.keys)).toContainEqual(
        expect.arrayContaining([`a:${id}`, 'a/reading-the-tides']),
      ),
    );
  });

  it('drops what a deleted entry was in, though the delete carries none of it', async () => {
    const id = await articleId('why-the-sky-is-blue');
    const { rows: topics } = await db.query<{ topic_id: number }>(
      'SELECT topic_id FROM article_topics WHERE article_id = $1',
      [id],
    );
    // Seen once while it existed (a publish)…
    let dropped = drops.next(`a:${id}`);
    await post(strapi('entry.publish', id));
    await dropped;
    // …then gone from the CMS.
    await db.query('DELETE FROM articles WHERE id = $1', [id]);
    dropped = drops.next(`a:${id}`);
    expect(
      (await post(strapi('entry.delete', id), { 'X-Strapi-Event': 'entry.delete' })).status,
    ).toBe(200);
    const change = await dropped;
    expect(change.keys).toEqual(
      expect.arrayContaining([
        'a/why-the-sky-is-blue',
        ...topics.map((topic) => `t:${topic.topic_id}:articles`),
      ]),
    );
  });

  it('drops every topic and author list for a deleted entry it never knew', async () => {
    const dropped = drops.next('a:never-seen-here');
    expect((await post(strapi('entry.delete', 'never-seen-here'))).status).toBe(200);
    const change = await dropped;
    // The source's topics: a CMS source's are its default locale's.
    const { rows } = await db.query<{ id: number }>("SELECT id FROM topics WHERE locale = 'en'");
    expect(change.keys).toEqual(
      expect.arrayContaining(rows.map((topic) => `t:${topic.id}:articles`)),
    );
  });

  it('answers a body it does not understand with a 400 that says why, and announces nothing', async () => {
    const before = drops.seen.length;
    const notJson = await post('{"event": "entry.publish", ');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: 'The body is not a JSON object.' });
    const scalar = await post('null');
    expect(scalar.status).toBe(400);
    expect(await scalar.json()).toEqual({ error: 'The body is not a JSON object.' });
    const strange = await post({ hello: 'world' });
    expect(strange.status).toBe(400);
    expect((await strange.json()).error).toMatch(/neither a Strapi notification/);
    const contentful = await post(
      { sys: { id: 'abc', type: 'Entry', contentType: { sys: { id: 'article' } } } },
      { 'X-Contentful-Topic': 'ContentManagement.Entry.publish' },
    );
    expect(contentful.status).toBe(400);
    expect((await contentful.json()).error).toBe(
      'This server reads strapi content; a contentful notification names none of it.',
    );
    const text = await post('event=entry.publish', { 'Content-Type': 'text/plain' });
    expect(text.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(drops.seen.length).toBe(before);
  });

  it('refuses a wrong or missing secret with a 401, announcing and purging nothing, then stops reading refused attempts', async () => {
    // An article no test announced, so nothing may drop or purge it (earlier tests' purges may still be on their way).
    const id = await unannouncedArticleId();
    const sent = Date.now();
    const wrong = await post(strapi('entry.publish', id), {
      Authorization: 'Bearer not-the-secret',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
    expect((await post(strapi('entry.publish', id), { Authorization: '' })).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(touching(id, sent)).toEqual({ drops: [], purges: [] });
    let status = 401;
    // Two refused so far: the budget lets the rest through as 401s, then refuses unread.
    for (let attempt = 3; attempt <= WEBHOOK_REFUSED_BUDGET.limit && status === 401; attempt += 1)
      status = (await post({}, { Authorization: 'Bearer guess' })).status;
    expect(status).toBe(401);
    const limited = await post({}, { Authorization: 'Bearer guess' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
  });

  it('takes the right secret even after others at the same address spent the refused budget: failures and successes are budgeted apart', async () => {
    // Wrong guesses until the budget of refused secrets is spent (the test before spent most of it).
    let status = 401;
    for (let attempt = 1; attempt <= WEBHOOK_REFUSED_BUDGET.limit && status !== 429; attempt += 1)
      status = (await post({}, { Authorization: 'Bearer guess' })).status;
    expect(status).toBe(429);
    // A CMS sharing the address (Contentful's senders, a proxy) still gets its notification through.
    const id = await unannouncedArticleId();
    const sent = Date.now();
    const right = await post(strapi('entry.publish', id), { 'X-Strapi-Event': 'entry.publish' });
    expect(right.status).toBe(200);
    await eventually(async () => expect(touching(id, sent).drops.length).toBeGreaterThan(0));
    // And guesses stay refused.
    expect((await post({}, { Authorization: 'Bearer guess' })).status).toBe(429);
  });

  it('is off, saying so, without a secret', async () => {
    const off = await startTestServer({ mode: 'production' });
    try {
      const answer = await fetch(`${off.url}/hooks/content`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({
        error: 'Content notifications are off on this server: FOLIO_WEBHOOK_SECRET is not set.',
      });
    } finally {
      await off.close();
    }
  });
});
