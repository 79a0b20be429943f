import type { ContentReader } from '../../../api/sources/contentSource';
import {
  cmsSource,
  type CmsDialect,
  type PublishedArticleRow,
} from '../../../api/sources/cms/cmsSource';
import type { SearchIndex } from '../../../api/sources/cms/searchIndex';
import { folioVersions } from '../../../api/sources/cms/localeVersions';

/**
 * What a CMS holds that Folio cannot serve in a locale (docs/sources.md#the-source-contract):
 * a version in a locale the site does not have, a translation whose
 * default-locale original is missing, two documents claiming one slug in a
 * locale. Each is a logged, named skip, never a failure.
 */
const logOf = () => {
  const logged: { fields: Record<string, unknown>; message: string }[] = [];
  return {
    logged,
    log: (fields: Record<string, unknown>, message: string) =>
      void logged.push({ fields, message }),
  };
};

describe('folioVersions', () => {
  it('lists the site’s locales only, each once, the default first', () => {
    const { logged, log } = logOf();
    expect(
      folioVersions(
        [
          { locale: 'de', slug: 'die-gezeiten-lesen' },
          { locale: 'fr', slug: 'lire-les-marees' },
          { locale: 'en', slug: 'reading-the-tides' },
          { locale: 'de', slug: 'noch-einmal' },
        ],
        { type: 'Article', id: 'doc1' },
        log,
      ),
    ).toEqual([
      { locale: 'en', slug: 'reading-the-tides' },
      { locale: 'de', slug: 'die-gezeiten-lesen' },
    ]);
    expect(logged).toEqual([
      {
        fields: { type: 'Article', id: 'doc1', locale: 'fr', slug: 'lire-les-marees' },
        message: expect.stringContaining('locale the site does not have'),
      },
    ]);
  });

  it('lists no version of a document whose default-locale original is missing', () => {
    const { logged, log } = logOf();
    expect(
      folioVersions([{ locale: 'de', slug: 'nur-deutsch' }], { type: 'Topic', id: 'doc2' }, log),
    ).toEqual([]);
    expect(logged).toEqual([
      {
        fields: { type: 'Topic', id: 'doc2', locales: ['de'] },
        message: expect.stringContaining('original'),
      },
    ]);
  });
});

describe('a CMS source’s crawl of a locale', () => {
  const row = (id: string, slug: string, versions: PublishedArticleRow['versions']) => ({
    id,
    slug,
    updatedAt: '2026-01-01T00:00:00.000Z',
    authorSlugs: [],
    topicSlugs: [],
    versions,
  });
  const rows: PublishedArticleRow[] = [
    row('a', 'die-gezeiten-lesen', [
      { locale: 'en', slug: 'reading-the-tides' },
      { locale: 'de', slug: 'die-gezeiten-lesen' },
    ]),
    // Claims the slug the first has in German.
    row('b', 'die-gezeiten-lesen', [
      { locale: 'en', slug: 'tides-again' },
      { locale: 'de', slug: 'die-gezeiten-lesen' },
    ]),
    // German only: its original is missing.
    row('c', 'nur-deutsch', [{ locale: 'de', slug: 'nur-deutsch' }]),
    // A version in a locale the site does not have, beside its own.
    row('d', 'warum-der-himmel-blau-ist', [
      { locale: 'en', slug: 'why-the-sky-is-blue' },
      { locale: 'xx', slug: 'xx-sky' },
      { locale: 'de', slug: 'warum-der-himmel-blau-ist' },
    ]),
  ];
  const { logged, log } = logOf();
  const dialect: CmsDialect = {
    kind: 'strapi',
    log,
    reader: () => ({}) as ContentReader,
    async *publishedRows() {
      yield rows;
    },
    async *publishedArticles() {},
    everyListed: async () => ({ pages: [], topics: [], authors: [] }),
    notYetDue: async () => [],
    image: async () => null,
  };
  const source = cmsSource(dialect, {} as SearchIndex);

  it('skips, and logs, each document it cannot serve; the rest are listed with their versions', async () => {
    expect(await source.publishedArticles(0, 10, 'de')).toEqual([
      {
        id: 'a',
        slug: 'die-gezeiten-lesen',
        updatedAt: '2026-01-01T00:00:00.000Z',
        versions: [
          { locale: 'en', slug: 'reading-the-tides' },
          { locale: 'de', slug: 'die-gezeiten-lesen' },
        ],
      },
      {
        id: 'd',
        slug: 'warum-der-himmel-blau-ist',
        updatedAt: '2026-01-01T00:00:00.000Z',
        versions: [
          { locale: 'en', slug: 'why-the-sky-is-blue' },
          { locale: 'de', slug: 'warum-der-himmel-blau-ist' },
        ],
      },
    ]);
    expect(logged.map(({ fields, message }) => [fields.id, message])).toEqual([
      ['c', expect.stringContaining('original')],
      ['d', expect.stringContaining('locale the site does not have')],
      ['b', expect.stringContaining('one slug')],
    ]);
    expect((await source.publishedOverview('de')).articleCount).toBe(2);
  });
});
