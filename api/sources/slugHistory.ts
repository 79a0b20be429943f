import type { Database } from '../db/database';
import { isValidSlug } from '../../shared/limits';
import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '../../shared/locales';
import { entryPath, localeOfPath, localePath } from '../../shared/sitePaths';
import type { ContentReader, ContentSource, SourceKind, Translatable } from './contentSource';

/**
 * Addresses that moved (docs/routes.md#addresses-that-moved): every slug a
 * document has had in a locale, whatever the source, kept in Folio's own
 * database (`slug_history`), so that its old addresses answer 301 to where
 * it is now, on every worker and after a restart.
 *
 * - What a document's slug is now is written whenever Folio reads it: each
 *   change a source announces is resolved by reading its records
 *   (api/changes/changeKeys.ts), and the resolving process reads every
 *   published document once when it starts (`recordPublishedSlugs`: the first
 *   sight of a site, and what changed while no Folio ran).
 * - A slug that is no longer its document's stays, marked replaced, naming
 *   the document; a chain of renames leaves each old slug naming the
 *   document, so each one is one hop to where it is now.
 * - One row per slug: a document that takes a slug another left takes that
 *   row, and the address is its own again (no redirect).
 */

export type SluggedType = Translatable['__typename'];

/** A document's slug in one locale, as Folio read it. */
export interface SlugSeen {
  type: SluggedType;
  locale: Locale;
  /** The source's id of the version in that locale (what a reader of that locale reads it by). */
  id: string;
  slug: string;
}

/** A slug its document left: the address that now answers 301. */
export interface SlugLeft {
  type: SluggedType;
  locale: Locale;
  slug: string;
}

/** Rows per statement when the whole site is read at start. */
const BATCH = 500;

/**
 * Writes each document's slug as its current one; the slug it had before,
 * when another, is kept as one it left. Returns the slugs left now (their
 * kept answers, a 404 or the old page, are to be dropped).
 */
export async function recordSlugs(
  db: Database,
  source: SourceKind,
  seen: readonly SlugSeen[],
): Promise<SlugLeft[]> {
  const left: SlugLeft[] = [];
  // One row per document and per slug (a CMS may hold two documents claiming one slug: the last read wins, as it does for readers).
  const unique = [
    ...new Map(
      [
        ...new Map(seen.map((each) => [`${each.type}\0${each.locale}\0${each.id}`, each])).values(),
      ].map((each) => [`${each.type}\0${each.locale}\0${each.slug}`, each]),
    ).values(),
  ];
  for (let start = 0; start < unique.length; start += BATCH) {
    const batch = unique.slice(start, start + BATCH);
    const columns = [
      source,
      batch.map((each) => each.type),
      batch.map((each) => each.locale),
      batch.map((each) => each.id),
      batch.map((each) => each.slug),
    ];
    const { rows } = await db.query<{ record_type: SluggedType; locale: Locale; slug: string }>(
      `UPDATE slug_history h SET replaced_at = now()
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS s (record_type, locale, record_id, slug)
       WHERE h.source = $1 AND h.record_type = s.record_type AND h.locale = s.locale
         AND h.record_id = s.record_id AND h.replaced_at IS NULL AND h.slug <> s.slug
       RETURNING h.record_type, h.locale, h.slug`,
      columns,
    );
    left.push(
      ...rows.map((row) => ({ type: row.record_type, locale: row.locale, slug: row.slug })),
    );
    await db.query(
      `INSERT INTO slug_history (source, record_type, locale, slug, record_id, replaced_at)
       SELECT $1, s.record_type, s.locale, s.slug, s.record_id, NULL
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS s (record_type, locale, record_id, slug)
       ON CONFLICT (source, record_type, locale, slug) DO UPDATE
         SET record_id = excluded.record_id, replaced_at = NULL
         WHERE slug_history.record_id <> excluded.record_id OR slug_history.replaced_at IS NOT NULL`,
      columns,
    );
  }
  return left;
}

/** The id of the document that left `slug` in `locale`, or null: no document had it, or one has it now. */
export async function documentThatLeft(
  db: Database,
  source: SourceKind,
  type: SluggedType,
  locale: Locale,
  slug: string,
): Promise<string | null> {
  if (!isValidSlug(slug)) return null;
  const { rows } = await db.query<{ record_id: string }>(
    `SELECT record_id FROM slug_history
     WHERE source = $1 AND record_type = $2 AND locale = $3 AND slug = $4 AND replaced_at IS NOT NULL`,
    [source, type, locale, slug],
  );
  return rows[0]?.record_id ?? null;
}

const readById = (reader: ContentReader, type: SluggedType, id: string) => {
  switch (type) {
    case 'Article':
      return reader.article({ id });
    case 'Author':
      return reader.author({ id });
    case 'Topic':
      return reader.topic({ id });
    case 'Page':
      return reader.page({ id });
  }
};

/**
 * The document an old address of `locale` names, as `reader` may see it
 * now (its `slug` is where it is), or null: the slug never moved, its
 * document is gone or hidden from this reader, or it is somebody's now.
 */
export async function movedDocument(
  db: Database,
  source: SourceKind,
  reader: ContentReader,
  type: SluggedType,
  locale: Locale,
  slug: string,
): Promise<Translatable | null> {
  const id = await documentThatLeft(db, source, type, locale, slug);
  if (id === null) return null;
  const document = await readById(reader, type, id);
  return document && document.slug !== slug ? document : null;
}

/** The document a path of the site would look up by slug (`/de/articles/x`: an article's `x` in German), or null for any other path. */
export function sluggedPath(
  pathname: string,
): { type: SluggedType; locale: Locale; slug: string } | null {
  const locale = localeOfPath(pathname);
  const rest = locale === DEFAULT_LOCALE ? pathname : pathname.slice(locale.length + 1);
  const parts = rest.split('/').slice(1);
  const [first, second] = parts;
  let found: { type: SluggedType; slug: string } | null = null;
  if (parts.length === 2 && second) {
    const type = ({ articles: 'Article', topics: 'Topic', authors: 'Author' } as const)[
      first as 'articles'
    ];
    found = type ? { type, slug: second } : null;
  } else if (parts.length === 1 && first) found = { type: 'Page', slug: first };
  return found && isValidSlug(found.slug) ? { ...found, locale } : null;
}

/** Where a document that moved is now: its path in the locale, with the query it was asked with. */
export function movedLocation(document: Translatable, locale: Locale, search: string): string {
  return `${localePath(locale, entryPath(document.__typename, document.slug)!)}${search}`;
}

/**
 * Every document readers see now, in every locale, read from the source's
 * crawl (what the sitemap lists) and written as current (recordSlugs):
 * run by the resolving process when it starts, so that a site seen for the
 * first time has its slugs, and a rename made while no Folio listened
 * (a CMS's webhook nobody heard) still leaves its old address answering.
 * Returns the slugs left since they were last read.
 */
export async function recordPublishedSlugs(
  db: Database,
  source: ContentSource,
): Promise<SlugLeft[]> {
  const left: SlugLeft[] = [];
  for (const locale of LOCALE_CODES) {
    const overview = await source.publishedOverview(locale);
    const listed: Omit<SlugSeen, 'locale'>[] = [
      ...overview.pages.map(({ id, slug }) => ({ type: 'Page' as const, id, slug })),
      ...overview.topics.map(({ id, slug }) => ({ type: 'Topic' as const, id, slug })),
      ...overview.authors.map(({ id, slug }) => ({ type: 'Author' as const, id, slug })),
    ];
    for (let from = 0; ; from += BATCH) {
      const articles = await source.publishedArticles(from, BATCH, locale);
      listed.push(...articles.map(({ id, slug }) => ({ type: 'Article' as const, id, slug })));
      if (articles.length < BATCH) break;
    }
    left.push(
      ...(await recordSlugs(
        db,
        source.kind,
        listed.map((each) => ({ ...each, locale })),
      )),
    );
  }
  return left;
}
