import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { runBundle } from './bundle';
import { runContentSources } from './contentSources';
import { runFreshness } from './freshness';
import { runLocales } from './locales';
import { runPublishing } from './publishing';
import { runRestarts } from './restarts';
import { runTraffic } from './graphqlTraffic';
import { runLighthouse } from './lighthouse';
import { runPostgres } from './postgres';
import { runScale } from './scale';
import { runSqlStatements } from './sqlStatements';
import { runThroughput } from './throughput';
import { runTracingCost } from './tracingCost';
import { runImage } from './image';
import { progress } from './log';
import { describeMachine } from './machine';
import { BENCHMARK_IDS, renderReport, type BenchmarkId, type SectionResult } from './report';
import { RESULTS_FILE } from './resultsSection';

type Benchmark = () => Promise<Omit<SectionResult, 'durationMs'>>;

const BENCHMARKS: Record<BenchmarkId, { title: string; run: Benchmark }> = {
  bundle: { title: 'JavaScript per page (cold load)', run: runBundle },
  traffic: { title: 'GraphQL requests per navigation', run: runTraffic },
  throughput: { title: 'API throughput and latency', run: runThroughput },
  sql: { title: 'SQL statements per operation', run: runSqlStatements },
  lighthouse: { title: 'Lighthouse (mobile, simulated throttling)', run: runLighthouse },
  scale: { title: 'Latency at 10,000 extra articles', run: runScale },
  postgres: { title: 'PostgreSQL 15: workers, 100k articles, seeding', run: runPostgres },
  sources: { title: 'Content sources: Folio over the local Strapi', run: runContentSources },
  publishing: { title: 'Publishing content/', run: runPublishing },
  freshness: { title: 'Publish to fresh page', run: runFreshness },
  locales: { title: 'Two languages: caches per locale, render cost', run: runLocales },
  restarts: { title: 'Requests lost per restart', run: runRestarts },
  tracing: { title: 'Uncached render CPU, tracing on vs off', run: runTracingCost },
  image: { title: 'The image: base, packages, build, size', run: runImage },
};

const PARTIAL_FILE = path.join(__dirname, 'RESULTS.partial.md');

function isBenchmarkId(value: string): value is BenchmarkId {
  return (BENCHMARK_IDS as readonly string[]).includes(value);
}

/** `--only a,b` (or `--only a --only b`); all benchmarks without it. */
export function selectedBenchmarks(argv: readonly string[]): BenchmarkId[] {
  const names = argv.flatMap((arg, index) =>
    arg === '--only'
      ? (argv[index + 1] ?? '').split(',')
      : arg.startsWith('--only=')
        ? arg.slice(7).split(',')
        : [],
  );
  const unknown = names.filter((name) => !isBenchmarkId(name));
  if (unknown.length > 0)
    throw new Error(
      `Unknown benchmark(s): ${unknown.join(', ')}. Choose from: ${BENCHMARK_IDS.join(', ')}.`,
    );
  return names.length === 0 ? [...BENCHMARK_IDS] : BENCHMARK_IDS.filter((id) => names.includes(id));
}

async function runOne(id: BenchmarkId): Promise<SectionResult> {
  const { title, run } = BENCHMARKS[id];
  const started = Date.now();
  progress(id, 'start');
  try {
    const result = await run();
    progress(id, `done in ${Math.round((Date.now() - started) / 1000)} s`);
    return { ...result, durationMs: Date.now() - started };
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    progress(id, `FAILED: ${message.split('\n')[0] ?? ''}`);
    return { id, title, targets: [], body: '', durationMs: Date.now() - started, error: message };
  }
}

async function main(): Promise<void> {
  const ids = selectedBenchmarks(process.argv.slice(2));
  const partial = ids.length < BENCHMARK_IDS.length;
  const started = Date.now();
  const machine = describeMachine();
  progress(
    'machine',
    `${machine.info.cpuModel} × ${machine.info.cpuCount}, ${machine.info.memory}, Node ${machine.info.node}, ${machine.info.chromium}`,
  );
  const sections: SectionResult[] = [];
  for (const id of ids) sections.push(await runOne(id));
  machine.finish();
  const command = partial ? `npm run bench -- --only ${ids.join(',')}` : 'npm run bench';
  const file = partial ? PARTIAL_FILE : RESULTS_FILE;
  writeFileSync(
    file,
    renderReport({ machine: machine.info, sections, totalMs: Date.now() - started, command }),
  );
  progress(
    'report',
    `wrote ${path.relative(process.cwd(), file)} in ${Math.round((Date.now() - started) / 1000)} s total`,
  );
  for (const section of sections) {
    for (const check of section.targets)
      progress(section.id, `${check.pass ? 'PASS' : 'MISS'} ${check.target}: ${check.measured}`);
  }
  if (sections.some((section) => section.error)) process.exitCode = 1;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
