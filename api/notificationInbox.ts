import type { IncomingHttpHeaders } from 'node:http';
import { isContentError } from './contentError';
import type { Database } from './db/database';
import { bearerToken, isSecret } from './previewCredential';
import { budgetExhausted, spendBudget, type RateBudget } from './readerData/rateLimits';
import type { SourceKind } from './sources/contentSource';
import { notificationFits, readNotification } from './sources/readNotification';
import { announceContentChange } from './changes/contentChange';

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

/** What the route answers: a status, a JSON body and its own headers. */
export interface InboxAnswer {
  status: number;
  body: object;
  headers?: Record<string, string>;
}

export interface NotificationInboxOptions {
  /** `FOLIO_WEBHOOK_SECRET`; without one the inbox is closed (404). */
  secret: string | undefined;
  db: Database;
  /** The content source this server reads: a notification from another CMS names none of it. */
  source: SourceKind;
  logger: {
    info(fields: object, message: string): void;
    warn(fields: object, message: string): void;
  };
}

const tooMany = (message: string): InboxAnswer => ({
  status: 429,
  body: { error: message },
  headers: { 'Retry-After': '60' },
});

/**
 * A CMS's change notifications (issue 21): each becomes one content change
 * (`announceContentChange`, cause `webhook`), and every cache follows. Two
 * steps, so a body is read only from a caller that showed the secret:
 * `admit` checks `FOLIO_WEBHOOK_SECRET` as a Bearer token (constant-time
 * compare; 401 otherwise) and spends the address's budget, `announce` reads
 * the notification (a body it does not understand is a 400 that says why).
 * Closed without a secret: a 404 that says so, since a CMS told
 * "unavailable" (503) would only try again. The HTTP route is the server's
 * (server/hooks/contentHook.ts).
 */
export function createNotificationInbox(options: NotificationInboxOptions) {
  return {
    /** Null when the caller may send its notification; otherwise the answer. */
    async admit(authorization: string | undefined, client: string): Promise<InboxAnswer | null> {
      if (options.secret === undefined) {
        return {
          status: 404,
          body: {
            error: 'Content notifications are off on this server: FOLIO_WEBHOOK_SECRET is not set.',
          },
        };
      }
      try {
        // The secret first (a constant-time compare): a caller that shows it is never refused for
        // others' guesses from the same address (a CMS's shared senders, a proxy). Successes and
        // failures are budgeted apart.
        const token = bearerToken(authorization);
        if (token !== null && isSecret(token, options.secret)) {
          await spendBudget(options.db, WEBHOOK_BUDGET, client);
          return null;
        }
        // Guesses past the budget are refused unread.
        if (await budgetExhausted(options.db, WEBHOOK_REFUSED_BUDGET, client))
          return tooMany(WEBHOOK_REFUSED_BUDGET.message);
        await spendBudget(options.db, WEBHOOK_REFUSED_BUDGET, client);
      } catch (error) {
        if (!isContentError(error, 'RATE_LIMITED')) throw error;
        return tooMany((error as Error).message);
      }
      options.logger.warn({ client }, 'content notification refused: wrong or missing secret');
      return {
        status: 401,
        body: {
          error:
            'The notification must carry the shared secret as Authorization: Bearer <FOLIO_WEBHOOK_SECRET>.',
        },
        headers: { 'WWW-Authenticate': 'Bearer' },
      };
    },

    /** An admitted notification's JSON body, announced as a change when it names this source's content. */
    async announce(headers: IncomingHttpHeaders, body: unknown): Promise<InboxAnswer> {
      const notification = readNotification(headers, body);
      if (notification.kind === 'invalid') {
        options.logger.warn({ reason: notification.reason }, 'content notification not understood');
        return { status: 400, body: { error: notification.reason } };
      }
      if (!notificationFits(notification.cms, options.source)) {
        return {
          status: 400,
          body: {
            error: `This server reads ${options.source} content; a ${notification.cms} notification names none of it.`,
          },
        };
      }
      if (notification.kind === 'ignored')
        return { status: 200, body: { ignored: notification.reason } };
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
      if (notification.notice)
        options.logger.warn(notification.notice.fields, notification.notice.message);
      return {
        status: 200,
        body: {
          announced: { records: notification.records, listsChanged: notification.listsChanged },
        },
      };
    },
  };
}

export type NotificationInbox = ReturnType<typeof createNotificationInbox>;
