import path from 'node:path';
import { openDatabase, withSession, type Database } from '../db/database';
import { readStorageSettings } from '../../settings/storageSettings';
import { prepareDatabase } from './prepareDatabase';
import { refreshPlannerStatistics } from '../sources/embedded/writes/plannerStatistics';
import {
  generationBase,
  insertGeneratedArticles,
  type GeneratedArticle,
} from '../sources/embedded/writes/seedWrites';
import { readingTimeMinutes } from '../model/richText';

/**
 * Adds a deterministic scale data set (`--articles 10000`) on top of the seed,
 * for benchmarks: the same arguments always give the same articles.
 *   npm run seed:generate -- --articles 10000 [--seed 42]
 * Uses DATABASE_URL or FOLIO_DATA_DIR like the server. Prints a progress line
 * every 10 % (or every 10,000 articles, whichever comes first).
 */

/** mulberry32: a small, fast, seedable PRNG (the same numbers for the same seed: generated data sets are repeatable). */
export function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SUBJECTS = [
  'bridges',
  'bread',
  'tides',
  'batteries',
  'bicycles',
  'clocks',
  'glass',
  'maps',
  'paper',
  'rivers',
  'signals',
  'soil',
  'stairs',
  'trains',
  'windows',
  'yeast',
  'locks',
  'radios',
  'roofs',
  'seeds',
];
const ANGLES = ['How', 'Why', 'What makes', 'The hidden life of', 'A short history of', 'Inside'];
const VERBS = ['work', 'fail', 'last', 'change', 'matter', 'get made'];
const WORDS =
  'the of and to a in that is was it for on are as with his they at be this from have or by one had not but what all were when we there can an your which their said if do will each about how up out them then she many some so these would other into has more her two like him see time could no make than first been its who now people my made over did down only way find use may water long little very after words called just where most know'.split(
    ' ',
  );

export interface GenerateProgress {
  done: number;
  count: number;
  elapsedMs: number;
}

export async function generateArticles(
  db: Database,
  count: number,
  seed = 42,
  onProgress?: (progress: GenerateProgress) => void,
): Promise<number> {
  const started = Date.now();
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const { authors, topics, heroes, generated: start } = await generationBase(db);
  const batch = 250;
  const reportEvery = Math.max(batch, Math.min(10_000, Math.ceil(count / 10 / batch) * batch));
  for (let offset = 0; offset < count; offset += batch) {
    const articles: GeneratedArticle[] = [];
    for (let i = offset; i < Math.min(count, offset + batch); i += 1) {
      const n = start + i + 1;
      const subject = pick(SUBJECTS);
      const title = `${pick(ANGLES)} ${subject} ${pick(VERBS)} (${n})`;
      const paragraphs = Array.from(
        { length: 4 + Math.floor(next() * 5) },
        () =>
          Array.from({ length: 40 + Math.floor(next() * 60) }, () => pick(WORDS)).join(' ') + '.',
      );
      const body = {
        nodeType: 'document',
        data: {},
        content: paragraphs.map((value) => ({
          nodeType: 'paragraph',
          data: {},
          content: [{ nodeType: 'text', value, marks: [], data: {} }],
        })),
      };
      const text = `${subject} ${paragraphs.join('\n')}`;
      const published = new Date(Date.UTC(2020, 0, 1) + Math.floor(next() * 6 * 365 * 86_400_000));
      const slug = `generated-${n}`;
      // The same order of draws as ever: the same arguments give the same articles.
      const hero = pick(heroes);
      const first = pick(topics);
      const second = pick(topics);
      articles.push({
        slug,
        title,
        summary: `An explainer about ${subject}, generated for scale tests.`,
        body,
        bodyText: text,
        publishedAt: published.toISOString(),
        heroImageId: hero,
        readingTimeMinutes: readingTimeMinutes(text),
        authorId: pick(authors),
        topicIds: first === second ? [first] : [first, second],
      });
    }
    await insertGeneratedArticles(db, articles);
    const done = Math.min(count, offset + batch);
    if (onProgress && (done % reportEvery === 0 || done === count))
      onProgress({ done, count, elapsedMs: Date.now() - started });
  }
  await refreshPlannerStatistics(db);
  return count;
}

async function main() {
  const argument = (name: string) => {
    const index = process.argv.indexOf(`--${name}`);
    return index >= 0 ? process.argv[index + 1] : undefined;
  };
  const count = Number(argument('articles') ?? 1000);
  const seed = Number(argument('seed') ?? 42);
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000)
    throw new Error('--articles takes a whole number from 1 to 1,000,000');
  const { databaseUrl, dataDir } = readStorageSettings();
  const db = await openDatabase({ databaseUrl, dataDir: path.join(dataDir, 'pglite') });
  await prepareDatabase(db);
  const started = Date.now();
  // One connection without the statement timeout: the batches and the VACUUM ANALYZE at the end may take longer than a reader's query may.
  await withSession(db, (session) =>
    generateArticles(session, count, seed, ({ done, elapsedMs }) => {
      console.log(
        `seed:generate ${done.toLocaleString('en-US')} / ${count.toLocaleString('en-US')} articles (${(elapsedMs / 1000).toFixed(1)} s)`,
      );
    }),
  );
  console.log(`generated ${count} articles in ${Date.now() - started} ms (seed ${seed})`);
  await db.close();
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
