import { LIVE_STREAM_HEAP_KB, LIVE_STREAMS_PER_PROCESS } from '../shared/limits';

/**
 * The V8 heap a server process is given (docs/operations.md#memory): the
 * reader cache's bound (`FOLIO_READER_CACHE_MB`) plus this margin, as
 * `--max-old-space-size`, unless the operator set their own. Without a
 * limit V8 grows its heap lazily up to its own default (a few GB on a large
 * machine) long before it collects: 50,000 addresses nobody reads twice left
 * a process at 622 MB resident; with the default 64 MB cache and 64 + 96 =
 * 160 MB of heap, at 298 MB (bench/RESULTS.md, "Reader cache memory"). The
 * margin holds what is not the cache: Folio's own code and data (about
 * 30 MB of heap once started), the renders and answers in flight, and the
 * collector's room to work.
 */
export const HEAP_MARGIN_MB = 96;

const MB = 1024 * 1024;

/**
 * Room for the live-update streams a process may hold (LIVE_STREAMS_PER_PROCESS
 * at LIVE_STREAM_HEAP_KB each): 160 MB. A process with 7,000 streams in 160 MB
 * of heap ran out of it.
 */
export const LIVE_STREAMS_HEAP_MB = Math.ceil(
  (LIVE_STREAMS_PER_PROCESS * LIVE_STREAM_HEAP_KB) / 1000,
);

/** The heap limit, in MB, for a reader cache of `readerCacheBytes`, and the live streams. */
export function heapLimitMb(readerCacheBytes: number): number {
  return Math.ceil(readerCacheBytes / MB) + HEAP_MARGIN_MB + LIVE_STREAMS_HEAP_MB;
}

/** Node's flag for it. */
export function heapLimitFlag(mb: number): string {
  return `--max-old-space-size=${mb}`;
}

/**
 * Whether the operator (or a process before this one) set a heap limit:
 * `--max-old-space-size` in NODE_OPTIONS or in node's own arguments
 * (`process.execArgv`), spelled with dashes or underscores.
 */
export function ownHeapLimit(
  nodeOptions: string | undefined,
  execArgv: readonly string[],
): boolean {
  return [...(nodeOptions ?? '').split(/\s+/), ...execArgv].some((flag) =>
    /^--max[-_]old[-_]space[-_]size(=|$)/.test(flag),
  );
}

/** The flag to give a server process, or null when the operator's own limit stands. */
export function heapLimitToSet(
  readerCacheBytes: number,
  nodeOptions: string | undefined = process.env.NODE_OPTIONS,
  execArgv: readonly string[] = process.execArgv,
): string | null {
  return ownHeapLimit(nodeOptions, execArgv) ? null : heapLimitFlag(heapLimitMb(readerCacheBytes));
}

/** Set in the environment of a server process that another stands in for (server/ops/cluster.ts, `runAgainWith`): that one's pid. */
const RELAYED_BY = 'FOLIO_RELAYED_BY';

/** This process's environment, for the process started again in its place. */
export function relayedEnvironment(parentPid: number): NodeJS.ProcessEnv {
  return { ...process.env, [RELAYED_BY]: String(parentPid) };
}

/** Whether another process stands in for this one (it started it again with the heap limit). */
export function isRelayed(): boolean {
  return Boolean(process.env[RELAYED_BY]);
}
