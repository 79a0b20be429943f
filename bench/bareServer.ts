import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import path from 'node:path';

/**
 * The physical limit of the throughput benchmark: a bare Node `http` server
 * that answers every request with one fixed answer (status, headers and body
 * bytes taken from Folio's own answer), with no routing, no lookup and no
 * negotiation. It runs in a process of its own, as the site does, so that it
 * gets a core of its own beside the load generator.
 */

/** One answer, as Folio sent it. Node writes Date, Connection and Keep-Alive itself. */
export interface BareAnswer {
  status: number;
  /** Header name and value pairs, in the order and spelling Folio sent them. */
  headers: [string, string][];
  body: Buffer;
}

/** Headers Node's http server writes on its own for every answer: not replayed. */
export const GENERATED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

export interface BareServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

interface StartMessage {
  status: number;
  headers: [string, string][];
  body: string;
}

/** Starts the bare server in a child process (Node with tsx's loader) and resolves once it listens. */
export function startBareServer(answer: BareAnswer): Promise<BareServer> {
  const child = fork(__filename, [], {
    cwd: path.resolve(__dirname, '..'),
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise<BareServer>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error('The bare server did not listen within 30 s.'));
    }, 30_000);
    child.once('message', (message: { port: number }) => {
      clearTimeout(timer);
      resolve({ url: `http://127.0.0.1:${message.port}`, pid: child.pid!, stop });
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error('The bare server exited before it listened.'));
    });
    const start: StartMessage = {
      status: answer.status,
      headers: answer.headers,
      body: answer.body.toString('base64'),
    };
    child.send(start);
  });
}

/** The child: one fixed answer for every request. */
function serve(message: StartMessage): void {
  const body = Buffer.from(message.body, 'base64');
  // writeHead takes a flat [name, value, name, value, …] list, kept as it is.
  const headers = message.headers.flat();
  const server = createServer((_request, response) => {
    response.writeHead(message.status, headers);
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
  // The benchmark ended (or died): so does the server.
  process.once('disconnect', () => process.exit(0));
  process.once('SIGTERM', () => process.exit(0));
}

if (require.main === module && process.send) {
  process.once('message', (message: StartMessage) => serve(message));
}
