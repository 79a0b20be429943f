import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../../api/db/database';
import { migrate } from '../../../api/db/migrations';
import { createStrapiSource } from '../../../api/sources/strapi/strapiSource';
import type { Locale } from '../../../shared/locales';
import { describeOnStrapi, strapiWriter } from '../../support/strapiUnderTest';
import {
  describeSourceContract,
  type NamedRecord,
  type WebhookExample,
} from './contract/sourceContract';

/**
 * The content source contract (contract/sourceContract.ts) for the Strapi
 * source, over the repository's real Strapi 5 (cms/strapi, content/
 * imported by `npm run cms:strapi`) that FOLIO_TEST_STRAPI names. Folio's
 * own database is a fresh PGlite, migrated and empty: the source keeps only
 * its search index there.
 */
const EXAMPLES = path.resolve(__dirname, '../../../cms/strapi/examples');

/**
 * A webhook body Strapi sent (captured by cms/strapi/scripts/capture-examples.mjs),
 * naming its entry by the documentId of the Strapi that captured it: the
 * Strapi under test has its own, put in its place.
 */
function captured(file: string, becomes: WebhookExample['becomes']): WebhookExample {
  const { headers, body } = JSON.parse(readFileSync(path.join(EXAMPLES, file), 'utf8')) as {
    headers: Record<string, string>;
    body: { event: string; model: string; entry: Record<string, unknown> };
  };
  const types: Record<string, NamedRecord['type']> = {
    article: 'Article',
    author: 'Author',
    topic: 'Topic',
    page: 'Page',
  };
  const type = types[body.model];
  if (type !== 'Article' && type !== 'Author' && type !== 'Topic' && type !== 'Page')
    throw new Error(`${file}: no model of Folio's`);
  return {
    title: file,
    headers,
    body: (documentId) => ({ ...body, entry: { ...body.entry, documentId } }),
    names: { type, slug: String(body.entry.slug) },
    event: body.event,
    becomes,
  };
}

/**
 * The file of content/images a Strapi upload URL is: Strapi names an upload
 * after the file it was given, `-` become `_`, with a hash of its own
 * (`…/uploads/inline_visible_spectrum_f5689fde78.jpg`).
 */
function strapiUploadName(url: string): string | null {
  const match = /\/uploads\/([a-z0-9_]+)_[0-9a-f]{10}(\.[a-z]+)$/.exec(url);
  return match ? `${match[1]!.replaceAll('_', '-')}${match[2]}` : null;
}

/** A live blog's updates as Strapi's REST API answers them (cms/strapi/src/components/live/update.json). */
interface StrapiLiveBlog {
  documentId: string;
  liveUpdates: {
    postedAt: string;
    title: string;
    body: unknown;
    keyEvent: boolean;
    author: { documentId: string } | null;
  }[];
}

/** Strapi's REST collection of each type (cms/strapi/src/api). */
const PLURALS = { Article: 'articles', Author: 'authors', Topic: 'topics', Page: 'pages' };

describeOnStrapi('the Strapi source', (_, settings) => {
  const logged: string[] = [];
  describeSourceContract('the Strapi source', {
    differences: {
      id: /^[a-z0-9]{24}$/,
      editTimes: 'own',
      entryLinks: 'paths',
      uploadName: strapiUploadName,
      imageBytes: 'cms-encoded',
      previewStatus: 'published-or-draft',
      hiddenArticleImages: 'public',
      search: 'index',
      altText: 'one-per-file',
      undatedInLists: 'newest',
    },
    webhook: {
      cms: 'strapi',
      examples: [
        captured('webhook-article-publish.json', { kind: 'change', listsChanged: true }),
        captured('webhook-author-update.json', { kind: 'change', listsChanged: false }),
        captured('webhook-article-draft-update.json', { kind: 'ignored' }),
      ],
    },
    logged: () => logged,
    async start() {
      const db = await openDatabase({ dataDir: 'memory://' });
      await migrate(db);
      const source = createStrapiSource(settings, db, (fields, message) =>
        logged.push(`${String(fields.source)}: ${message}`),
      );
      const strapi = strapiWriter(settings);
      return {
        source,
        db,
        // As an editor in the admin: the slug of each locale's version changed and published (Strapi's webhook names the entry and its locale).
        async rename({ type, id }, slugs) {
          const records = [];
          for (const [locale, slug] of Object.entries(slugs)) {
            const published = type === 'Article' || type === 'Page' ? '&status=published' : '';
            await strapi('PUT', `/api/${PLURALS[type]}/${id}?locale=${locale}${published}`, {
              data: { slug },
            });
            records.push({ type, id, locale: locale as Locale });
          }
          return records;
        },
        // As an editor in the admin: a new article, its publication date left empty, published (and published again, edited).
        async publishUndated({ slug, title }) {
          const idOfSlug = async (plural: string, slug: string) => {
            const found = await strapi('GET', `/api/${plural}?filters[slug][$eq]=${slug}`);
            return (found?.data as { documentId: string }[])[0]?.documentId;
          };
          const existing = await idOfSlug('articles', slug);
          const data = {
            title,
            slug,
            summary: 'Published with no publication date.',
            body: [
              {
                __component: 'article.text',
                content: [
                  {
                    type: 'paragraph',
                    children: [{ type: 'text', text: 'A paragraph, so that it has a body.' }],
                  },
                ],
              },
            ],
            authors: [await idOfSlug('authors', 'mara-lindqvist')],
            topics: [await idOfSlug('topics', 'design')],
          };
          // A draft saved, then Publish (the admin's two steps), or published again.
          const saved = existing
            ? await strapi('PUT', `/api/articles/${existing}?status=draft`, { data })
            : await strapi('POST', '/api/articles?status=draft', { data });
          const id = (saved?.data as { documentId: string }).documentId;
          await strapi('PUT', `/api/articles/${id}`, { data: { title } });
          return { id, remove: async () => void (await strapi('DELETE', `/api/articles/${id}`)) };
        },
        // As a writer in the admin: a new update added to the article's live blog updates, and the article published (Strapi's webhook names the article and its locale).
        async postLiveUpdate(slug, { title, text, at }) {
          const populate = 'populate[liveUpdates][populate][author][fields][0]=documentId';
          const found = await strapi(
            'GET',
            `/api/articles?filters[slug][$eq]=${slug}&status=draft&${populate}`,
          );
          const article = (found?.data as StrapiLiveBlog[])[0]!;
          const before = article.liveUpdates.map(({ postedAt, title, body, keyEvent, author }) => ({
            postedAt,
            title,
            body,
            keyEvent,
            author: author?.documentId ?? null,
          }));
          const put = (liveUpdates: unknown[]) =>
            strapi('PUT', `/api/articles/${article.documentId}?status=published`, {
              data: { liveUpdates },
            });
          await put([
            {
              postedAt: at,
              title,
              body: [{ type: 'paragraph', children: [{ type: 'text', text }] }],
              keyEvent: false,
              author: before.at(-1)?.author ?? null,
            },
            ...before,
          ]);
          return {
            records: [{ type: 'Article', id: article.documentId, locale: 'en' }],
            remove: async () => void (await put(before)),
          };
        },
        close: () => db.close(),
      };
    },
  });
});
