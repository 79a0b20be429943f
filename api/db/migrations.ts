import type { Database } from './database';

/**
 * The schema, in SQL that PostgreSQL 15 (Debian's) and PGlite both accept.
 * Idempotent: safe to run on every start.
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
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  bio text NOT NULL,
  avatar_id integer REFERENCES assets (id)
);

CREATE TABLE IF NOT EXISTS topics (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL
);

CREATE TABLE IF NOT EXISTS articles (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
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
  slug text NOT NULL UNIQUE,
  title text NOT NULL,
  status text NOT NULL CHECK (status IN ('DRAFT', 'PUBLISHED', 'ARCHIVED')),
  updated_at timestamptz NOT NULL,
  seo_title text,
  seo_description text,
  seo_image_id integer REFERENCES assets (id),
  blocks jsonb NOT NULL
);

CREATE TABLE IF NOT EXISTS site (
  id integer PRIMARY KEY CHECK (id = 1),
  data jsonb NOT NULL
);

CREATE TABLE IF NOT EXISTS newsletter_subscriptions (
  email text PRIMARY KEY,
  subscribed_at timestamptz NOT NULL DEFAULT now()
);

-- Per-client budgets (api/schema/rateLimits.ts): one row per budget, client
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
`;

export async function migrate(db: Database): Promise<void> {
  await db.exec(SCHEMA_SQL);
}
