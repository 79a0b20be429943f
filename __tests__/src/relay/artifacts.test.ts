import type { ReaderFragment, ReaderSelection } from 'relay-runtime';
import ArticleIndexList from '@generated/ArticleIndex_query.graphql';
import AuthorArticles from '@generated/AuthorArticles_author.graphql';
import SearchResults from '@generated/SearchResults_query.graphql';
import TopicArticles from '@generated/TopicArticles_topic.graphql';
import { ARTICLE_PAGE_SIZE, SEARCH_PAGE_SIZE } from '../../../shared/limits';
import { routes } from '../../../src/routes';
import { queryArtifact } from '../../../src/routing/preparedQueries';

/**
 * Rules of the tree that the compiler cannot check (issue 14), read off the
 * compiled artifacts.
 */
const countDefault = (fragment: ReaderFragment) =>
  fragment.argumentDefinitions.find(
    (argument) => argument.name === 'count' && argument.kind === 'LocalArgument',
  );

it.each([
  ['ArticleIndex_query', ArticleIndexList, ARTICLE_PAGE_SIZE],
  ['TopicArticles_topic', TopicArticles, ARTICLE_PAGE_SIZE],
  ['AuthorArticles_author', AuthorArticles, ARTICLE_PAGE_SIZE],
  ['SearchResults_query', SearchResults, SEARCH_PAGE_SIZE],
] as const)('%s pages by the size in shared/limits.ts', (_, fragment, size) => {
  expect(countDefault(fragment as ReaderFragment)).toMatchObject({ defaultValue: size });
});

/** Every fragment spread directly in a selection set, through inline fragments and conditions. */
function spreads(selections: readonly ReaderSelection[]): string[] {
  return selections.flatMap((selection) => {
    if (selection.kind === 'FragmentSpread') return [selection.name];
    if (selection.kind === 'InlineFragment' || selection.kind === 'Condition')
      return spreads(selection.selections);
    return [];
  });
}

it.each(routes.map((route) => [route.id, route] as const))(
  'the %s route’s query spreads AppLayout_query at its root, so the frame comes with the page',
  async (_, route) => {
    // The route table holds the query's parameters; its page's code registers the artifact.
    await route.page();
    expect(spreads(queryArtifact(route.query).fragment.selections)).toContain('AppLayout_query');
  },
);
