/**
 * Translations written as files beside their originals (docs/publishing.md#translations):
 * `<name>.<locale>.md` published into rows of their locale, with the
 * original's dates, images, authors and topics in that locale; every way a
 * translation can be wrong is a `file:line` problem and publishes nothing.
 * Against the real API over PGlite, from an edited copy of content/.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { readContentFolder } from '../../../api/publishing/contentFolder';
import { ContentRejected } from '../../../api/publishing/problems';
import { publishContent } from '../../../api/publishing/publishContent';
import { ContentFolderCopy } from '../../../harness/contentFolderCopy';
import { startTestServer, type TestServer } from '../../support/testServer';
import { resolveChange } from '../../../api/changes/changeKeys';
import { createEmbeddedSource } from '../../../api/sources/embedded/embeddedSource';

let server: TestServer;
let folder: ContentFolderCopy;

/** content/ without the seed's own translations: each test writes those it is about. */
function withoutTranslations(): void {
  for (const entry of readdirSync(folder.dir, { recursive: true }) as string[])
    if (/\.de\.(md|yaml)$/.test(entry)) rmSync(path.join(folder.dir, entry));
}

beforeAll(async () => {
  server = await startTestServer();
  folder = new ContentFolderCopy();
  withoutTranslations();
  await publish();
});
afterAll(async () => {
  folder?.dispose();
  await server?.close();
});
afterEach(async () => {
  folder.reset();
  withoutTranslations();
  await publish();
});

const publish = () => publishContent(server.db, { dir: folder.dir });

/** The problems a publish that must be refused names. */
const problemsOf = async () => {
  const error = await publish().then(
    () => null,
    (rejected: unknown) => rejected,
  );
  expect(error).toBeInstanceOf(ContentRejected);
  return (error as ContentRejected).problems;
};

const TOPICS = {
  'topics/nature.de.md': '---\nname: Natur\nslug: natur\n---\n\nPflanzen, Tiere und das Wetter.\n',
  'topics/science.de.md':
    '---\nname: Wissenschaft\nslug: wissenschaft\n---\n\nWie die Welt funktioniert.\n',
};
const AUTHOR = { 'authors/eliza-marsh.de.md': 'Schreibt über das Meer und die Küste.\n' };
const ARTICLE = {
  'articles/reading-the-tides.de.md': [
    '---',
    'title: Die Gezeiten lesen',
    'slug: die-gezeiten-lesen',
    'summary: Zweimal am Tag steigt und fällt das Meer, nach einem Plan, den man ein Jahr im Voraus drucken kann.',
    '---',
    '',
    'Wer die Gezeiten lesen kann, weiß, wann das Wasser kommt.',
    '',
  ].join('\n'),
};
const write = (files: Record<string, string>) => {
  for (const [file, text] of Object.entries(files)) folder.write(file, text);
};

async function german(slug: string) {
  const answer = await server.query<{
    article: {
      title: string;
      locale: string;
      publishedAt: string;
      heroImage: { url: string } | null;
      authors: { bio: string }[];
      topics: { name: string }[];
      translations: { locale: string; slug: string }[];
    } | null;
  }>(
    `query ($slug: String!) { article(slug: $slug, locale: "de") {
       title locale publishedAt heroImage { url } authors { bio } topics { name } translations { locale slug }
     } }`,
    { slug },
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!.article;
}

describe('a translated article', () => {
  it('is published in its locale with the original’s dates and image, and its authors and topics there', async () => {
    write({ ...TOPICS, ...AUTHOR, ...ARTICLE });
    const result = await publish();
    expect(result.written.translation).toBe(4);
    const article = await german('die-gezeiten-lesen');
    expect(article).toMatchObject({
      title: 'Die Gezeiten lesen',
      locale: 'de',
      publishedAt: '2025-06-10T07:30:00.000Z',
      authors: [{ bio: 'Schreibt über das Meer und die Küste.' }],
      topics: [{ name: 'Natur' }, { name: 'Wissenschaft' }],
      translations: [
        { locale: 'en', slug: 'reading-the-tides' },
        { locale: 'de', slug: 'die-gezeiten-lesen' },
      ],
    });
    expect(article!.heroImage?.url).toMatch(/^\/images\/hero-reading-the-tides/);
    // Unchanged, nothing is written again.
    expect((await publish()).written).toEqual({});
    // Its file gone: archived, no reader finds it.
    folder.remove('articles/reading-the-tides.de.md');
    await publish();
    expect(await german('die-gezeiten-lesen')).toBeNull();
  });

  it('names its language in the change: German pages and lists are dropped, English ones kept', async () => {
    write({ ...TOPICS, ...AUTHOR, ...ARTICLE });
    await publish();
    folder.edit('articles/reading-the-tides.de.md', 'wann das Wasser kommt', 'wann die Flut kommt');
    const { change } = await publish();
    expect(change!.records).toEqual([expect.objectContaining({ type: 'Article', locale: 'de' })]);
    const { resolved } = await resolveChange(change!, server.db, createEmbeddedSource(server.db));
    const { rows } = await server.db.query<{ id: number; locale: string }>(
      `SELECT id, locale FROM articles WHERE slug IN ('reading-the-tides', 'die-gezeiten-lesen')`,
    );
    const idOf = (locale: string) => String(rows.find((row) => row.locale === locale)!.id);
    expect(resolved.keys).toEqual(
      expect.arrayContaining([
        `a:${idOf('de')}`,
        'a/die-gezeiten-lesen@de',
        'articles@de',
        'search@de',
        // The English page's switcher names the German version: it goes too.
        `a:${idOf('en')}:versions`,
        // One sitemap lists every language.
        'sitemap',
      ]),
    );
    // Nothing read in English: its lists, searches, slugs and frame are kept.
    const english = resolved.keys.filter(
      (key) => !key.endsWith('@de') && !key.endsWith(':versions') && key !== 'sitemap',
    );
    expect(english).toEqual([`a:${idOf('de')}`]);
  });

  it('links to another translation, in either order of their files', async () => {
    write({
      ...TOPICS,
      ...AUTHOR,
      'articles/reading-the-tides.de.md': `${ARTICLE['articles/reading-the-tides.de.md']}\nWarum das Licht blau ist: [Himmel](article:why-the-sky-is-blue).\n`,
      'articles/why-the-sky-is-blue.de.md': [
        '---',
        'title: Warum der Himmel blau ist',
        'slug: warum-der-himmel-blau-ist',
        'summary: Streulicht, kurz erklärt.',
        '---',
        '',
        'Und die Gezeiten? Siehe [Gezeiten](article:reading-the-tides).',
        '',
      ].join('\n'),
      // Its author's German bio (its topics, science and nature, are in TOPICS).
      'authors/tobias-okafor.de.md': 'Schreibt über Physik für alle.\n',
    });
    await publish();
    const links = await server.query<{
      article: { body: { links: { entries: { hyperlink: { title: string }[] } } } };
    }>(
      `query { article(slug: "warum-der-himmel-blau-ist", locale: "de") { body { links { entries { hyperlink { ... on Article { title } } } } } } }`,
    );
    expect(links.errors).toBeUndefined();
    expect(links.data!.article.body.links.entries.hyperlink).toEqual([
      { title: 'Die Gezeiten lesen' },
    ]);
  });

  it('follows its original: a new date there is its date too', async () => {
    write({ ...TOPICS, ...AUTHOR, ...ARTICLE });
    await publish();
    folder.edit(
      'articles/reading-the-tides.md',
      'updatedAt: 2025-06-12T09:15:00Z',
      'updatedAt: 2025-06-20T09:15:00Z',
    );
    await publish();
    const { rows } = await server.db.query<{ updated_at: Date }>(
      "SELECT updated_at FROM articles WHERE slug = 'die-gezeiten-lesen' AND locale = 'de'",
    );
    expect(rows[0]!.updated_at.toISOString()).toBe('2025-06-20T09:15:00.000Z');
  });
});

describe('the frame and a composed page', () => {
  it('site.<locale>.yaml is the frame in that locale; a page’s translation is a whole page, its blocks in its locale', async () => {
    write({
      ...TOPICS,
      ...AUTHOR,
      ...ARTICLE,
      'site.de.yaml': [
        'title: Folio',
        'description: Ein Magazin darüber, wie die Dinge funktionieren.',
        'navigation:',
        '  - label: Start',
        '    url: /de',
        'footer: []',
        '',
      ].join('\n'),
      'pages/home.de.md': [
        '---',
        'title: Folio',
        'status: published',
        'updatedAt: 2026-11-15T08:00:00Z',
        'blocks:',
        '  - featured:',
        '      heading: Empfehlungen der Redaktion',
        '      articles: [reading-the-tides]',
        '  - latest:',
        '      heading: Aus der Wissenschaft',
        '      topic: science',
        '      count: 4',
        '---',
        '',
      ].join('\n'),
    });
    await publish();
    const { data, errors } = await server.query<{
      site: { description: string; navigation: { label: string; url: string }[] };
      page: {
        locale: string;
        blocks: {
          heading?: string;
          articles?: { title: string }[];
          topic?: { name: string } | null;
        }[];
      } | null;
      english: { blocks: { heading?: string }[] } | null;
    }>(
      `query {
        site(locale: "de") { description navigation { label url } }
        page(slug: "home", locale: "de") { locale blocks {
          ... on FeaturedArticlesBlock { heading articles { title } }
          ... on ArticleListBlock { heading topic { name } articles { title } }
        } }
        english: page(slug: "home") { blocks { ... on FeaturedArticlesBlock { heading } } }
      }`,
    );
    expect(errors).toBeUndefined();
    expect(data!.site).toEqual({
      description: 'Ein Magazin darüber, wie die Dinge funktionieren.',
      navigation: [{ label: 'Start', url: '/de' }],
    });
    expect(data!.page).toEqual({
      locale: 'de',
      blocks: [
        { heading: 'Empfehlungen der Redaktion', articles: [{ title: 'Die Gezeiten lesen' }] },
        {
          heading: 'Aus der Wissenschaft',
          topic: { name: 'Wissenschaft' },
          articles: [{ title: 'Die Gezeiten lesen' }],
        },
      ],
    });
    expect(data!.english!.blocks[1]).toEqual({ heading: "Editors' picks" });
  });
});

describe('alt text in another locale (assets.<locale>.yaml)', () => {
  const altOf = async (locale: string) => {
    const answer = await server.query<{ article: { heroImage: { alt: string } } | null }>(
      `query ($slug: String!, $locale: String) { article(slug: $slug, locale: $locale) { heroImage { alt } } }`,
      { slug: locale === 'de' ? 'die-gezeiten-lesen' : 'reading-the-tides', locale },
    );
    expect(answer.errors).toBeUndefined();
    return answer.data!.article!.heroImage.alt;
  };

  it('is what the German page says of its image; English keeps its own, and the file gone takes the German text with it', async () => {
    write({ ...TOPICS, ...AUTHOR, ...ARTICLE });
    await publish();
    const english = await altOf('en');
    // No German alt text yet: the image's own.
    expect(await altOf('de')).toBe(english);
    write({
      'assets.de.yaml': 'hero-reading-the-tides:\n  alt: Wellen vor einem goldenen Horizont.\n',
    });
    const { change } = await publish();
    expect(change!.records).toEqual([expect.objectContaining({ type: 'Asset', locale: 'de' })]);
    expect(await altOf('de')).toBe('Wellen vor einem goldenen Horizont.');
    expect(await altOf('en')).toBe(english);
    folder.remove('assets.de.yaml');
    await publish();
    expect(await altOf('de')).toBe(english);
  });

  it('names only assets assets.yaml has, each on its line', async () => {
    write({
      'assets.de.yaml': 'hero-reading-the-tides:\n  alt: Wellen.\nno-such-image:\n  alt: Nichts.\n',
    });
    expect(await problemsOf()).toEqual([
      {
        file: 'assets.de.yaml',
        line: 3,
        message: 'there is no asset "no-such-image" in assets.yaml to give alt text to',
      },
    ]);
  });
});

describe('a live blog in another language', () => {
  const PERSEIDS_AUTHOR = {
    'authors/tobias-okafor.de.md': 'Fotografiert den Nachthimmel.\n',
  };
  /** The seed's live blog in German: its own coverage, summary and updates, each naming its author. */
  const perseids = (updates: string[]) => ({
    'articles/the-perseids-live.de.md': [
      '---',
      'title: "Live: die Perseiden aus einem Sternenpark"',
      'slug: die-perseiden-live',
      'summary: Wir haben die Nacht des Perseiden-Maximums unter einem der dunkelsten Himmel des Landes verbracht.',
      'live:',
      '  coverageStart: 2025-08-12T19:00:00Z',
      '  coverageEnd: 2025-08-13T04:30:00Z',
      '  summary: |',
      '    Der Höhepunkt kam kurz nach 2 Uhr: **61 Meteore in einer Stunde**.',
      '  updates:',
      ...updates,
      '---',
      '',
      'Unser Liveblog aus dem Sternenpark.',
      '',
    ].join('\n'),
  });
  const DAWN = [
    '    - at: 2025-08-13T04:30:00Z',
    '      title: Morgengrauen, und Schluss',
    '      author: eliza-marsh',
    '      body: |',
    '        Im Osten wird der Himmel blau. **312 Meteore** in dieser Nacht.',
  ];
  const PEAK = [
    '    - at: 2025-08-13T02:10:00Z',
    '      title: Der Höhepunkt',
    '      keyEvent: true',
    '      author: tobias-okafor',
    '      body: |',
    '        Zwischen 01:05 und 02:05 zählten wir 61 Meteore.',
  ];
  const liveBlogOf = async (slug: string, locale: string) => {
    const answer = await server.query<{
      article: {
        liveBlog: {
          pinnedSummary: { json: unknown } | null;
          updates: { title: string; isKeyEvent: boolean; author: { locale: string } | null }[];
        } | null;
      } | null;
    }>(
      `query ($slug: String!, $locale: String) { article(slug: $slug, locale: $locale) {
         liveBlog { pinnedSummary { json } updates { title isKeyEvent author { locale } } } } }`,
      { slug, locale },
    );
    expect(answer.errors).toBeUndefined();
    return answer.data!.article?.liveBlog ?? null;
  };

  it('is the translation’s own: its updates in its language, their authors in its locale; the original keeps its own', async () => {
    write({ ...TOPICS, ...AUTHOR, ...PERSEIDS_AUTHOR, ...perseids([...DAWN, ...PEAK]) });
    await publish();
    const german = await liveBlogOf('die-perseiden-live', 'de');
    expect(german!.updates).toEqual([
      { title: 'Morgengrauen, und Schluss', isKeyEvent: false, author: { locale: 'de' } },
      { title: 'Der Höhepunkt', isKeyEvent: true, author: { locale: 'de' } },
    ]);
    expect(JSON.stringify(german!.pinnedSummary!.json)).toContain('61 Meteore in einer Stunde');
    const english = await liveBlogOf('the-perseids-live', 'en');
    expect(english!.updates[0]!.title).toBe('Dawn, and that is a wrap');
    expect(english!.updates).toHaveLength(6);
  });

  it('names each update’s author, on the update’s line when it does not', async () => {
    write({
      ...TOPICS,
      ...AUTHOR,
      ...PERSEIDS_AUTHOR,
      ...perseids([...DAWN, ...PEAK.filter((line) => !line.includes('author:'))]),
    });
    expect(await problemsOf()).toEqual([
      {
        file: 'articles/the-perseids-live.de.md',
        line: 16,
        message:
          'an update of a translation names its author: author: and the author’s file name, as in the original',
      },
    ]);
    expect(await liveBlogOf('die-perseiden-live', 'de')).toBeNull();
  });
});

describe('what a translation may not do', () => {
  it('name an author or topic with no version in its locale', async () => {
    write({ 'topics/science.de.md': TOPICS['topics/science.de.md'], ...AUTHOR, ...ARTICLE });
    expect(await problemsOf()).toEqual([
      {
        file: 'articles/reading-the-tides.de.md',
        line: 3,
        message: 'its topic nature has no Deutsch version: write topics/nature.de.md',
      },
    ]);
    expect(await german('die-gezeiten-lesen')).toBeNull();
  });

  it('link to a document with no version in its locale', async () => {
    write({
      ...TOPICS,
      ...AUTHOR,
      'articles/reading-the-tides.de.md': `${ARTICLE['articles/reading-the-tides.de.md']}\nMehr dazu: [Trampelpfade](article:desire-paths).\n`,
    });
    const problems = await problemsOf();
    expect(problems).toEqual([
      {
        file: 'articles/reading-the-tides.de.md',
        line: 9,
        message:
          'article:desire-paths has no Deutsch version to link to: translate it, or link to a page in this language',
      },
    ]);
  });

  it('claim a slug another version in its locale has', async () => {
    write({
      ...TOPICS,
      'topics/technology.de.md': '---\nname: Technik\nslug: natur\n---\n\nMaschinen.\n',
    });
    const problems = await problemsOf();
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toMatch(/the slug is already used by another Deutsch version/);
  });

  it.each([
    ['articles/reading-the-tides.fr.md', /"fr" is not one of the site's other locales \(de\)/],
    ['articles/reading-the-tides.en.md', /"en" is not one of the site's other locales/],
    [
      'articles/no-such-article.de.md',
      /a translation of articles\/no-such-article\.md, which is not there/,
    ],
  ])('be %s', (file, message) => {
    folder.write(file, ARTICLE['articles/reading-the-tides.de.md']);
    const { problems } = readContentFolder(folder.dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file, line: 1 });
    expect(problems[0]!.message).toMatch(message);
  });

  it('give what is the original’s (its authors, its dates)', () => {
    folder.write(
      'articles/reading-the-tides.de.md',
      ARTICLE['articles/reading-the-tides.de.md'].replace(
        'slug: die-gezeiten-lesen',
        'slug: die-gezeiten-lesen\nauthors: [eliza-marsh]',
      ),
    );
    const { problems } = readContentFolder(folder.dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'articles/reading-the-tides.de.md', line: 4 });
  });
});
