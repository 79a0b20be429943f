import { MAX_FIRST } from '../../shared/limits';
import type { Database } from '../db/database';
import type {
  ContentReader,
  ContentSource,
  ListPage,
  SourceKind,
  Translatable,
} from '../sources/contentSource';
import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '../../shared/locales';
import {
  ARTICLES_KEY,
  authorArticlesKey,
  AUTHORS_KEY,
  recordKey,
  SEARCH_KEY,
  SITEMAP_KEY,
  SITE_KEY,
  inLocaleKey,
  versionsKey,
  slugKey,
  topicArticlesKey,
  TOPICS_KEY,
  type SluggedType,
} from '../caches/cacheKeys';
import type { ChangedRecord, ContentChange } from './contentChange';
import { recordSlugs } from '../sources/slugHistory';

/** What one change drops in every process and purges at the CDN. */
export interface ResolvedChange {
  source: SourceKind;
  /** Cache keys (api/caches/cacheKeys.ts). */
  keys: string[];
  /** Image files the changed records show: their visibility may have changed. */
  files: string[];
}

/**
 * A change resolved as far as the source could be read. When it could not
 * (a CMS down, slow or limiting at the moment of its webhook), `unread` says
 * so: the keys are then what Folio knew without it (each record's own key,
 * what it touched before, every list its kind is in), and the change is
 * resolved again later for what the record touches now (a new slug, a new
 * topic).
 */
export interface Resolution {
  resolved: ResolvedChange;
  unread: boolean;
}

/** What a record touches now: read, gone from the source, in another language, or not known (the source could not be read). */
type TouchesNow = RecordTouches | null | typeof OTHER_LOCALE | 'unread';

/**
 * What a record touches, kept in `content_record_keys`: its own slug keys,
 * the lists it is in, the image files it shows. A change drops what the
 * record touched before and touches now, so an article that moved from one
 * topic to another refreshes both; a record deleted in a CMS (whose webhook
 * carries no content) still refreshes what it was in.
 */
export interface RecordTouches {
  own: string[];
  lists: string[];
  files: string[];
  /** An article's, author's, topic's or page's slug in the locale read (api/sources/slugHistory.ts keeps where it was before). */
  slug?: string;
}

/** Topic and author directories read at most this far when an unknown article is deleted (MAX_FIRST a page). */
const DIRECTORY_PAGES = 40;

const union = (...lists: Iterable<string>[]) => [...new Set(lists.flatMap((list) => [...list]))];
const without = (list: readonly string[], other: readonly string[]) =>
  list.filter((item) => !other.includes(item));

/**
 * The keys a change drops (docs/publishing.md#change-events-and-freshness): each record's own key, what it touched
 * before (`content_record_keys`) and touches now (read from the source as
 * readers see it, or as a draft when readers no longer do, so an unpublished
 * record still says what it was in), and the lists
 * its kind is in when `listsChanged`. Lists it entered or left are dropped
 * even when the announcer said lists did not change. Updates the record
 * index. Run by one process per change (the one that purges the CDN).
 */
export async function resolveChange(
  change: ContentChange,
  db: Database,
  source: ContentSource,
): Promise<Resolution> {
  const readers = new Map(
    LOCALE_CODES.map((locale) => [
      locale,
      {
        published: source.reader({ preview: false, locale }),
        drafts: source.reader({ preview: true, locale }),
      },
    ]),
  );
  // Each record in the language the change names, or in every language when it names none (a Contentful webhook, the schedule).
  const versions = [
    ...new Map(
      change.records
        .flatMap((record) =>
          (record.locale ? [record.locale] : LOCALE_CODES).map((locale) => ({ record, locale })),
        )
        .map((version) => [touchesId(version.record, version.locale), version]),
    ).values(),
  ];
  const before = await touchesBefore(db, change.source, versions);
  // What readers see first: a draft may already sit in other topics than its published version.
  // Then the draft (unpublished, scheduled); a source that cannot read drafts (no preview token) says nothing more.
  const now = await Promise.all(
    versions.map(async ({ record, locale }): Promise<TouchesNow> => {
      const read = readers.get(locale)!;
      try {
        return (
          (await touchesNow(read.published, record, locale)) ??
          (await touchesNow(read.drafts, record, locale).catch(() => null))
        );
      } catch {
        return 'unread';
      }
    }),
  );
  const keys = new Set<string>();
  const files = new Set<string>();
  let unread = now.includes('unread');
  const unknownArticleGone = new Set<Locale>();
  versions.forEach(({ record, locale }, index) => {
    const was = before.get(touchesId(record, locale)) ?? null;
    const read = now[index] ?? null;
    // A record that is not in this language (the embedded source's rows are each in one): nothing of it here.
    if (read === OTHER_LOCALE) return;
    const is = read === 'unread' ? null : read;
    // Not read: every list its kind is in may have changed.
    const listsChanged = change.listsChanged || read === 'unread';
    keys.add(
      record.type === 'Site' ? inLocaleKey(SITE_KEY, locale) : recordKey(record.type, record.id),
    );
    for (const key of union(was?.own ?? [], is?.own ?? [])) keys.add(key);
    const lists = listsChanged
      ? union(was?.lists ?? [], is?.lists ?? [])
      : union(
          without(was?.lists ?? [], is?.lists ?? []),
          without(is?.lists ?? [], was?.lists ?? []),
        );
    for (const key of lists) keys.add(key);
    for (const file of union(was?.files ?? [], is?.files ?? [])) files.add(file);
    // The sitemap lists every language's URLs: one key for all.
    for (const key of kindKeys(record.type, listsChanged))
      keys.add(key === SITEMAP_KEY ? key : inLocaleKey(key, locale));
    if (record.type === 'Article' && was === null && is === null && listsChanged)
      unknownArticleGone.add(locale);
  });
  // An article Folio never learnt the lists of: every topic's and author's list of its language may hold it.
  for (const locale of unknownArticleGone) {
    try {
      for (const key of await everyArticleList(readers.get(locale)!.published))
        keys.add(inLocaleKey(key, locale));
    } catch {
      unread = true;
    }
  }
  // Where each document is now, before its keys go out: the address it left answers 301 once they are dropped.
  for (const key of await rememberSlugs(db, change.source, versions, now)) keys.add(key);
  await rememberTouches(db, change.source, versions, now);
  return { resolved: { source: change.source, keys: [...keys], files: [...files] }, unread };
}

/**
 * Each document's slug as read now (api/sources/slugHistory.ts); the keys
 * of the slugs they left, whose kept answers (the old page, a 404) are now
 * a 301 to where they moved, even for a document whose earlier keys Folio
 * never kept.
 */
async function rememberSlugs(
  db: Database,
  source: SourceKind,
  versions: RecordVersion[],
  now: TouchesNow[],
): Promise<string[]> {
  const seen = versions.flatMap(({ record, locale }, index) => {
    const read = now[index];
    return typeof read === 'object' && read?.slug !== undefined && isSlugged(record.type)
      ? [{ type: record.type, locale, id: record.id, slug: read.slug }]
      : [];
  });
  if (seen.length === 0) return [];
  const left = await recordSlugs(db, source, seen);
  return left.flatMap(({ type, locale, slug }) => {
    const key = slugKey(type, slug);
    return key === null ? [] : [inLocaleKey(key, locale)];
  });
}

const isSlugged = (type: ChangedRecord['type']): type is SluggedType =>
  type === 'Article' || type === 'Author' || type === 'Topic' || type === 'Page';

/** Keys a change of one kind of record includes whatever the record is (in the record's language: see inLocaleKey). */
function kindKeys(type: ChangedRecord['type'], listsChanged: boolean): string[] {
  switch (type) {
    case 'Article':
      // Search results show titles and summaries, and an edit can make an article match a search it did not.
      return listsChanged ? [ARTICLES_KEY, SEARCH_KEY, SITEMAP_KEY] : [SEARCH_KEY, SITEMAP_KEY];
    case 'Topic':
      return listsChanged ? [TOPICS_KEY, SITEMAP_KEY] : [SITEMAP_KEY];
    case 'Author':
      return listsChanged ? [AUTHORS_KEY, SITEMAP_KEY] : [SITEMAP_KEY];
    case 'Page':
      return [SITEMAP_KEY];
    case 'Site':
    case 'Asset':
    case 'Embed':
    case 'Block':
      return [];
  }
}

/** touchesNow's answer for a record that is in another language than the one asked (its row says so). */
export const OTHER_LOCALE = 'other-locale';

/**
 * What the record touches now in `locale`, read from the source: its slug's
 * and its lists' keys in that language, the key of its versions, the files
 * it shows; null when the source no longer has it, OTHER_LOCALE when what the
 * reader found is in another language.
 */
export async function touchesNow(
  reader: ContentReader,
  record: ChangedRecord,
  locale: Locale = DEFAULT_LOCALE,
): Promise<RecordTouches | null | typeof OTHER_LOCALE> {
  const fileOf = async (assetId: string | null) =>
    assetId === null
      ? null
      : ((await reader.asset(assetId, { namedByVisibleDocument: true }))?.file ?? null);
  const files = async (...assetIds: (string | null)[]) =>
    (await Promise.all(assetIds.map(fileOf))).filter((file): file is string => file !== null);
  const here = (key: string) => inLocaleKey(key, locale);
  const own = (type: SluggedType, document: Translatable) =>
    [slugKey(type, document.slug)]
      .filter((key): key is string => key !== null)
      .map(here)
      .concat(versionsKey(type, document.documentId ?? document.id));
  const elsewhere = (document: Translatable) => (document.locale ?? DEFAULT_LOCALE) !== locale;
  const by = { id: record.id };
  switch (record.type) {
    case 'Article': {
      const article = await reader.article(by);
      if (!article) return null;
      if (elsewhere(article)) return OTHER_LOCALE;
      const [topics, authors, shown] = await Promise.all([
        reader.topicsOf(article),
        reader.authorsOf(article),
        files(article.heroImageId, article.seo.imageId),
      ]);
      return {
        own: own('Article', article),
        slug: article.slug,
        lists: [
          ...topics.map((topic) => here(topicArticlesKey(topic.id))),
          ...authors.map((author) => here(authorArticlesKey(author.id))),
        ],
        files: shown,
      };
    }
    case 'Author': {
      const author = await reader.author(by);
      if (!author) return null;
      if (elsewhere(author)) return OTHER_LOCALE;
      return {
        own: own('Author', author),
        slug: author.slug,
        lists: [],
        files: await files(author.avatarId),
      };
    }
    case 'Topic': {
      const topic = await reader.topic(by);
      if (!topic) return null;
      if (elsewhere(topic)) return OTHER_LOCALE;
      return { own: own('Topic', topic), slug: topic.slug, lists: [], files: [] };
    }
    case 'Page': {
      const page = await reader.page(by);
      if (!page) return null;
      if (elsewhere(page)) return OTHER_LOCALE;
      return {
        own: own('Page', page),
        slug: page.slug,
        lists: [],
        files: await files(page.seo.imageId),
      };
    }
    case 'Asset': {
      const asset = await reader.asset(record.id, { namedByVisibleDocument: true });
      return asset && { own: [], lists: [], files: [asset.file] };
    }
    case 'Site':
      return { own: [], lists: [], files: [] };
    case 'Embed':
    case 'Block':
      // Every answer that shows one carries its own key (partKey), whatever document shows it: nothing more to know, now or when it is deleted.
      return null;
  }
}

/** Every topic's and author's list key, from the published directories of a reader's language. */
async function everyArticleList(reader: ContentReader): Promise<string[]> {
  const keys: string[] = [];
  for (const [list, keyOf] of [
    [(after: string | null) => reader.topics({ first: MAX_FIRST, after }), topicArticlesKey],
    [(after: string | null) => reader.authors({ first: MAX_FIRST, after }), authorArticlesKey],
  ] as const) {
    let after: string | null = null;
    for (let page = 0; page < DIRECTORY_PAGES; page += 1) {
      const result: ListPage<{ id: string }> = await list(after);
      keys.push(...result.nodes.map((node) => keyOf(node.id)));
      if (!result.hasNextPage || result.cursors.length === 0) break;
      after = result.cursors.at(-1)!;
    }
  }
  return keys;
}

/** A record in one language, as content_record_keys keeps it: its id, with `@<locale>` in another than the default. */
interface RecordVersion {
  record: ChangedRecord;
  locale: Locale;
}
const touchesId = (record: ChangedRecord, locale: Locale) =>
  `${record.type}:${inLocaleKey(record.id, locale)}`;

async function touchesBefore(
  db: Database,
  source: SourceKind,
  versions: RecordVersion[],
): Promise<Map<string, RecordTouches>> {
  if (versions.length === 0) return new Map();
  const { rows } = await db.query<{
    record_type: string;
    record_id: string;
    touches: RecordTouches | string;
  }>(
    `SELECT k.record_type, k.record_id, k.touches FROM content_record_keys k
     JOIN unnest($2::text[], $3::text[]) AS r (record_type, record_id) ON k.record_type = r.record_type AND k.record_id = r.record_id
     WHERE k.source = $1`,
    [
      source,
      versions.map(({ record }) => record.type),
      versions.map(({ record, locale }) => inLocaleKey(record.id, locale)),
    ],
  );
  return new Map(
    rows.map((row) => [
      `${row.record_type}:${row.record_id}`,
      typeof row.touches === 'string' ? (JSON.parse(row.touches) as RecordTouches) : row.touches,
    ]),
  );
}

/** Keeps what each record touches now in each language; forgets those the source no longer has; leaves those it could not read as they were. */
async function rememberTouches(
  db: Database,
  source: SourceKind,
  versions: RecordVersion[],
  touches: TouchesNow[],
): Promise<void> {
  const kept = versions.flatMap(({ record, locale }, index) => {
    const read = touches[index];
    return read && read !== 'unread' && read !== OTHER_LOCALE
      ? [{ record: { ...record, id: inLocaleKey(record.id, locale) }, touches: read }]
      : [];
  });
  const gone = versions
    .filter((_, index) => touches[index] === null)
    .map(({ record, locale }) => ({ ...record, id: inLocaleKey(record.id, locale) }));
  if (kept.length > 0) {
    await db.query(
      `INSERT INTO content_record_keys (source, record_type, record_id, touches, updated_at)
       SELECT $1, r.record_type, r.record_id, r.touches::jsonb, now() FROM unnest($2::text[], $3::text[], $4::text[]) AS r (record_type, record_id, touches)
       ON CONFLICT (source, record_type, record_id) DO UPDATE SET touches = excluded.touches, updated_at = excluded.updated_at`,
      [
        source,
        kept.map((each) => each.record.type),
        kept.map((each) => each.record.id),
        kept.map((each) => JSON.stringify(each.touches)),
      ],
    );
  }
  if (gone.length > 0) {
    await db.query(
      `DELETE FROM content_record_keys k USING unnest($2::text[], $3::text[]) AS r (record_type, record_id)
       WHERE k.source = $1 AND k.record_type = r.record_type AND k.record_id = r.record_id`,
      [source, gone.map((record) => record.type), gone.map((record) => record.id)],
    );
  }
}
