import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { KnownRecord } from '../model/rememberedRecords';
import { ContentRejected, type ContentProblem } from './problems';
import type { Plan } from './publishPlan';

/** What the serving thread asks the planning thread: a plan, or its next part. */
export type PlanRequest = { ask: 'plan'; dir: string; known: KnownRecord[] } | { ask: 'next' };
/** What the planning thread hands over: changed records, then last the rest of the plan (or why there is none). */
export type PlanPart =
  | { changed: Plan['changed'] }
  | { plan: Plan }
  | { problems: ContentProblem[] }
  | { error: string };
/** Changed records per message: reading a message is one task on the serving thread, and 50 articles take a few milliseconds. */
export const RECORDS_PER_MESSAGE = 50;

const WORKER_FILE = path.join(__dirname, 'planWorker.ts');
/**
 * The thread's first lines: TypeScript is loaded through tsx's CommonJS hook,
 * as the server's own code is (Node 20 does not carry `--import` loaders
 * into worker threads).
 */
const BOOTSTRAP = `require('tsx/cjs/api').register(); require(${JSON.stringify(WORKER_FILE)});`;

/** The planning thread, started at the first publish and kept (it does not keep the process alive). */
let thread: Worker | null = null;

/**
 * Reading, parsing and planning a publish of `dir` on a worker thread, for a
 * server publishing while it serves readers: a thousand changed articles
 * take seconds of parsing, and on the serving thread every reader (and
 * `/healthz`) would wait that long. The plan comes back part by part, each
 * read in a task of its own. Throws ContentRejected for a folder with
 * problems, as planning in place does. Publishes of one database run one
 * after another (api/publishing/publishContent.ts), so one thread serves.
 */
export function planOffThread(dir: string, known: readonly KnownRecord[]): Promise<Plan> {
  if (!thread) {
    thread = new Worker(BOOTSTRAP, { eval: true });
    thread.unref();
  }
  const worker = thread;
  return new Promise((resolve, reject) => {
    const changed: Plan['changed'] = [];
    const ask = (request: PlanRequest) => worker.postMessage(request);
    const done = () => {
      worker.off('message', onPart);
      worker.off('error', onFailure);
      worker.off('exit', onFailure);
    };
    const onPart = (part: PlanPart) => {
      if ('changed' in part) {
        changed.push(...part.changed);
        // Parts that wait together would all be read in one task: the next is asked for once this one is read.
        setImmediate(() => ask({ ask: 'next' }));
        return;
      }
      done();
      if ('plan' in part) resolve({ ...part.plan, changed });
      else if ('problems' in part) reject(new ContentRejected(part.problems));
      else reject(new Error(part.error));
    };
    const onFailure = (error: unknown) => {
      done();
      if (thread === worker) thread = null;
      reject(error instanceof Error ? error : new Error(`the planning thread exited (${error})`));
    };
    worker.on('message', onPart);
    worker.once('error', onFailure);
    worker.once('exit', onFailure);
    ask({ ask: 'plan', dir, known: [...known] });
  });
}
