import { spawn } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import type { RequestListener } from 'node:http';
import type { Socket } from 'node:net';
import { workerRestarts } from '../../api/contentService';
import { isRelayed, relayedEnvironment } from '../../settings/memorySettings';
import type { Logger } from './logger';
import {
  createConnectionDispatch,
  type PrimaryMessage,
  type WorkerMessage,
} from './connectionDispatch';

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
  port: number;
  host: string;
  /** The workers' shutdown grace period. */
  shutdownGraceMs: number;
  /** After SIGTERM, how long workers keep serving while `/readyz` says 503. */
  lameDuckMs: number;
  /** The primary's own answer to a request no worker will take (a 503 with the security headers). */
  answerUnserved: RequestListener;
  /** Node flags each worker gets beyond the primary's own: the V8 heap limit (settings/memorySettings.ts). */
  workerExecArgv?: readonly string[];
}

/**
 * The cluster's primary (docs/operations.md#running-in-production,
 * `WEB_CONCURRENCY`): it listens on the site's port and hands each
 * connection to a worker (server/ops/connectionDispatch.ts), and serves
 * nothing itself. It starts another worker when one dies: at once after a
 * worker that ran a while, with a growing back-off after quick deaths so a
 * crash loop does not spin. If no worker ever got ready and starts keep
 * failing, it gives up and exits 1, so the supervisor above it sees the
 * failure.
 *
 * SIGTERM: the workers' `/readyz` says 503 for the lame-duck period while
 * they keep serving; then the primary stops accepting, hands every
 * connection it has accepted to a worker, and tells each to drain
 * (server/ops/shutdown.ts); it exits 0 once they all have. SIGINT (a
 * person at a terminal) skips the lame-duck period.
 */
export async function runPrimary(options: PrimaryOptions): Promise<void> {
  const { workers, logger } = options;
  const slots = Array.from({ length: workers }, () => ({
    worker: null as Worker | null,
    startedAt: 0,
    quickDeaths: 0,
    timer: null as NodeJS.Timeout | null,
  }));
  let anyReady = false;
  const dispatch = createConnectionDispatch({ logger, answerUnserved: options.answerUnserved });
  /** Set once shutdown has begun: the code the primary exits with when the last worker is gone. */
  let stopping: { exitCode: number } | null = null;
  const port = await dispatch.listen(options.port, options.host);
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...(options.workerExecArgv ?? [])] });

  const fork = (slot: number) => {
    const state = slots[slot]!;
    state.timer = null;
    state.startedAt = Date.now();
    // The port the primary listens on (0 asked for any): workers render and log this address.
    const worker = cluster.fork({ PORT: String(port) });
    state.worker = worker;
    dispatch.add(worker);
    worker.on('message', (message: WorkerMessage) => {
      if (message?.folio !== 'ready') return;
      anyReady = true;
      if (dispatch.readyCount() === workers)
        logger.info({ workers }, `${workers} workers serving on port ${port}`);
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    dispatch.remove(worker, signal !== null || code !== 0);
    const slot = slots.findIndex((state) => state.worker === worker);
    const state = slots[slot];
    if (!state) return;
    state.worker = null;
    if (stopping) {
      if (code !== 0)
        logger.warn(
          { workerPid: worker.process.pid, code, signal },
          `worker ${worker.process.pid} died while stopping (${signal ?? `exit code ${code}`})`,
        );
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
      stopAll(1, 0);
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
    workerRestarts.inc();
    state.timer = setTimeout(() => fork(slot), delay);
  });

  const tell = (worker: Worker | null, message: PrimaryMessage) => {
    if (worker?.isConnected()) worker.send(message);
  };

  /** Lame duck, then drain every worker; exits once they all have, or kills them when they overstay. */
  const stopAll = (exitCode: number, lameDuckMs: number) => {
    if (stopping) return;
    stopping = { exitCode };
    for (const state of slots) {
      if (state.timer) clearTimeout(state.timer);
      state.timer = null;
    }
    if (slots.every((state) => state.worker === null)) process.exit(exitCode);
    for (const state of slots) tell(state.worker, { folio: 'lame-duck' });
    setTimeout(() => dispatch.close(), lameDuckMs);
    setTimeout(
      () => {
        const left = slots.filter((state) => state.worker !== null);
        logger.error(
          { workers: left.length },
          `${left.length} workers still running ${PRIMARY_EXTRA_GRACE_MS} ms after their grace period: killing them`,
        );
        for (const state of left) state.worker?.process.kill('SIGKILL');
        process.exit(1);
      },
      lameDuckMs + options.shutdownGraceMs + PRIMARY_EXTRA_GRACE_MS,
    ).unref();
  };

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.info(`${signal}: already shutting down`);
      return;
    }
    const lameDuckMs = signal === 'SIGTERM' ? options.lameDuckMs : 0;
    logger.info(
      { signal, lameDuckMs },
      `${signal}: draining ${slots.filter((state) => state.worker).length} workers${lameDuckMs > 0 ? ` after ${lameDuckMs} ms not ready` : ''}`,
    );
    stopAll(0, lameDuckMs);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  logger.info({ workers }, `starting ${workers} workers`);
  for (let slot = 0; slot < workers; slot += 1) fork(slot);
}

/**
 * A worker's half: it is handed connections by the primary once it says it
 * is ready, turns lame duck and drains when told, and drains on its own
 * only if the primary is gone. Signals sent to the whole process group
 * (a supervisor's SIGTERM) are left to the primary, which leads the stop.
 */
export function followPrimary(worker: {
  takeConnection: (socket: Socket) => void;
  lameDuck: () => void;
  drain: (reason: string) => void;
}): { ready: () => void } {
  process.on('message', (message: PrimaryMessage, socket?: Socket) => {
    if (typeof message !== 'object' || message === null) return;
    if (message.folio === 'connection' && socket) {
      // Said first: the primary keeps its copy until then, and gives it to another worker if this one dies.
      const { id } = message;
      const took: WorkerMessage = { folio: 'took', id };
      process.send?.(took);
      socket.once('close', () => {
        const closed: WorkerMessage = { folio: 'closed', id };
        if (process.connected) process.send?.(closed);
      });
      worker.takeConnection(socket);
    } else if (message.folio === 'lame-duck') worker.lameDuck();
    else if (message.folio === 'drain') worker.drain('primary asked');
  });
  process.on('disconnect', () => worker.drain('primary gone'));
  return {
    ready: () => {
      const ready: WorkerMessage = { folio: 'ready' };
      process.send?.(ready);
    },
  };
}

/**
 * Runs this same command again with `execArgv` added — a V8 heap limit can
 * only be given to a process as it starts — and stands in for it: SIGTERM
 * and SIGINT are passed on, and this process exits as it does (the same
 * code, or the same signal). The parent serves nothing; the child is the
 * server as it would have been, and drains on its own if the parent dies
 * (`followRelay`). docs/operations.md#memory.
 */
export function runAgainWith(execArgv: readonly string[]): void {
  const child = spawn(
    process.execPath,
    [...process.execArgv, ...execArgv, ...process.argv.slice(1)],
    {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: relayedEnvironment(process.pid),
    },
  );
  const signals = ['SIGTERM', 'SIGINT'] as const;
  const passOn = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of signals) process.on(signal, passOn);
  child.on('error', (error) => {
    console.error(`folio: could not start the server process: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    if (signal === null) process.exit(code ?? 1);
    for (const each of signals) process.off(each, passOn);
    process.kill(process.pid, signal);
  });
}

/** In a process `runAgainWith` started: a parent that is gone (killed) is a SIGTERM, so the server drains rather than serving on unseen. */
export function followRelay(): void {
  if (!isRelayed() || !process.send) return;
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
