import { changesOf } from '../live/liveChanges';
import type { ApiContext } from './context';
import { apiError } from './errors';

/**
 * `Subscription` (docs/http-and-cache.md#live-updates): each field is the
 * query field of the same name, answered once at once and again after every
 * change touching what it showed (api/live/liveChanges.ts). Only the event
 * stream endpoint gives the context its change feed; over `/graphql` a
 * subscription is refused.
 */
export function liveField<Args>(
  query: (parent: unknown, args: Args, context: ApiContext) => unknown,
) {
  return {
    subscribe: (_: unknown, __: Args, context: ApiContext) => {
      if (!context.live)
        throw apiError(
          'BAD_REQUEST',
          'Subscriptions are served as server-sent events at /graphql/stream.',
        );
      return changesOf(context.live);
    },
    resolve: (_: unknown, args: Args, context: ApiContext) => query(undefined, args, context),
  };
}
