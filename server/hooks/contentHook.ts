import express, { type NextFunction, type Request, type Response } from 'express';
import { announceContentChange } from '../../api/changes/contentChange';
import { budgetExhausted, spendBudget, type RateBudget } from '../../api/readerData/rateLimits';
import type { Database } from '../../api/db/database';
import { bearerToken, isSecret } from '../../api/previewCredential';
import type { SourceKind } from '../../api/sources/contentSource';
import type { Logger } from '../ops/logger';
import { notificationFits, readNotification } from '../../api/sources/readNotification';
import { isContentError } from '../../api/contentError';

/** Where CMSs send their change notifications (docs/publishing.md#change-events-and-freshness). */
export const CONTENT_HOOK_PATH = '/hooks/content';

/** The largest notification taken: Strapi sends the whole entry, body included. */
const LARGEST_BODY = '1mb';

/**
 * Notifications per client address per minute: a CMS publishing a release
 * sends one per entry, so the budget is generous; it only stops a flood.
 */
export const WEBHOOK_BUDGET: RateBudget = {
  name: 'webhook',
  limit: 600,
  window: 'minute',
  message: 'Too many notifications from this address; try again in a minute.',
};
/** Refused secrets per client address per hour, before every further attempt is refused unread. */
export const WEBHOOK_REFUSED_BUDGET: RateBudget = {
  name: 'webhook-refused',
  limit: 20,
  window: 'hour',
  message: 'Too many refused notifications from this address; try again in an hour.',
};

export interface ContentHookOptions {
  /** `FOLIO_WEBHOOK_SECRET`; without one the route is off (404). */
  secret: string | undefined;
  db: Database;
  /** The content source this server reads: a notification from another CMS names none of it. */
  source: SourceKind;
  clientAddress: (request: Request) => string;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

const json = (
  response: Response,
  status: number,
  body: object,
  headers: Record<string, string> = {},
) =>
  response
    .status(status)
    .set({ 'Cache-Control': 'no-store', ...headers })
    .json(body);

const tooMany = (response: Response, message: string) =>
  json(response, 429, { error: message }, { 'Retry-After': '60' });

const isRateLimited = (error: unknown) => isContentError(error, 'RATE_LIMITED');

/**
 * `POST /hooks/content` (issue 21): a CMS's change notification becomes one
 * content change (`announceContentChange`, cause `webhook`), and every cache
 * follows (api/changes/). Authenticated by `FOLIO_WEBHOOK_SECRET` as a Bearer
 * token (constant-time compare; 401 and nothing announced otherwise), rate
 * limited per client address, and a body it does not understand is a 400
 * that says why. Without a secret the route is off: a 404 that says so,
 * since a CMS told "unavailable" (503) would only try again.
 */
export function createContentHook(options: ContentHookOptions): express.Router {
  const router = express.Router();
  const parseBody = express.json({
    limit: LARGEST_BODY,
    type: ['application/json', 'application/*+json'],
    strict: true,
  });
  router.post(CONTENT_HOOK_PATH, async (request, response, next) => {
    if (options.secret === undefined) {
      json(response, 404, {
        error: 'Content notifications are off on this server: FOLIO_WEBHOOK_SECRET is not set.',
      });
      return;
    }
    const client = options.clientAddress(request);
    try {
      // The secret first (a constant-time compare): a caller that shows it is never refused for
      // others' guesses from the same address (a CMS's shared senders, a proxy). Successes and
      // failures are budgeted apart.
      const token = bearerToken(request.get('authorization'));
      if (token !== null && isSecret(token, options.secret)) {
        await spendBudget(options.db, WEBHOOK_BUDGET, client);
      } else {
        // Guesses past the budget are refused unread.
        if (await budgetExhausted(options.db, WEBHOOK_REFUSED_BUDGET, client)) {
          tooMany(response, WEBHOOK_REFUSED_BUDGET.message);
          return;
        }
        await spendBudget(options.db, WEBHOOK_REFUSED_BUDGET, client);
        options.logger.warn({ client }, 'content notification refused: wrong or missing secret');
        json(
          response,
          401,
          {
            error:
              'The notification must carry the shared secret as Authorization: Bearer <FOLIO_WEBHOOK_SECRET>.',
          },
          { 'WWW-Authenticate': 'Bearer' },
        );
        return;
      }
    } catch (error) {
      if (!isRateLimited(error)) return next(error);
      tooMany(response, (error as Error).message);
      return;
    }
    parseBody(request, response, (error?: unknown) =>
      error ? next(error) : void announce(request, response).catch(next),
    );
  });
  router.all(CONTENT_HOOK_PATH, (_request, response) =>
    json(response, 405, { error: 'Send notifications with POST.' }, { Allow: 'POST' }),
  );
  // Bodies that are not JSON, too large, or in an encoding we do not read: the client's mistake, said plainly.
  router.use(
    CONTENT_HOOK_PATH,
    (error: unknown, _request: Request, response: Response, next: NextFunction) => {
      const status = (error as { status?: unknown }).status;
      if (typeof status !== 'number' || status >= 500 || response.headersSent) return next(error);
      const type = (error as { type?: unknown }).type;
      const reason =
        type === 'entity.too.large'
          ? `The notification is larger than ${LARGEST_BODY}.`
          : type === 'entity.parse.failed'
            ? 'The body is not a JSON object.'
            : `The body could not be read (${(error as Error).message}).`;
      json(response, status, { error: reason });
    },
  );

  async function announce(request: Request, response: Response) {
    if (!request.is(['application/json', 'application/*+json'])) {
      json(response, 400, {
        error: 'Send the notification as JSON (Content-Type: application/json).',
      });
      return;
    }
    const notification = readNotification(request.headers, request.body as unknown);
    if (notification.kind === 'invalid') {
      options.logger.warn({ reason: notification.reason }, 'content notification not understood');
      json(response, 400, { error: notification.reason });
      return;
    }
    if (!notificationFits(notification.cms, options.source)) {
      json(response, 400, {
        error: `This server reads ${options.source} content; a ${notification.cms} notification names none of it.`,
      });
      return;
    }
    if (notification.kind === 'ignored') {
      json(response, 200, { ignored: notification.reason });
      return;
    }
    await announceContentChange(options.db, {
      source: options.source,
      cause: 'webhook',
      records: notification.records,
      listsChanged: notification.listsChanged,
    });
    options.logger.info(
      { cms: notification.cms, event: notification.event, records: notification.records },
      `content notification: ${notification.event}`,
    );
    json(response, 200, {
      announced: { records: notification.records, listsChanged: notification.listsChanged },
    });
  }
  return router;
}
