import type { Database } from './database';
import { DEFAULT_LOCALE } from '../../shared/locales';

/**
 * The schema, in SQL that PostgreSQL 15 (Debian's) and PGlite both accept.
 * Idempotent: safe to run on every start. Servers starting together run it
 * one at a time, under an advisory lock (api/publishing/prepareDatabase.ts): concurrent
 * `CREATE TABLE IF NOT EXISTS` is not safe on PostgreSQL (two sessions both
 * find the table missing, and one fails on pg_type_typname_nsp_index).
 *
 * Why not a migration tool (node-pg-migrate, graphile-migrate, …), decided
 * for issue 12: not yet.
 * - The schema is one file of additive, idempotent DDL that both stores run
 *   as it is. node-pg-migrate and graphile-migrate expect a `pg` connection
 *   (PGlite, the embedded default, is not one without a socket bridge), and
 *   graphile-migrate's workflow wants a shadow database and pg_dump — a
 *   second toolchain for a schema this size, on every developer's machine.
 * - What a tool would add for safety — a lock so that one server migrates at
 *   a time — prepare.ts now does with the same mechanism node-pg-migrate uses
 *   (pg_advisory_lock).
 * - What this file cannot do is a change that is not idempotent or not
 *   additive: renaming or retyping a column, a backfill, a data fix. The
 *   first such change is the moment to switch to numbered migrations (a
 *   `schema_migrations` table of applied versions, each migration run once
 *   in a transaction under the same lock) — node-pg-migrate if it can be
 *   given PGlite as its client by then, or a small runner of our own. Until
 *   then, keep changes backward compatible (expand, then contract), because
 *   during a rolling deploy old and new servers run over the same schema.
 */
export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS assets (
  id serial PRIMARY KEY,
  key text NOT NULL UNIQUE,
  file text NOT NULL,
  alt text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  content_type text NOT NULL,
  version text NOT NULL
);

CREATE TABLE IF NOT EXISTS authors (
  id serial PRIMARY KEY,
  slug text NOT NULL,
  name text NOT NULL,
  bio text NOT NULL,
  avatar_id integer REFERENCES assets (id)
);

CREATE TABLE IF NOT EXISTS topics (
  id serial PRIMARY KEY,
  slug text NOT NULL,
  name text NOT NULL,
  description text NOT NULL
);

CREATE TABLE IF NOT EXISTS articles (
  id serial PRIMARY KEY,
  slug text NOT NULL,
  title text NOT NULL,
  summary text NOT NULL,
  body jsonb NOT NULL,
  body_text text NOT NULL,
  status text NOT NULL CHECK (status IN ('DRAFT', 'PUBLISHED', 'ARCHIVED')),
  published_at timestamptz,
  updated_at timestamptz NOT NULL,
  hero_image_id integer REFERENCES assets (id),
  seo_title text,
  seo_description text,
  seo_image_id integer REFERENCES assets (id),
  reading_time_minutes integer NOT NULL,
  helpful_count integer NOT NULL DEFAULT 0,
  not_helpful_count integer NOT NULL DEFAULT 0,
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', title), 'A') ||
    setweight(to_tsvector('english', summary), 'B') ||
    setweight(to_tsvector('english', body_text), 'C')
  ) STORED
);
-- (Locales, below, replace search_vector by one in each row's own language.)
CREATE INDEX IF NOT EXISTS articles_newest ON articles (published_at DESC, id DESC);
-- Readers' lists and counts: the published articles, newest first. Counting
-- them reads this index alone (an index-only scan) instead of every row.
CREATE INDEX IF NOT EXISTS articles_published ON articles (published_at DESC, id DESC) WHERE status = 'PUBLISHED';
CREATE INDEX IF NOT EXISTS articles_search ON articles USING gin (search_vector);

CREATE TABLE IF NOT EXISTS article_authors (
  article_id integer NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  author_id integer NOT NULL REFERENCES authors (id),
  position integer NOT NULL,
  PRIMARY KEY (article_id, author_id)
);
CREATE INDEX IF NOT EXISTS article_authors_by_author ON article_authors (author_id, article_id);

CREATE TABLE IF NOT EXISTS article_topics (
  article_id integer NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  topic_id integer NOT NULL REFERENCES topics (id),
  position integer NOT NULL,
  PRIMARY KEY (article_id, topic_id)
);
CREATE INDEX IF NOT EXISTS article_topics_by_topic ON article_topics (topic_id, article_id);

CREATE TABLE IF NOT EXISTS embeds (
  id serial PRIMARY KEY,
  key text NOT NULL UNIQUE,
  type text NOT NULL CHECK (type IN ('CodeBlock', 'PullQuote')),
  data jsonb NOT NULL
);

CREATE TABLE IF NOT EXISTS pages (
  id serial PRIMARY KEY,
  slug text NOT NULL,
  title text NOT NULL,
  status text NOT NULL CHECK (status IN ('DRAFT', 'PUBLISHED', 'ARCHIVED')),
  updated_at timestamptz NOT NULL,
  seo_title text,
  seo_description text,
  seo_image_id integer REFERENCES assets (id),
  blocks jsonb NOT NULL
);

CREATE TABLE IF NOT EXISTS site (
  id integer PRIMARY KEY,
  data jsonb NOT NULL
);

CREATE TABLE IF NOT EXISTS newsletter_subscriptions (
  email text PRIMARY KEY,
  subscribed_at timestamptz NOT NULL DEFAULT now()
);

-- The ids each document names (rich-text links and embeds, page blocks'
-- images), kept by PostgreSQL itself: what a reader may see of assets and
-- embeds follows from what visible documents show (api/sources/embedded/visibility.ts).
ALTER TABLE articles ADD COLUMN IF NOT EXISTS body_refs jsonb GENERATED ALWAYS AS (jsonb_path_query_array(body, 'lax $.**.target.sys.id')) STORED;
ALTER TABLE pages ADD COLUMN IF NOT EXISTS block_refs jsonb GENERATED ALWAYS AS (jsonb_path_query_array(blocks, 'lax $.**.imageId') || jsonb_path_query_array(blocks, 'lax $.**.target.sys.id')) STORED;
CREATE INDEX IF NOT EXISTS articles_body_refs ON articles USING gin (body_refs jsonb_path_ops);
CREATE INDEX IF NOT EXISTS articles_by_hero_image ON articles (hero_image_id);
CREATE INDEX IF NOT EXISTS articles_by_seo_image ON articles (seo_image_id);

-- Per-client budgets (api/readerData/rateLimits.ts): one row per budget, client
-- and fixed window, counted up atomically so that every worker and machine
-- over this database shares them.
CREATE TABLE IF NOT EXISTS rate_limit_windows (
  budget text NOT NULL,
  client text NOT NULL,
  window_start timestamptz NOT NULL,
  used integer NOT NULL,
  PRIMARY KEY (budget, client, window_start)
);
CREATE INDEX IF NOT EXISTS rate_limit_windows_by_start ON rate_limit_windows (window_start);
DROP TABLE IF EXISTS newsletter_attempts;

-- Readers' votes, whatever the content source (api/readerData/votes.ts): keyed by
-- the source and the article's id there. The embedded articles' own counts
-- (articles.helpful_count, no longer read) are carried over once.
CREATE TABLE IF NOT EXISTS article_votes (
  source text NOT NULL,
  article_id text NOT NULL,
  helpful integer NOT NULL DEFAULT 0,
  not_helpful integer NOT NULL DEFAULT 0,
  PRIMARY KEY (source, article_id)
);
INSERT INTO article_votes (source, article_id, helpful, not_helpful)
  SELECT 'embedded', id::text, helpful_count, not_helpful_count FROM articles WHERE helpful_count + not_helpful_count > 0
  ON CONFLICT DO NOTHING;

-- A CMS source's search index (api/sources/cms/searchIndex.ts): the published
-- articles' words, fed from the source, ranked and highlighted by PostgreSQL.
CREATE TABLE IF NOT EXISTS search_entries (
  source text NOT NULL,
  article_id text NOT NULL,
  slug text NOT NULL,
  title text NOT NULL,
  summary text NOT NULL,
  body_text text NOT NULL,
  published_at timestamptz,
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', title), 'A') ||
    setweight(to_tsvector('english', summary), 'B') ||
    setweight(to_tsvector('english', body_text), 'C')
  ) STORED,
  PRIMARY KEY (source, article_id)
);
CREATE INDEX IF NOT EXISTS search_entries_vector ON search_entries USING gin (search_vector);

-- What was last published from content/ (api/publishing/, issue 21): one row
-- per record (an article, an asset of assets.yaml, the site) with the hash of
-- what it was read from, so that an unchanged file costs nothing; the line
-- that names it and the records it names (refs: [{id: "<kind>:<key>", line}]),
-- so the whole folder is checked without reading unchanged files again. A
-- record in a table with no row here (seed:generate's articles) was never
-- published from a file, and a publish leaves it alone.
CREATE TABLE IF NOT EXISTS content_records (
  kind text NOT NULL,
  key text NOT NULL,
  file text NOT NULL,
  line integer NOT NULL,
  hash text NOT NULL,
  refs jsonb NOT NULL,
  PRIMARY KEY (kind, key)
);

-- ==== Content changes (api/changes/, issue 21) — additive, idempotent ====
-- A change or its keys too long for one NOTIFY (8,000 bytes) travel in a row
-- named by the notification (api/changes/notifications.ts); rows older than a
-- day are deleted as new ones are written.
CREATE TABLE IF NOT EXISTS content_change_messages (
  id bigserial PRIMARY KEY,
  channel text NOT NULL,
  message jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS content_change_messages_by_age ON content_change_messages (created_at);
-- What each record touched when last changed (its slugs, the lists it was in,
-- the images it showed): a CMS's delete arrives without the entry, and still
-- purges what the entry was in (api/changes/changeKeys.ts).
CREATE TABLE IF NOT EXISTS content_record_keys (
  source text NOT NULL,
  record_type text NOT NULL,
  record_id text NOT NULL,
  touches jsonb NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (source, record_type, record_id)
);
-- Every change announced, in order (api/changes/changeLog.ts): the process
-- that purges resolves each one after the last it resolved (the cursor), so a
-- change whose notification was not heard (a listener reconnecting after a
-- database outage, a process taking over purging, every server down while
-- content was published) is still dropped everywhere and purged at the CDN.
-- Rows older than a day are deleted as new ones are written.
CREATE TABLE IF NOT EXISTS content_change_log (
  id bigserial PRIMARY KEY,
  source text NOT NULL,
  change jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS content_change_log_by_source ON content_change_log (source, id);
CREATE INDEX IF NOT EXISTS content_change_log_by_age ON content_change_log (created_at);
CREATE TABLE IF NOT EXISTS content_change_cursor (
  source text PRIMARY KEY,
  resolved_id bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- ==== end of content changes ====

-- ==== Locales (docs/decisions.md#locales) — idempotent ====
-- A translation is a row of its own in its locale (its own id, slug and
-- relations to the same locale's authors and topics), naming the default
-- locale's row it translates (original_id). Slugs are unique per locale.
ALTER TABLE articles ADD COLUMN IF NOT EXISTS locale text NOT NULL DEFAULT '${DEFAULT_LOCALE}';
ALTER TABLE articles ADD COLUMN IF NOT EXISTS original_id integer REFERENCES articles (id) ON DELETE CASCADE;
ALTER TABLE authors ADD COLUMN IF NOT EXISTS locale text NOT NULL DEFAULT '${DEFAULT_LOCALE}';
ALTER TABLE authors ADD COLUMN IF NOT EXISTS original_id integer REFERENCES authors (id) ON DELETE CASCADE;
ALTER TABLE topics ADD COLUMN IF NOT EXISTS locale text NOT NULL DEFAULT '${DEFAULT_LOCALE}';
ALTER TABLE topics ADD COLUMN IF NOT EXISTS original_id integer REFERENCES topics (id) ON DELETE CASCADE;
ALTER TABLE pages ADD COLUMN IF NOT EXISTS locale text NOT NULL DEFAULT '${DEFAULT_LOCALE}';
ALTER TABLE pages ADD COLUMN IF NOT EXISTS original_id integer REFERENCES pages (id) ON DELETE CASCADE;
ALTER TABLE site ADD COLUMN IF NOT EXISTS locale text NOT NULL DEFAULT '${DEFAULT_LOCALE}';
ALTER TABLE site DROP CONSTRAINT IF EXISTS site_id_check;
ALTER TABLE articles DROP CONSTRAINT IF EXISTS articles_slug_key;
ALTER TABLE authors DROP CONSTRAINT IF EXISTS authors_slug_key;
ALTER TABLE topics DROP CONSTRAINT IF EXISTS topics_slug_key;
ALTER TABLE pages DROP CONSTRAINT IF EXISTS pages_slug_key;
CREATE UNIQUE INDEX IF NOT EXISTS articles_by_locale_slug ON articles (locale, slug);
CREATE UNIQUE INDEX IF NOT EXISTS authors_by_locale_slug ON authors (locale, slug);
CREATE UNIQUE INDEX IF NOT EXISTS topics_by_locale_slug ON topics (locale, slug);
CREATE UNIQUE INDEX IF NOT EXISTS pages_by_locale_slug ON pages (locale, slug);
CREATE UNIQUE INDEX IF NOT EXISTS site_by_locale ON site (locale);
-- One version per document and locale (what a translation's publish upserts on).
CREATE UNIQUE INDEX IF NOT EXISTS articles_version ON articles (locale, original_id) WHERE original_id IS NOT NULL;
CREATE UNIQUE INDEX IF NOT EXISTS authors_version ON authors (locale, original_id) WHERE original_id IS NOT NULL;
CREATE UNIQUE INDEX IF NOT EXISTS topics_version ON topics (locale, original_id) WHERE original_id IS NOT NULL;
CREATE UNIQUE INDEX IF NOT EXISTS pages_version ON pages (locale, original_id) WHERE original_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS articles_translations ON articles (original_id) WHERE original_id IS NOT NULL;
-- Readers' lists per locale, newest first (as articles_published, per locale).
CREATE INDEX IF NOT EXISTS articles_published_by_locale ON articles (locale, published_at DESC, id DESC) WHERE status = 'PUBLISHED';
-- Alt text in other locales, by locale (images themselves are not localized).
ALTER TABLE assets ADD COLUMN IF NOT EXISTS alt_by_locale jsonb NOT NULL DEFAULT '{}';
-- Each row searched with its own language's stemming (shared/locales.ts: textSearch).
ALTER TABLE articles ADD COLUMN IF NOT EXISTS text_search regconfig NOT NULL DEFAULT 'english';
DO $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM pg_attribute a JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attrelid = 'articles'::regclass AND a.attname = 'search_vector'
      AND pg_get_expr(d.adbin, d.adrelid) LIKE '%text_search%'
  ) THEN
    ALTER TABLE articles DROP COLUMN IF EXISTS search_vector;
    ALTER TABLE articles ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector(text_search, title), 'A') ||
      setweight(to_tsvector(text_search, summary), 'B') ||
      setweight(to_tsvector(text_search, body_text), 'C')
    ) STORED;
    CREATE INDEX IF NOT EXISTS articles_search ON articles USING gin (search_vector);
  END IF;
END $$;
-- ==== end of locales ====

-- Secrets every server over this database shares, made once by the first to
-- ask (api/db/serverSecrets.ts): the key preview links are signed with.
CREATE TABLE IF NOT EXISTS server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL
);

-- ==== A CMS's search index per locale (api/sources/cms/searchIndex.ts) ====
-- One row per version of an article (its locale), stemmed with that locale's
-- text-search configuration (shared/locales.ts: textSearch). Rows written
-- before are the default locale's, in English.
ALTER TABLE search_entries ADD COLUMN IF NOT EXISTS locale text NOT NULL DEFAULT 'en';
ALTER TABLE search_entries ADD COLUMN IF NOT EXISTS text_search regconfig NOT NULL DEFAULT 'english';
DO $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM pg_attribute a JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attrelid = 'search_entries'::regclass AND a.attname = 'search_vector'
      AND pg_get_expr(d.adbin, d.adrelid) LIKE '%text_search%'
  ) THEN
    ALTER TABLE search_entries DROP COLUMN IF EXISTS search_vector;
    ALTER TABLE search_entries ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector(text_search, title), 'A') ||
      setweight(to_tsvector(text_search, summary), 'B') ||
      setweight(to_tsvector(text_search, body_text), 'C')
    ) STORED;
    CREATE INDEX IF NOT EXISTS search_entries_vector ON search_entries USING gin (search_vector);
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
    WHERE i.indrelid = 'search_entries'::regclass AND i.indisprimary AND a.attname = 'locale'
  ) THEN
    ALTER TABLE search_entries DROP CONSTRAINT IF EXISTS search_entries_pkey;
    ALTER TABLE search_entries ADD PRIMARY KEY (source, locale, article_id);
  END IF;
END $$;
-- ==== end of a CMS's search index per locale ====

-- ==== Addresses that moved (api/sources/slugHistory.ts, issue 39) — additive, idempotent ====
-- Every slug a document has had in a locale, for any source: its current one
-- (replaced_at null) and those it left (replaced_at set), which answer 301 to
-- where it is now (docs/routes.md#addresses-that-moved). One row per slug: a
-- document that takes a slug another left takes its row, and the old
-- address is its own again. record_id is the source's id of the version in
-- that locale (what a reader of the locale reads it by).
CREATE TABLE IF NOT EXISTS slug_history (
  source text NOT NULL,
  record_type text NOT NULL,
  locale text NOT NULL,
  slug text NOT NULL,
  record_id text NOT NULL,
  replaced_at timestamptz,
  PRIMARY KEY (source, record_type, locale, slug)
);
CREATE INDEX IF NOT EXISTS slug_history_by_record ON slug_history (source, record_type, locale, record_id) WHERE replaced_at IS NULL;
-- ==== end of addresses that moved ====

-- ==== Live blogs (docs/content-model.md#live-blogs, issue 40) — additive, idempotent ====
-- An article that is a live blog keeps its coverage, pinned summary and
-- updates (newest first) in live_blog, its content keys replaced by ids as in
-- a body (authorId, global ids in the rich text); null for any other article.
-- live_refs are the ids its rich text names, as body_refs are the body's: an
-- image or embed an update shows is visible when the article is.
ALTER TABLE articles ADD COLUMN IF NOT EXISTS live_blog jsonb;
ALTER TABLE articles ADD COLUMN IF NOT EXISTS live_refs jsonb GENERATED ALWAYS AS (jsonb_path_query_array(live_blog, 'lax $.**.target.sys.id')) STORED;
CREATE INDEX IF NOT EXISTS articles_live_refs ON articles USING gin (live_refs jsonb_path_ops) WHERE live_refs IS NOT NULL;
-- ==== end of live blogs ====
`;

export async function migrate(db: Database): Promise<void> {
  await db.exec(SCHEMA_SQL);
}
