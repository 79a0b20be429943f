import { openDatabase } from '../../../api/db/database';
import { prepareDatabase } from '../../../api/publishing/prepareDatabase';
import { publishContent } from '../../../api/publishing/publishContent';
import { createEmbeddedSource } from '../../../api/sources/embedded/embeddedSource';
import { DEFAULT_LOCALE } from '../../../shared/locales';
import { ContentFolderCopy } from '../../../harness/contentFolderCopy';
import { withLiveUpdate } from '../../../harness/liveBlogFile';
import { describeSourceContract } from './contract/sourceContract';

/**
 * The content source contract (contract/sourceContract.ts) for the embedded
 * source: Folio's own tables in a fresh in-memory PGlite, migrated and seeded
 * from content/ as a server's first start does it. A document is renamed as
 * a writer does it: a `slug:` in its file's front matter (its translation's
 * file for another locale), published.
 */
const FOLDERS = { Article: 'articles', Topic: 'topics', Author: 'authors', Page: 'pages' };

/** The file's text with `slug:` in its front matter set to `slug`. */
const withSlug = (text: string, slug: string) =>
  /^slug:.*$/m.test(text.split(/^---\s*$/m)[1] ?? '')
    ? text.replace(/^slug:.*$/m, `slug: ${slug}`)
    : text.replace(/^---\n/, `---\nslug: ${slug}\n`);

/** An article's file as a writer may leave it: published, with no publishedAt. */
const undatedArticle = (title: string) => `---
title: ${title}
summary: Published with no date in its front matter.
status: published
authors: [mara-lindqvist]
topics: [design]
---

A paragraph, so that it has a body.
`;

describeSourceContract('the embedded source', {
  differences: {
    id: /^\d+$/,
    editTimes: 'seed',
    entryLinks: 'entries',
    imageBytes: 'as-written',
    previewStatus: 'seed',
    hiddenArticleImages: 'hidden',
    search: 'own',
    altText: 'per-locale',
    undatedInLists: 'newest',
  },
  async start() {
    const db = await openDatabase({ dataDir: 'memory://' });
    await prepareDatabase(db, { log: () => undefined });
    const folder = new ContentFolderCopy();
    return {
      source: createEmbeddedSource(db),
      db,
      async rename({ type, seedSlug }, slugs) {
        for (const [locale, slug] of Object.entries(slugs)) {
          const original = `${FOLDERS[type]}/${seedSlug}.md`;
          // An author's translation has no slug of its own: its versions follow the original's.
          if (type === 'Author' && locale !== DEFAULT_LOCALE) {
            if (slug !== slugs[DEFAULT_LOCALE]) throw new Error('an author has one slug');
            continue;
          }
          const file =
            locale === DEFAULT_LOCALE ? original : original.replace(/\.md$/, `.${locale}.md`);
          folder.write(file, withSlug(folder.read(file), slug));
        }
        const published = await publishContent(db, { dir: folder.dir });
        return published.change?.records ?? [];
      },
      // As a writer does it: a file with no publishedAt, published (and published again, edited).
      async publishUndated({ slug, title }) {
        const file = `articles/${slug}.md`;
        folder.write(file, undatedArticle(title));
        await publishContent(db, { dir: folder.dir });
        const found = await createEmbeddedSource(db).reader({ preview: true }).article({ slug });
        if (!found) throw new Error(`${file} was not published`);
        return {
          id: found.id,
          remove: async () => {
            folder.remove(file);
            await publishContent(db, { dir: folder.dir });
          },
        };
      },
      // As a writer does it: an item added to the file's updates:, published.
      async postLiveUpdate(slug, update) {
        const file = `articles/${slug}.md`;
        const before = folder.read(file);
        folder.write(file, withLiveUpdate(before, update));
        const published = await publishContent(db, { dir: folder.dir });
        return {
          records: published.change?.records ?? [],
          remove: async () => {
            folder.write(file, before);
            await publishContent(db, { dir: folder.dir });
          },
        };
      },
      close: async () => {
        folder.dispose();
        await db.close();
      },
    };
  },
});
