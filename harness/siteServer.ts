import { openContentService, type ContentServiceOptions } from '../api/contentService';
import {
  serverSideOfService,
  startServer,
  type RunningServer,
  type ServerOptions,
} from '../server/startServer';

/**
 * One options object for both halves of a site in this process: the web
 * server's own (`ServerOptions`) and the content service's
 * (`ContentServiceOptions`, less what the server's side gives it: mode, log
 * and the reader's address).
 */
export type SiteServerOptions = ServerOptions &
  Omit<ContentServiceOptions, keyof ReturnType<typeof serverSideOfService>>;

/**
 * The real site in this process, as `npm start` composes it (server/start.ts):
 * the content service opened and ready, then handed to a server that builds
 * the site over it and listens. For tests and benchmarks that want one call.
 *
 * Each half reads its own settings from the one object; the few both read
 * (mode, logger, publicUrl) mean the same to both.
 */
export async function openSite(options: SiteServerOptions = {}): Promise<RunningServer> {
  const service = await openContentService({ ...options, ...serverSideOfService(options) });
  return startServer(service, options);
}

export type { RunningServer } from '../server/startServer';
