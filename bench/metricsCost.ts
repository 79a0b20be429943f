import { freePort } from '../harness/siteProcess';
import { progress } from './log';
import { listenerPid } from './processCpu';
import { table, verdict, type TargetCheck } from './report';
import { withSite } from './site';
import { fixed, int, median } from './stats';

/** On must keep at least this share of off's throughput (issue 37). */
const LEAST_SHARE_ON = 0.95;
/** Off, on, on, off, off, on…: each scenario measured this many times on each server. */
const ROUNDS = 3;

/** One measured run: requests per second and the server's cores. */
export interface Run {
  rps: number;
  serverCores: number | null;
}

export interface MetricsCost {
  body: string;
  targets: TargetCheck[];
}

/**
 * Issue 37's cost of metrics on the hot path: the same cached requests
 * against the throughput run's server (no metrics port: requests are not
 * timed) and a second one started beside it with `FOLIO_METRICS_PORT` (each
 * request timed into the request histogram, each hit counted), batches
 * interleaved so both see the same machine. `measure` is the throughput
 * bench's own run (warm-up, then measured).
 */
export async function measureMetricsCost<S extends { label: string }>(
  offUrl: string,
  scenarios: readonly S[],
  measure: (url: string, pid: number | null, scenario: S) => Promise<Run>,
): Promise<MetricsCost> {
  const metricsPort = await freePort();
  return withSite(
    'throughput-metrics-on',
    async (on) => {
      const servers = {
        off: { url: offUrl, pid: listenerPid(Number(new URL(offUrl).port)) },
        on: { url: on.url, pid: listenerPid(Number(new URL(on.url).port)) },
      };
      // Scraped once before: the metrics answer, so they are on.
      const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      if (!scrape.ok) throw new Error(`the metrics port answered ${scrape.status}`);
      const rows: string[][] = [];
      const targets: TargetCheck[] = [];
      for (const scenario of scenarios) {
        const runs = { off: [] as Run[], on: [] as Run[] };
        for (let round = 0; round < ROUNDS; round += 1) {
          const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
          for (const which of order) {
            progress('throughput', `metrics ${which}, round ${round + 1}: ${scenario.label}`);
            runs[which].push(await measure(servers[which].url, servers[which].pid, scenario));
          }
        }
        const off = median(runs.off.map((run) => run.rps));
        const onRps = median(runs.on.map((run) => run.rps));
        const share = onRps / off;
        // Server CPU per request: less moved by other work on the machine than requests per second.
        const cpuMicros = (list: Run[]) => {
          const known = list.flatMap((run) =>
            run.serverCores === null ? [] : [(run.serverCores / run.rps) * 1e6],
          );
          return known.length === 0 ? null : median(known);
        };
        const cpuOff = cpuMicros(runs.off);
        const cpuOn = cpuMicros(runs.on);
        rows.push([
          scenario.label,
          runs.off.map((run) => int(run.rps)).join(', '),
          runs.on.map((run) => int(run.rps)).join(', '),
          `${int(off)} → ${int(onRps)}`,
          `${fixed(share * 100, 1)} %`,
          cpuOff === null || cpuOn === null
            ? 'n/a'
            : `${fixed(cpuOff, 1)} → ${fixed(cpuOn, 1)} µs (${fixed((cpuOn / cpuOff - 1) * 100, 1)} %)`,
          verdict(share >= LEAST_SHARE_ON),
        ]);
        targets.push({
          target: `${scenario.label}: metrics on ≥ ${LEAST_SHARE_ON * 100} % of off`,
          measured: `${fixed(share * 100, 1)} % (${int(onRps)} vs ${int(off)} req/s)`,
          pass: share >= LEAST_SHARE_ON,
        });
      }
      const body = [
        `Two servers side by side, each \`npm start\` over its own fresh PGlite folder: the one measured above (no \`FOLIO_METRICS_PORT\`: readers' requests are not timed) and one with \`FOLIO_METRICS_PORT\` set (every request timed into \`http_server_request_duration_seconds\` by route template, each cache hit counted). ` +
          `Each case is measured ${ROUNDS} times on each, in alternating order (off, on, on, off, off, on), with the same warm-up and duration as above; the verdict compares the medians of requests per second. Server CPU per request (the server process's CPU time over the run ÷ requests) is moved less by other work on the machine, and says what the metrics cost.`,
        table(
          [
            'case',
            'off, req/s (runs)',
            'on, req/s (runs)',
            'median off → on',
            'on / off',
            'server CPU per request, off → on (median)',
            `on ≥ ${LEAST_SHARE_ON * 100} %`,
          ],
          rows,
          ['l', 'r', 'r', 'r', 'r', 'r', 'l'],
        ),
      ].join('\n\n');
      return { body, targets };
    },
    { FOLIO_METRICS_PORT: String(metricsPort) },
  );
}
