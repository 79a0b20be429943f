/**
 * The bounds of live updates (docs/http-and-cache.md#live-updates), in one
 * place: what one reader's address may hold open, how often a quiet stream
 * says it is alive, and what a reader who does not read may cost.
 */

/** Streams one address may hold open at once; more are answered 429 (an office behind one address has room; a script does not get the server's memory). */
export const LIVE_STREAMS_PER_ADDRESS = 32;

/** How often a quiet stream gets a comment line: under Varnish's `pipe_timeout` (60 s) and common proxies' idle timeouts. */
export const LIVE_HEARTBEAT_MS = 15_000;

/** The shortest reconnection wait a draining server hints (`retry:`); each stream gets up to five times it, so readers return spread out. */
export const LIVE_RETRY_MS = 1_000;

/** `Retry-After` (seconds) of a stream refused for being one too many, or by a stopping server. */
export const LIVE_REFUSED_RETRY_AFTER_S = 10;

/** Streams written to before the event loop is let go between batches of one update. */
export const LIVE_SEND_BATCH = 100;

/** Bytes waiting to be sent to one stream past which its reader is taken as not reading, and cut. */
export const LIVE_SLOW_READER_BYTES = 256 * 1024;
