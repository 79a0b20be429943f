import { inTransaction, type Database } from '../db/database';
import { holdUntilCommit, PUBLISH_LOCK } from '../db/locks';
import { type ContentFiles } from '../model/contentFiles';
import type { KnownRecord } from '../model/rememberedRecords';
import { CONTENT_DIR } from '../../settings/contentDir';
import { refreshStatistics } from '../sources/embedded/writes/plannerStatistics';
import { readKnown } from '../sources/embedded/writes/recordMemory';
import {
  CONTENT_LAYOUT,
  contentHash,
  namedBy,
  scanContentFolder,
  type ContentRecord,
  type RecordKind,
  type RecordValues,
} from './contentFolder';
import { planPublish, type Plan, type Scan } from './publishPlan';
import { planOffThread } from './planOffThread';
import { writePlan, type PublishSummary } from './writePlan';
import { ContentRejected } from './problems';
import { publishDuration, publishProblems, type PublishOutcome } from '../observability/metrics';
import { inSpan } from '../observability/tracing';

export interface PublishOptions {
  /** The folder (default content/). */
  dir?: string;
  /**
   * Announce the change to every cache (default true). The first seed of an
   * empty database does not: nothing can have kept anything of it yet.
   */
  announce?: boolean;
  /**
   * Refresh the planner's statistics (ANALYZE) after a publish of 100
   * records or more (default true). The seed does not: it runs VACUUM
   * ANALYZE itself once the whole folder is in (api/publishing/seedContent.ts).
   */
  analyze?: boolean;
  /**
   * Read, parse and plan on a worker thread (api/publishing/planOffThread.ts):
   * a server publishing while it serves readers. The command plans in place.
   */
  offThread?: boolean;
}

/** What a publish did: what it wrote, took off and announced (api/publishing/writePlan.ts), and what it left. */
export interface PublishResult extends PublishSummary {
  /** Records whose file had not changed: read from the database's memory, not parsed, not written. */
  unchanged: number;
  ms: number;
}

/**
 * `npm run content`: publishes the folder into the database, in one
 * transaction. The folder is checked whole first; a folder with problems
 * throws ContentRejected (each problem as `file:line: …`) and nothing is
 * written. Then only what changed is written: a record whose file has the
 * hash content_records remembers is not even parsed. A record whose file is
 * gone is taken off the site: an article or page is archived (its row, id and
 * readers' votes stay, and the same slug coming back is the same article),
 * an author, topic, embed or asset is deleted. Inside the transaction the
 * change is announced (api/changes/contentChange.ts), naming every record
 * written or taken off, so caches drop exactly what showed them, at commit.
 */
export function publishContent(db: Database, options: PublishOptions = {}): Promise<PublishResult> {
  const dir = options.dir ?? CONTENT_DIR;
  const plan: Planner = options.offThread
    ? (known) => planOffThread(dir, known)
    : (known) => Promise.resolve(planPublish(scanContentFolder(dir), known));
  return oneAtATime(db, () => measuredPublish(() => publishPlanned(db, plan, dir, options)));
}

/**
 * A publish, timed into `folio_publish_duration_seconds{outcome}` (published;
 * refused: the folder has problems, each counted in
 * `folio_publish_problems_total`; failed) and traced as `folio.publish`.
 */
async function measuredPublish(publish: () => Promise<PublishResult>): Promise<PublishResult> {
  const started = performance.now();
  const observe = (outcome: PublishOutcome) =>
    publishDuration.labels(outcome).observe((performance.now() - started) / 1000);
  try {
    const result = await inSpan('folio.publish', {}, async (span) => {
      const published = await publish();
      span.setAttribute('folio.publish.unchanged', published.unchanged);
      return published;
    });
    observe('published');
    return result;
  } catch (error) {
    if (error instanceof ContentRejected) {
      publishProblems.inc(error.problems.length);
      observe('refused');
    } else observe('failed');
    throw error;
  }
}

/** Reads the folder and works out what a publish will do, given what the database knows. */
type Planner = (known: KnownRecord[]) => Promise<Plan>;

/**
 * ContentFiles (already read, perhaps not from a folder) published the same
 * way: the seed of an empty database when it is handed its content.
 */
export function publishContentFiles(
  db: Database,
  content: ContentFiles,
  options: PublishOptions = {},
): Promise<PublishResult> {
  const scan: Scan = { dir: content.dir, markdown: [], records: recordsOf(content), problems: [] };
  return oneAtATime(db, () =>
    publishPlanned(db, (known) => Promise.resolve(planPublish(scan, known)), content.dir, options),
  );
}

/** The records of ContentFiles, each hashed by its value, as if read from the files it would be written in. */
function recordsOf(content: ContentFiles): ContentRecord[] {
  const record = <K extends RecordKind>(
    kind: K,
    key: string,
    file: string,
    value: RecordValues[K],
  ): ContentRecord => ({
    kind,
    key,
    file,
    line: 1,
    hash: contentHash(kind, JSON.stringify(value)),
    references: namedBy(kind, value).map((id) => ({ id, line: 1 })),
    value,
  });
  const { folders } = CONTENT_LAYOUT;
  return [
    record('site', 'site', CONTENT_LAYOUT.site, content.site),
    ...content.assets.map((asset) => record('asset', asset.key, CONTENT_LAYOUT.assets, asset)),
    ...content.authors.map((author) =>
      record('author', author.slug, `${folders.author}/${author.slug}.md`, author),
    ),
    ...content.topics.map((topic) =>
      record('topic', topic.slug, `${folders.topic}/${topic.slug}.md`, topic),
    ),
    ...content.embeds.map((embed) =>
      embed.type === 'CodeBlock'
        ? record('codeBlock', embed.key, CONTENT_LAYOUT.embeds, embed)
        : record('pullQuote', embed.key, CONTENT_LAYOUT.embeds, embed),
    ),
    ...content.articles.map((article) =>
      record('article', article.slug, `${folders.article}/${article.slug}.md`, article),
    ),
    ...content.pages.map((page) =>
      record('page', page.slug, `${folders.page}/${page.slug}.md`, page),
    ),
  ];
}

/** Publishes of one database in this process run one after another (saves in quick succession, a route and a watcher). */
const running = new WeakMap<Database, Promise<unknown>>();
function oneAtATime<T>(db: Database, fn: () => Promise<T>): Promise<T> {
  const previous = running.get(db) ?? Promise.resolve();
  const next = previous.then(fn, fn);
  running.set(
    db,
    next.catch(() => undefined),
  );
  return next;
}

async function publishPlanned(
  db: Database,
  planFor: Planner,
  dir: string,
  options: PublishOptions,
): Promise<PublishResult> {
  const started = performance.now();
  // Planning (reading and parsing files) happens before the transaction, so
  // a long parse never holds it; a publisher that got in meanwhile (another
  // process) is noticed by the fingerprint, and the plan is made again.
  for (let attempt = 1; ; attempt += 1) {
    const { known, fingerprint } = await readKnown(db);
    const plan = await planFor(known);
    if (plan.changed.length === 0 && plan.removed.length === 0) {
      return {
        written: {},
        unpublished: 0,
        deleted: 0,
        unchanged: plan.unchanged,
        change: null,
        ms: Math.round(performance.now() - started),
      };
    }
    const result = await inTransaction(db, async (tx) => {
      await holdUntilCommit(tx, PUBLISH_LOCK);
      if ((await readKnown(tx, true)).fingerprint !== fingerprint) return null;
      return writePlan(tx, plan, dir, options.announce !== false);
    });
    if (result) {
      if (options.analyze !== false && result.written + result.removed >= 100)
        await refreshStatistics(db);
      return {
        ...result.summary,
        unchanged: plan.unchanged,
        ms: Math.round(performance.now() - started),
      };
    }
    if (attempt >= 3)
      throw new Error(
        'Another publish kept changing the database while this one was being prepared; run it again.',
      );
  }
}
