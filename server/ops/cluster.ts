import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger';

/** What the primary sends a worker to make it drain and exit (the same as a SIGTERM of its own). */
export const SHUTDOWN_MESSAGE = 'folio:shutdown';

/** A worker that lived less than this and died counts as a failed start: the next one waits longer. */
const QUICK_DEATH_MS = 10_000;
const FIRST_BACKOFF_MS = 500;
const LONGEST_BACKOFF_MS = 30_000;
/** With no worker ever ready, a slot failing this many times in a row means the server cannot start (a bad DATABASE_URL…). */
const FAILED_STARTS_BEFORE_GIVING_UP = 5;
/** After the workers' own grace period, the primary waits this much longer before it kills what is left. */
const PRIMARY_EXTRA_GRACE_MS = 5_000;

export interface PrimaryOptions {
  workers: number;
  logger: Logger;
  /** The workers' shutdown grace period. */
  shutdownGraceMs: number;
}

/**
 * The cluster's primary (docs/operations.md#running-in-production, `WEB_CONCURRENCY`): it serves nothing
 * itself. It forks the workers, which share the listening port (the primary
 * hands connections round-robin to the workers that listen), and starts
 * another when one dies: at once after a worker that ran a while, with a
 * growing back-off after quick deaths so a crash loop does not spin. If no
 * worker ever got ready and starts keep failing, it gives up and exits 1, so
 * the supervisor above it sees the failure. SIGTERM or SIGINT drain every
 * worker and exit 0.
 */
export function runPrimary({ workers, logger, shutdownGraceMs }: PrimaryOptions): void {
  const slots = Array.from({ length: workers }, () => ({
    worker: null as Worker | null,
    startedAt: 0,
    quickDeaths: 0,
    timer: null as NodeJS.Timeout | null,
  }));
  let anyReady = false;
  const listening = new Set<Worker>();
  /** Set once shutdown has begun: the code the primary exits with when the last worker is gone. */
  let stopping: { exitCode: number } | null = null;

  const fork = (slot: number) => {
    const state = slots[slot]!;
    state.timer = null;
    state.startedAt = Date.now();
    state.worker = cluster.fork();
  };

  cluster.on('listening', (worker, address) => {
    listening.add(worker);
    if (listening.size === workers)
      logger.info({ workers }, `${workers} workers serving on port ${address.port}`);
    anyReady = true;
  });

  cluster.on('exit', (worker, code, signal) => {
    const slot = slots.findIndex((state) => state.worker === worker);
    const state = slots[slot];
    if (!state) return;
    state.worker = null;
    listening.delete(worker);
    if (stopping) {
      if (slots.every((each) => each.worker === null)) {
        logger.info('all workers stopped');
        process.exit(stopping.exitCode);
      }
      return;
    }
    const lived = Date.now() - state.startedAt;
    state.quickDeaths = lived < QUICK_DEATH_MS ? state.quickDeaths + 1 : 0;
    if (!anyReady && state.quickDeaths >= FAILED_STARTS_BEFORE_GIVING_UP) {
      logger.fatal(
        { failedStarts: state.quickDeaths },
        `no worker could start (${state.quickDeaths} attempts in a row): giving up`,
      );
      stopAll(1);
      return;
    }
    const delay =
      state.quickDeaths === 0
        ? 0
        : Math.min(LONGEST_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (state.quickDeaths - 1));
    logger.warn(
      { workerPid: worker.process.pid, code, signal, livedMs: lived, restartInMs: delay },
      `worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}); starting another in ${delay} ms`,
    );
    state.timer = setTimeout(() => fork(slot), delay);
  });

  /** Asks every worker to drain; exits once they all have, or kills them when they overstay. */
  const stopAll = (exitCode: number) => {
    if (stopping) return;
    stopping = { exitCode };
    for (const state of slots) {
      if (state.timer) clearTimeout(state.timer);
      state.timer = null;
    }
    const running = slots.filter((state) => state.worker !== null);
    if (running.length === 0) process.exit(exitCode);
    for (const state of running) {
      if (state.worker?.isConnected()) state.worker.send(SHUTDOWN_MESSAGE);
      else state.worker?.process.kill('SIGTERM');
    }
    setTimeout(() => {
      const left = slots.filter((state) => state.worker !== null);
      logger.error(
        { workers: left.length },
        `${left.length} workers still running ${PRIMARY_EXTRA_GRACE_MS} ms after their grace period: killing them`,
      );
      for (const state of left) state.worker?.process.kill('SIGKILL');
      process.exit(1);
    }, shutdownGraceMs + PRIMARY_EXTRA_GRACE_MS).unref();
  };

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.info(`${signal}: already shutting down`);
      return;
    }
    logger.info(
      { signal },
      `${signal}: draining ${slots.filter((state) => state.worker).length} workers`,
    );
    stopAll(0);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  logger.info({ workers }, `starting ${workers} workers`);
  for (let slot = 0; slot < workers; slot += 1) fork(slot);
}
