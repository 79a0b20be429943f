import { parentPort } from 'node:worker_threads';
import type { KnownRecord } from '../model/rememberedRecords';
import { scanContentFolder } from './contentFolder';
import { ContentRejected } from './problems';
import { planPublish } from './publishPlan';
import { RECORDS_PER_MESSAGE, type PlanPart, type PlanRequest } from './planOffThread';

/**
 * The planning thread of api/publishing/planOffThread.ts. For each request it
 * reads and parses the folder and plans the publish, then hands the plan
 * over part by part, one each time it is asked: the changed records a few
 * at a time, then the rest of the plan (or the folder's problems, or an
 * error's message). It stays for the next publish.
 */
let parts: PlanPart[] = [];

function plan({ dir, known }: { dir: string; known: KnownRecord[] }): PlanPart[] {
  try {
    const whole = planPublish(scanContentFolder(dir), known);
    const split: PlanPart[] = [];
    for (let start = 0; start < whole.changed.length; start += RECORDS_PER_MESSAGE)
      split.push({ changed: whole.changed.slice(start, start + RECORDS_PER_MESSAGE) });
    split.push({ plan: { ...whole, changed: [] } });
    return split;
  } catch (error) {
    return [
      error instanceof ContentRejected
        ? { problems: error.problems }
        : { error: error instanceof Error ? error.message : String(error) },
    ];
  }
}

parentPort!.on('message', (request: PlanRequest) => {
  if (request.ask === 'plan') parts = plan(request);
  const part = parts.shift();
  if (part) parentPort!.postMessage(part);
});
