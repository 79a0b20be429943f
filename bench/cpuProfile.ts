import { Session } from 'node:inspector/promises';
import type { Profiler } from 'node:inspector';

/** Where this process's main-thread CPU time went while `fn` ran, by component (self time of V8 CPU profile samples; native frames count for their JavaScript caller). */
export interface CpuShare {
  component: string;
  ms: number;
  share: number;
}

const COMPONENTS: [RegExp, string][] = [
  [/^wasm:\/\//, 'PGlite (PostgreSQL in WebAssembly)'],
  [/node_modules\/@electric-sql\/pglite\//, 'PGlite (its JavaScript: protocol, parsing rows)'],
  [
    /node_modules\/(graphql|@graphql-tools|@graphql-yoga|graphql-yoga|@envelop|@whatwg-node|@graphql-hive|dataloader)\//,
    'GraphQL (yoga, graphql-js, DataLoader)',
  ],
  [
    /node_modules\/(express|compression|router|body-parser|send|finalhandler)\//,
    'Express and compression middleware',
  ],
  [/^node:internal\/deps\/undici|undici/, 'load generator (fetch, this process)'],
  [
    /^node:zlib|^node:internal\/zlib/,
    "zlib (compressing answers, and the `compression` middleware's main-thread part)",
  ],
  [/^node:internal\/crypto|^node:crypto/, 'crypto (hashing, e.g. response-cache keys)'],
  [/^node:/, 'Node.js (http, streams, events)'],
  [/\/work\/|\/api\/|\/server\//, 'Folio API code (api/, server/)'],
];

const PROFILER = 'the profiler itself';

/** A native frame (no URL) counts for the nearest JavaScript caller: `write` called by zlib is zlib's. */
function componentOf(
  node: Profiler.ProfileNode,
  nodes: Map<number, Profiler.ProfileNode>,
  parents: Map<number, number>,
): string {
  const { functionName } = node.callFrame;
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'V8 (compiler, runtime)';
  let frame: Profiler.ProfileNode | undefined = node;
  while (frame && frame.callFrame.url === '') {
    const parent = parents.get(frame.id);
    frame = parent === undefined ? undefined : nodes.get(parent);
  }
  if (!frame) return 'V8 and native code';
  if (frame.callFrame.url.startsWith('node:inspector')) return PROFILER;
  return (
    COMPONENTS.find(([pattern]) => pattern.test(frame.callFrame.url))?.[1] ?? 'other JavaScript'
  );
}

function shares(profile: Profiler.Profile): CpuShare[] {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  const totals = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, index) => {
    const node = nodes.get(id);
    if (!node) return;
    const component = componentOf(node, nodes, parents);
    totals.set(component, (totals.get(component) ?? 0) + (deltas[index] ?? 0) / 1000);
  });
  const counted = [...totals].filter(
    ([component]) => component !== 'idle' && component !== PROFILER,
  );
  const busy = counted.reduce((sum, [, ms]) => sum + ms, 0);
  return counted
    .map(([component, ms]) => ({ component, ms, share: ms / busy }))
    .sort((a, b) => b.ms - a.ms);
}

/** Runs `fn` under the V8 CPU profiler of this process. */
export async function profileCpu<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; shares: CpuShare[] }> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    const result = await fn();
    const { profile } = await session.post('Profiler.stop');
    return { result, shares: shares(profile) };
  } finally {
    session.disconnect();
  }
}
