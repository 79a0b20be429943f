import { openDatabase } from '../../../api/db/database';
import { migrate } from '../../../api/db/migrations';
import { CONTENTFUL_LOCALES } from '../../../api/sources/contentful/contentfulLocales';
import { readContentfulNotification } from '../../../api/sources/contentful/contentfulNotifications';
import type { Locale } from '../../../shared/locales';
import { startContentfulUnderTest, type Logged } from '../../support/contentfulUnderTest';
import { describeSourceContract, type WebhookExample } from './contract/sourceContract';

/**
 * The content source contract (contract/sourceContract.ts) for the
 * Contentful source, over the local Contentful fixture
 * (cms/contentful/fixture), whose space is content/ imported as
 * cms/contentful/demoSpace.ts makes it. Folio's own database is a fresh
 * PGlite, migrated and empty: the source keeps only its search index there.
 */
let logged: Logged[] = [];

/**
 * What Contentful posts to a webhook (X-Contentful-Topic and the entity's
 * `sys`), as docs/sources.md#webhooks lists what Folio reads of it. The
 * fixture sends none, and no captured body is in the repository.
 */
const headers = (topic: string) => ({
  'content-type': 'application/vnd.contentful.management.v1+json',
  'x-contentful-topic': topic,
});
const entry = (type: 'Entry' | 'DeletedEntry', contentType: string) => (id: string) => ({
  sys: {
    id,
    type,
    contentType: { sys: { type: 'Link', linkType: 'ContentType', id: contentType } },
  },
});
const examples: WebhookExample[] = [
  {
    title: 'an article published',
    headers: headers('ContentManagement.Entry.publish'),
    body: entry('Entry', 'article'),
    names: { type: 'Article', slug: 'reading-the-tides' },
    event: 'ContentManagement.Entry.publish',
    becomes: { kind: 'change', listsChanged: true },
  },
  {
    title: 'an article unpublished (the body is a DeletedEntry)',
    headers: headers('ContentManagement.Entry.unpublish'),
    body: entry('DeletedEntry', 'article'),
    names: { type: 'Article', slug: 'why-the-sky-is-blue' },
    event: 'ContentManagement.Entry.unpublish',
    becomes: { kind: 'change', listsChanged: true },
  },
  {
    title: 'an author published',
    headers: headers('ContentManagement.Entry.publish'),
    body: entry('Entry', 'author'),
    names: { type: 'Author', slug: 'eliza-marsh' },
    event: 'ContentManagement.Entry.publish',
    becomes: { kind: 'change', listsChanged: true },
  },
  {
    title: 'a pull quote published on its own (an entry of its own, in no list)',
    headers: headers('ContentManagement.Entry.publish'),
    body: entry('Entry', 'pullQuote'),
    names: { type: 'Embed', embed: 'PullQuote', in: 'reading-the-tides' },
    event: 'ContentManagement.Entry.publish',
    becomes: { kind: 'change', listsChanged: false },
  },
  {
    title: 'an image published',
    headers: headers('ContentManagement.Asset.publish'),
    body: (id) => ({ sys: { id, type: 'Asset' } }),
    names: { type: 'Asset', heroOf: 'reading-the-tides' },
    event: 'ContentManagement.Asset.publish',
    becomes: { kind: 'change', listsChanged: false },
  },
  {
    title: 'an article’s draft saved',
    headers: headers('ContentManagement.Entry.auto_save'),
    body: entry('Entry', 'article'),
    names: { type: 'Article', slug: 'the-four-day-week' },
    event: 'ContentManagement.Entry.auto_save',
    becomes: { kind: 'ignored' },
  },
];

const paragraph = {
  nodeType: 'paragraph',
  data: {},
  content: [
    { nodeType: 'text', value: 'A paragraph, so that it has a body.', marks: [], data: {} },
  ],
};

describeSourceContract('the Contentful source', {
  differences: {
    id: /^[A-Za-z0-9]{22}$/,
    editTimes: 'seed',
    entryLinks: 'entries',
    imageBytes: 'as-written',
    previewStatus: 'published-or-draft',
    hiddenArticleImages: 'published-with-the-article',
    search: 'index',
    altText: 'per-locale',
    undatedInLists: 'last',
  },
  webhook: { cms: 'contentful', examples },
  logged: () => logged,
  async start() {
    const underTest = await startContentfulUnderTest();
    logged = underTest.logged;
    const db = await openDatabase({ dataDir: 'memory://' });
    await migrate(db);
    return {
      source: underTest.source()(db),
      db,
      // As an editor in the web app: each locale's slug set and the entry published (its webhook names no locale).
      async rename({ type, id }, slugs) {
        for (const [locale, slug] of Object.entries(slugs))
          underTest.fixture.space.publish(id, { slug }, CONTENTFUL_LOCALES[locale as Locale]);
        return [{ type, id }];
      },
      // As an editor in the web app: a new article, its publication date left empty, published (and published again, edited).
      async publishUndated({ slug, title }) {
        const { space } = underTest.fixture;
        const id = 'publishedWithoutADate';
        if (!space.view(id, true)) {
          space.create(id, 'article');
          const link = (type: string) => ({
            sys: { type: 'Link', linkType: 'Entry', id: space.entries(type, false)[0]!.entity.id },
          });
          space.publish(id, {
            slug,
            summary: 'Published with no publication date.',
            body: { nodeType: 'document', data: {}, content: [paragraph] },
            authors: [link('author')],
            topics: [link('topic')],
          });
        }
        space.publish(id, { title });
        return { id, remove: async () => space.unpublish(id) };
      },
      // As a writer in the web app: a new Live blog update naming the article, published alone; Contentful's webhook for it names the records.
      async postLiveUpdate(slug, { title, text, at }) {
        const { space } = underTest.fixture;
        const article = space.entries('article', false).find((view) => view.own.slug === slug)!;
        const author = space.view(
          (article.fields.authors as { sys: { id: string } }[])[0]!.sys.id,
          false,
        )!;
        const id = `liveUpdate${String(Date.now()).slice(-12)}`;
        const link = (entryId: string) => ({
          sys: { type: 'Link', linkType: 'Entry', id: entryId },
        });
        const fields = {
          title,
          article: link(article.entity.id),
          postedAt: at,
          body: {
            nodeType: 'document',
            data: {},
            content: [
              { ...paragraph, content: [{ nodeType: 'text', value: text, marks: [], data: {} }] },
            ],
          },
          keyEvent: false,
          author: link(author.entity.id),
        };
        space.create(id, 'liveBlogUpdate');
        space.publish(id, fields);
        const webhook = readContentfulNotification(headers('ContentManagement.Entry.publish'), {
          sys: { ...entry('Entry', 'liveBlogUpdate')(id).sys },
          fields: Object.fromEntries(
            Object.entries(fields).map(([field, value]) => [field, { 'en-US': value }]),
          ),
        });
        if (webhook.kind !== 'change') throw new Error(`The webhook is ${webhook.kind}.`);
        return { records: webhook.records, remove: async () => space.unpublish(id) };
      },
      close: async () => {
        await db.close();
        await underTest.fixture.close();
      },
    };
  },
});
