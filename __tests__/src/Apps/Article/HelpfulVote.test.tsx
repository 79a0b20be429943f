/**
 * @jest-environment ./__tests__/support/jsdomEnvironment.js
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import { MockPayloadGenerator } from 'relay-test-utils';
import type { HelpfulVoteTestQuery } from '@generated/HelpfulVoteTestQuery.graphql';
import { HelpfulVote } from '../../../../src/Apps/Article/HelpfulVote';
import { GraphQLResponseError } from '../../../../src/relay/errors';
import { renderWithRelay } from '../../../support/renderWithRelay';

const helpfulVoteTestQuery = graphql`
  query HelpfulVoteTestQuery @relay_test_operation {
    article(slug: "any") {
      ...HelpfulVote_article
    }
  }
`;

function Harness() {
  const data = useLazyLoadQuery<HelpfulVoteTestQuery>(helpfulVoteTestQuery, {});
  return data.article ? <HelpfulVote article={data.article} /> : null;
}

function renderVote() {
  return renderWithRelay(<Harness />, (operation) =>
    MockPayloadGenerator.generate(operation, {
      Article: () => ({ id: 'article-1', helpfulCount: 7, notHelpfulCount: 2 }),
    }),
  ).environment;
}

const yes = () => screen.getByRole('button', { name: /^Yes/ });

describe('HelpfulVote', () => {
  beforeEach(() => localStorage.clear());

  it('counts the vote at once, sends one request, and keeps the server count', () => {
    const environment = renderVote();
    fireEvent.click(yes());
    expect(yes().textContent).toBe('Yes 8');
    fireEvent.click(yes());
    const operations = environment.mock.getAllOperations();
    expect(operations).toHaveLength(1);
    expect(operations[0]!.request.variables).toEqual({ articleId: 'article-1', helpful: true });

    act(() =>
      environment.mock.resolve(operations[0]!, {
        data: {
          rateArticle: { article: { id: 'article-1', helpfulCount: 9, notHelpfulCount: 2 } },
        },
      }),
    );
    expect(yes().textContent).toBe('Yes 9');
    expect(yes().getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem('folio:helpful-votes')!)).toEqual({
      'article-1': 'helpful',
    });
  });

  it('rolls the count back and lets the reader vote again when the vote fails', () => {
    const environment = renderVote();
    fireEvent.click(screen.getByRole('button', { name: /^No/ }));
    expect(screen.getByRole('button', { name: /^No/ }).textContent).toBe('No 3');

    act(() => environment.mock.rejectMostRecentOperation(new Error('offline')));
    expect(screen.getByRole('button', { name: /^No/ }).textContent).toBe('No 2');
    expect(screen.getByRole('status').textContent).toMatch(/could not be saved/);
    expect(yes()).not.toHaveProperty('disabled', true);
    expect(localStorage.getItem('folio:helpful-votes')).toBe('{}');
  });

  it('says so when this connection has voted too often (RATE_LIMITED), and rolls the count back', () => {
    const environment = renderVote();
    fireEvent.click(yes());
    act(() =>
      environment.mock.rejectMostRecentOperation(
        new GraphQLResponseError(
          'HelpfulVoteMutation',
          [
            {
              message: 'Too many votes on this article from this address; try again in an hour.',
              extensions: { code: 'RATE_LIMITED' },
            },
          ],
          200,
        ),
      ),
    );
    expect(yes().textContent).toBe('Yes 7');
    expect(screen.getByRole('status').textContent).toMatch(/too many votes on this article/i);
  });

  it('remembers a vote made earlier in this browser', () => {
    localStorage.setItem('folio:helpful-votes', JSON.stringify({ 'article-1': 'not-helpful' }));
    renderVote();
    expect(screen.getByRole('button', { name: /^No/ }).getAttribute('aria-pressed')).toBe('true');
    expect(yes()).toHaveProperty('disabled', true);
  });
});
