import { useState, useSyncExternalStore } from 'react';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import type { HelpfulVote_article$key } from '@generated/HelpfulVote_article.graphql';
import type { HelpfulVoteMutation } from '@generated/HelpfulVoteMutation.graphql';
import { graphQLErrorCode } from '../../relay/errors';
import { readVote, rememberVote, subscribeToVotes, type Vote } from './helpfulVotes';
import { useMessages } from '../../i18n/useMessages';
import type { MessageId } from '../../i18n/__generated__/messageIds';

/** What the reader is told when a vote is not counted (docs/errors.md#error-catalogue: by `extensions.code`). */
const FAILED: MessageId = 'helpful.failed';
const RATE_LIMITED: MessageId = 'helpful.rateLimited';

/**
 * "Was this helpful?" The counts change at once (optimistic update) and roll
 * back if the vote fails; a browser votes once per article.
 */
export function HelpfulVote({ article }: { article: HelpfulVote_article$key }) {
  const t = useMessages();
  const data = useFragment(
    graphql`
      fragment HelpfulVote_article on Article {
        id
        helpfulCount
        notHelpfulCount
      }
    `,
    article,
  );
  const [commit, isInFlight] = useMutation<HelpfulVoteMutation>(graphql`
    mutation HelpfulVoteMutation($articleId: ID!, $helpful: Boolean!) {
      rateArticle(articleId: $articleId, helpful: $helpful) {
        article {
          id
          helpfulCount
          notHelpfulCount
        }
      }
    }
  `);
  // The vote this browser remembers: none on the server and while hydrating
  // (so both render alike), then localStorage's.
  const remembered = useSyncExternalStore(
    subscribeToVotes,
    () => readVote(data.id),
    () => null,
  );
  // This page's own vote, for when storage is disabled and nothing is remembered.
  const [cast, setCast] = useState<Vote | null>(null);
  const vote = cast ?? remembered;
  const [failure, setFailure] = useState<MessageId | null>(null);

  const castVote = (helpful: boolean) => {
    if (vote || isInFlight) return;
    const next: Vote = helpful ? 'helpful' : 'not-helpful';
    setCast(next);
    setFailure(null);
    rememberVote(data.id, next);
    commit({
      variables: { articleId: data.id, helpful },
      optimisticResponse: {
        rateArticle: {
          article: {
            id: data.id,
            helpfulCount: data.helpfulCount + (helpful ? 1 : 0),
            notHelpfulCount: data.notHelpfulCount + (helpful ? 0 : 1),
          },
        },
      },
      onError: (error) => {
        setCast(null);
        setFailure(graphQLErrorCode(error) === 'RATE_LIMITED' ? RATE_LIMITED : FAILED);
        rememberVote(data.id, null);
      },
    });
  };

  return (
    <section className="helpful-vote" aria-labelledby="helpful-heading">
      <h2 id="helpful-heading" className="helpful-vote__heading">
        {t('helpful.heading')}
      </h2>
      <div className="helpful-vote__buttons">
        <button
          type="button"
          className="button--secondary"
          aria-pressed={vote === 'helpful'}
          disabled={vote !== null || isInFlight}
          onClick={() => castVote(true)}
        >
          {t('helpful.yes')} <span className="helpful-vote__count">{data.helpfulCount}</span>
        </button>
        <button
          type="button"
          className="button--secondary"
          aria-pressed={vote === 'not-helpful'}
          disabled={vote !== null || isInFlight}
          onClick={() => castVote(false)}
        >
          {t('helpful.no')} <span className="helpful-vote__count">{data.notHelpfulCount}</span>
        </button>
      </div>
      <p className="helpful-vote__status" role="status">
        {failure ? t(failure) : vote ? t('helpful.thanks') : ''}
      </p>
    </section>
  );
}
