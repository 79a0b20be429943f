import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { KnownRecord } from '../sources/embedded/contentWrites';
import { ContentRejected, type ContentProblem } from './problems';
import type { Plan } from './publishPlan';

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

/**
 * Reading, parsing and planning a publish of `dir` on a worker thread, for a
 * server publishing while it serves readers: a thousand changed articles
 * take seconds of parsing, and on the serving thread every reader (and
 * `/healthz`) would wait that long. Throws ContentRejected for a folder with
 * problems, as planning in place does. The thread loads TypeScript the way
 * the server does (tsx), and ends with its answer.
 */
export function planOffThread(dir: string, known: readonly KnownRecord[]): Promise<Plan> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOTSTRAP, { eval: true, workerData: { dir, known } });
    let answered = false;
    const changed: Plan['changed'] = [];
    // Messages that wait together are all read in one task: each part is asked for once the last is read.
    const next = () => setImmediate(() => worker.postMessage('next'));
    worker.on('message', (part: PlanPart) => {
      if ('changed' in part) {
        changed.push(...part.changed);
        next();
        return;
      }
      answered = true;
      if ('plan' in part) resolve({ ...part.plan, changed });
      else if ('problems' in part) reject(new ContentRejected(part.problems));
      else reject(new Error(part.error));
    });
    next();
    worker.once('error', (error) => {
      answered = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the planning thread exited (code ${code}) without a plan`));
    });
  });
}
