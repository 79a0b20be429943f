import express, { type NextFunction, type Request, type Response } from 'express';
import {
  type NotificationInbox,
  type WebhookOutcome,
  webhookRequests,
} from '../../api/contentService';

import { CONTENT_HOOK_PATH } from '../../shared/sitePaths';

export { CONTENT_HOOK_PATH };

/** The largest notification taken: Strapi sends the whole entry, body included. */
const LARGEST_BODY = '1mb';

export interface ContentHookOptions {
  /** The content service's inbox (api/changes/notificationInbox.ts): the secret, budgets, reading and announcing. */
  inbox: NotificationInbox;
  clientAddress: (request: Request) => string;
}

const json = (
  response: Response,
  answer: { status: number; body: object; headers?: Record<string, string> },
) =>
  response
    .status(answer.status)
    .set({ 'Cache-Control': 'no-store', ...answer.headers })
    .json(answer.body);

/**
 * `POST /hooks/content` (issue 21): a CMS's change notification, handed to
 * the content service's inbox once its sender showed the secret. A body that
 * is not JSON, too large or unreadable is a 4xx that says why.
 */
export function createContentHook(options: ContentHookOptions): express.Router {
  const router = express.Router({ caseSensitive: true });
  const parseBody = express.json({
    limit: LARGEST_BODY,
    type: ['application/json', 'application/*+json'],
    strict: true,
  });
  // Every notification counted by how it ended (folio_webhook_requests_total).
  router.use(CONTENT_HOOK_PATH, (_request, response, next) => {
    response.once('finish', () =>
      webhookRequests.labels(webhookOutcomeOf(response.statusCode)).inc(),
    );
    next();
  });
  router.post(CONTENT_HOOK_PATH, async (request, response, next) => {
    let refused;
    try {
      refused = await options.inbox.admit(
        request.get('authorization'),
        options.clientAddress(request),
      );
    } catch (error) {
      return next(error);
    }
    if (refused) return void json(response, refused);
    parseBody(request, response, (error?: unknown) =>
      error ? next(error) : void announce(request, response).catch(next),
    );
  });
  router.all(CONTENT_HOOK_PATH, (_request, response) =>
    json(response, {
      status: 405,
      body: { error: 'Send notifications with POST.' },
      headers: { Allow: 'POST' },
    }),
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
      json(response, { status, body: { error: reason } });
    },
  );

  async function announce(request: Request, response: Response) {
    if (!request.is(['application/json', 'application/*+json'])) {
      json(response, {
        status: 400,
        body: { error: 'Send the notification as JSON (Content-Type: application/json).' },
      });
      return;
    }
    json(response, await options.inbox.announce(request.headers, request.body as unknown));
  }
  return router;
}

/** A notification's outcome by its answer's status: taken, refused (no or a wrong secret, the hook off, too many), not a notification, or Folio's failure. */
function webhookOutcomeOf(status: number): WebhookOutcome {
  if (status < 400) return 'accepted';
  if (status >= 500) return 'failed';
  return status === 401 || status === 403 || status === 404 || status === 429
    ? 'refused'
    : 'invalid';
}
