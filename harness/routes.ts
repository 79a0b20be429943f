/**
 * Every route of docs/routes.md#routes with a page of the seed content, the heading it
 * opens with and something that proves its content arrived.
 */
export interface RouteCase {
  name: string;
  path: string;
  heading: string;
  shows: string | RegExp;
}

export const ROUTES: RouteCase[] = [
  {
    name: 'home',
    path: '/',
    heading: 'How things work, explained with care',
    shows: "Editors' picks",
  },
  { name: 'articles', path: '/articles', heading: 'All articles', shows: '32 articles' },
  {
    name: 'article',
    path: '/articles/reading-the-tides',
    heading: 'Reading the tides',
    shows: 'Related reading',
  },
  { name: 'topics', path: '/topics', heading: 'Topics', shows: 'Craft' },
  { name: 'topic', path: '/topics/science', heading: 'Science', shows: 'Why the sky is blue' },
  {
    name: 'author',
    path: '/authors/eliza-marsh',
    heading: 'Eliza Marsh',
    shows: 'Articles by Eliza Marsh',
  },
  { name: 'search', path: '/search?q=tide', heading: 'Search', shows: /results? for “tide”/ },
  { name: 'about', path: '/about', heading: 'About Folio', shows: 'Found a mistake?' },
  {
    name: 'start-here',
    path: '/start-here',
    heading: 'Start here',
    shows: 'The route: one essay per topic',
  },
  {
    name: 'not-found',
    path: '/articles/no-such-article',
    heading: 'Page not found',
    shows: 'browse all articles',
  },
];
