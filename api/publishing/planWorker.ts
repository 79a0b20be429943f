import { parentPort, workerData } from 'node:worker_threads';
import type { KnownRecord } from '../sources/embedded/contentWrites';
import { scanContentFolder } from './contentFolder';
import { ContentRejected } from './problems';
import { planPublish } from './publishPlan';
import { RECORDS_PER_MESSAGE, type PlanPart } from './planOffThread';

/**
 * The worker thread of api/publishing/planOffThread.ts: reads and parses the
 * folder and plans the publish, then hands it over part by part, one each
 * time it is asked: the changed records a few at a time, then the rest of
 * the plan (or the folder's problems, or an error's message); then it ends.
 */
const { dir, known } = workerData as { dir: string; known: KnownRecord[] };
let parts: PlanPart[];
try {
  const plan = planPublish(scanContentFolder(dir), known);
  parts = [];
  for (let start = 0; start < plan.changed.length; start += RECORDS_PER_MESSAGE)
    parts.push({ changed: plan.changed.slice(start, start + RECORDS_PER_MESSAGE) });
  parts.push({ plan: { ...plan, changed: [] } });
} catch (error) {
  parts = [
    error instanceof ContentRejected
      ? { problems: error.problems }
      : { error: error instanceof Error ? error.message : String(error) },
  ];
}
// One part each time the serving thread asks: it reads each in a task of its own.
parentPort!.on('message', () => {
  const part = parts.shift();
  if (part) parentPort!.postMessage(part);
  if (parts.length === 0) parentPort!.close();
});
