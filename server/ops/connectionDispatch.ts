import type { Worker } from 'node:cluster';
import {
  createServer as createHttpServer,
  IncomingMessage,
  ServerResponse,
  type RequestListener,
} from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { Logger } from './logger';
import { answerRestarting } from './shutdown';
import { requestsAnsweredUnavailable } from '../../api/contentService';

/** What the primary tells a worker (server/ops/cluster.ts). */
export type PrimaryMessage =
  | { folio: 'connection'; id: number }
  | { folio: 'lame-duck' }
  /** No more connections will come: answer what you have, then exit. */
  | { folio: 'drain' };
/** What a worker tells the primary. */
export type WorkerMessage =
  | { folio: 'ready' }
  | { folio: 'took'; id: number }
  /** The worker is done with a connection: the primary's copy may close. */
  | { folio: 'closed'; id: number };

/** How long an accepted connection may wait for a worker (all of them starting again after a crash) before the primary answers it 503 itself. */
export const LONGEST_WAIT_FOR_A_WORKER_MS = 10_000;
const WAIT_SWEEP_MS = 250;

interface Taker {
  worker: Worker;
  ready: boolean;
  /** The connection sent and not yet taken: the primary keeps its copy until the worker says it has it. */
  handing: { id: number; socket: Socket } | null;
  /**
   * Connections the worker holds: the primary keeps a copy of each until the
   * worker is done with it, so that if the worker dies what it was answering
   * gets a 503 with Retry-After rather than a reset.
   */
  held: Map<number, Socket>;
  /** Told that no more connections will come. */
  drained: boolean;
}

interface Waiting {
  socket: Socket;
  since: number;
}

/**
 * The primary's half of connection handling in the cluster: it listens, and
 * hands each accepted connection to a ready worker, one at a time per worker
 * (the next goes to a worker once it has taken the last, so a worker busy
 * rendering is passed over), as Node's own round-robin does. Unlike Node's,
 * a connection the primary holds is never dropped: when a worker dies
 * before taking one it goes to another, and when no worker can take it
 * (all stopping, or none back within `LONGEST_WAIT_FOR_A_WORKER_MS`) the
 * primary itself answers 503 with Retry-After.
 */
export function createConnectionDispatch(options: {
  logger: Logger;
  /** The primary's own answer to a request no worker will take (server/ops/cluster.ts). */
  answerUnserved: RequestListener;
}) {
  const { logger } = options;
  const takers = new Map<Worker, Taker>();
  const waiting: Waiting[] = [];
  let nextId = 0;
  let turn = 0;
  let listener: Server | null = null;
  let closed = false;
  let sweep: NodeJS.Timeout | null = null;
  const unserved = createHttpServer(answerUnserved(options.answerUnserved));

  const canTake = (taker: Taker) => taker.ready && !taker.drained && taker.worker.isConnected();

  const hand = (taker: Taker, socket: Socket) => {
    const id = (nextId += 1);
    taker.handing = { id, socket };
    const message: PrimaryMessage = { folio: 'connection', id };
    taker.worker.send(message, socket, { keepOpen: true }, (error) => {
      // The worker is gone: the connection waits for another.
      if (error && taker.handing?.id === id) {
        taker.handing = null;
        waiting.unshift({ socket, since: Date.now() });
        dispatch();
      }
    });
  };

  const answerHere = (socket: Socket) => {
    requestsAnsweredUnavailable.labels('no_worker').inc();
    unserved.emit('connection', socket);
    socket.resume();
  };

  const dispatch = () => {
    const all = [...takers.values()];
    while (waiting.length > 0) {
      const free = all.filter((taker) => canTake(taker) && taker.handing === null);
      if (free.length === 0) break;
      turn = (turn + 1) % free.length;
      hand(free[turn]!, waiting.shift()!.socket);
    }
    // Stopping, and no worker left to take what waits: the primary answers it.
    if (closed && waiting.length > 0 && !all.some(canTake)) {
      logger.warn(
        { connections: waiting.length },
        `no worker left to take ${waiting.length} connection${waiting.length === 1 ? '' : 's'}: answering 503`,
      );
      for (const { socket } of waiting.splice(0)) answerHere(socket);
    }
    // Stopping: a worker that has taken everything it was sent hears that nothing more will come.
    // (A worker still starting has nothing: it hears it too, and exits.)
    if (closed && waiting.length === 0)
      for (const taker of all)
        if (!taker.drained && taker.worker.isConnected() && taker.handing === null) {
          taker.drained = true;
          const message: PrimaryMessage = { folio: 'drain' };
          taker.worker.send(message);
        }
    if (waiting.length > 0 && sweep === null) sweep = setInterval(answerLongWaits, WAIT_SWEEP_MS);
    if (waiting.length === 0 && sweep !== null) {
      clearInterval(sweep);
      sweep = null;
    }
  };

  const answerLongWaits = () => {
    const now = Date.now();
    while (waiting.length > 0 && now - waiting[0]!.since >= LONGEST_WAIT_FOR_A_WORKER_MS) {
      logger.warn(
        `no worker took a connection within ${LONGEST_WAIT_FOR_A_WORKER_MS} ms: answering 503`,
      );
      answerHere(waiting.shift()!.socket);
    }
    dispatch();
  };

  return {
    /** Listens on the site's port; resolves with the port (0 picks one). */
    listen(port: number, host: string): Promise<number> {
      listener = createServer({ pauseOnConnect: true }, (socket) => {
        // A reset before a worker took it is the client's doing; nothing to answer.
        socket.on('error', () => undefined);
        waiting.push({ socket, since: Date.now() });
        dispatch();
      });
      const server = listener;
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
      });
    },

    /** A newly forked worker: it is handed connections once it says it is ready. */
    add(worker: Worker): void {
      takers.set(worker, { worker, ready: false, handing: null, held: new Map(), drained: false });
      worker.on('message', (message: WorkerMessage) => {
        const taker = takers.get(worker);
        if (!taker || typeof message !== 'object' || message === null) return;
        if (message.folio === 'ready') taker.ready = true;
        if (message.folio === 'took' && taker.handing?.id === message.id) {
          taker.held.set(message.id, taker.handing.socket);
          taker.handing = null;
        }
        if (message.folio === 'closed') {
          // Only the primary's copy closes: the worker has ended the connection itself.
          taker.held.get(message.id)?.destroy();
          taker.held.delete(message.id);
        }
        dispatch();
      });
    },

    /**
     * A worker that exited: what it had been sent and not yet taken goes to
     * another. If it died (a signal, or an exit code but 0) the requests it
     * was answering are answered 503 here; a worker that stopped cleanly had
     * answered all of its own.
     */
    remove(worker: Worker, died: boolean): void {
      const taker = takers.get(worker);
      if (!taker) return;
      takers.delete(worker);
      if (taker.handing) waiting.unshift({ socket: taker.handing.socket, since: Date.now() });
      // Its send's callback may still come with an error: the connection is already waiting again.
      taker.handing = null;
      if (died && taker.held.size > 0)
        logger.warn(
          { workerPid: worker.process.pid, connections: taker.held.size },
          `answering 503 on ${taker.held.size} connection${taker.held.size === 1 ? '' : 's'} the dead worker held`,
        );
      for (const socket of taker.held.values())
        if (died) {
          requestsAnsweredUnavailable.labels('worker_died').inc();
          answerHeld(socket, options.answerUnserved);
        } else socket.destroy();
      dispatch();
    },

    /** Ready workers (for the log). */
    readyCount: () => [...takers.values()].filter((taker) => taker.ready).length,

    /**
     * Stops accepting connections: every one already accepted is handed to a
     * worker (or answered here), and then each worker is told to drain.
     */
    close(): void {
      if (closed) return;
      closed = true;
      listener?.close();
      dispatch();
    },
  };
}

/** How long the primary keeps a connection it answered for a dead worker open, for the client to read the answer and close. */
const HELD_ANSWER_LINGER_MS = 5_000;

/**
 * A 503 written on a connection a dead worker held. The worker had read the
 * request (so there is none to parse here): the answer is written as the
 * answer to it, and the connection closes after it.
 */
function answerHeld(socket: Socket, listener: RequestListener): void {
  const request = new IncomingMessage(socket);
  request.method = 'GET';
  request.url = '/';
  request.httpVersionMajor = 1;
  request.httpVersionMinor = 1;
  const response = new ServerResponse(request);
  response.shouldKeepAlive = false;
  response.assignSocket(socket);
  // Anything unread is read and dropped: closing on unread bytes would reset the connection.
  socket.on('data', () => undefined);
  socket.resume();
  response.once('finish', () => {
    response.detachSocket(socket);
    socket.end();
    setTimeout(() => socket.destroy(), HELD_ANSWER_LINGER_MS).unref();
  });
  answerUnserved(listener)(request, response);
}

/** The primary's answer to requests no worker will take: the request is read first (closing on unread bytes would reset the connection). */
function answerUnserved(listener: RequestListener): RequestListener {
  return (request, response) => {
    listener(request, response);
    if (!response.headersSent) answerRestarting(response);
  };
}
