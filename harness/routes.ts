import type { Locale } from '../shared/locales';

/** The kinds of page docs/routes.md#routes lists (a locale's pages are the same kinds). */
export type RouteKind =
  'home' | 'articles' | 'article' | 'topics' | 'topic' | 'author' | 'search' | 'page' | 'not-found';

/**
 * Every route of docs/routes.md#routes with a page of the seed content, in
 * each language the seed has (docs/decisions.md#locales): the heading it opens with and
 * something that proves its content arrived.
 */
export interface RouteCase {
  /** Unique: what a screenshot or a test is named after. */
  name: string;
  kind: RouteKind;
  locale: Locale;
  path: string;
  heading: string;
  shows: string | RegExp;
}

const ENGLISH: RouteCase[] = [
  {
    name: 'home',
    kind: 'home',
    locale: 'en',
    path: '/',
    heading: 'How things work, explained with care',
    shows: "Editors' picks",
  },
  {
    name: 'articles',
    kind: 'articles',
    locale: 'en',
    path: '/articles',
    heading: 'All articles',
    shows: '33 articles',
  },
  {
    name: 'article',
    kind: 'article',
    locale: 'en',
    path: '/articles/reading-the-tides',
    heading: 'Reading the tides',
    shows: 'Related reading',
  },
  {
    name: 'topics',
    kind: 'topics',
    locale: 'en',
    path: '/topics',
    heading: 'Topics',
    shows: 'Craft',
  },
  {
    name: 'topic',
    kind: 'topic',
    locale: 'en',
    path: '/topics/science',
    heading: 'Science',
    // The topic's newest article (the seed's live blog), first on its first page.
    shows: 'Live: the Perseids from a dark-sky park',
  },
  {
    name: 'author',
    kind: 'author',
    locale: 'en',
    path: '/authors/eliza-marsh',
    heading: 'Eliza Marsh',
    shows: 'Articles by Eliza Marsh',
  },
  {
    name: 'search',
    kind: 'search',
    locale: 'en',
    path: '/search?q=tide',
    heading: 'Search',
    shows: /results? for “tide”/,
  },
  {
    name: 'about',
    kind: 'page',
    locale: 'en',
    path: '/about',
    heading: 'About Folio',
    shows: 'Found a mistake?',
  },
  {
    name: 'start-here',
    kind: 'page',
    locale: 'en',
    path: '/start-here',
    heading: 'Start here',
    shows: 'The route: one essay per topic',
  },
  {
    name: 'not-found',
    kind: 'not-found',
    locale: 'en',
    path: '/articles/no-such-article',
    heading: 'Page not found',
    shows: 'browse all articles',
  },
];

/** The seed's German pages (content/**\/*.de.md, site.de.yaml). */
const GERMAN: RouteCase[] = [
  {
    name: 'home-de',
    kind: 'home',
    locale: 'de',
    path: '/de',
    heading: 'Wie die Dinge funktionieren, mit Sorgfalt erklärt',
    shows: 'Empfehlungen der Redaktion',
  },
  {
    name: 'articles-de',
    kind: 'articles',
    locale: 'de',
    path: '/de/articles',
    heading: 'Alle Artikel',
    shows: '9 Artikel',
  },
  {
    name: 'article-de',
    kind: 'article',
    locale: 'de',
    path: '/de/articles/die-gezeiten-lesen',
    heading: 'Die Gezeiten lesen',
    shows: 'Mehr zum Thema',
  },
  {
    name: 'topics-de',
    kind: 'topics',
    locale: 'de',
    path: '/de/topics',
    heading: 'Themen',
    shows: 'Natur',
  },
  {
    name: 'topic-de',
    kind: 'topic',
    locale: 'de',
    path: '/de/topics/wissenschaft',
    heading: 'Wissenschaft',
    shows: 'Warum der Himmel blau ist und der Sonnenuntergang rot',
  },
  {
    name: 'author-de',
    kind: 'author',
    locale: 'de',
    path: '/de/authors/eliza-marsh',
    heading: 'Eliza Marsh',
    shows: 'Artikel von Eliza Marsh',
  },
  {
    name: 'search-de',
    kind: 'search',
    locale: 'de',
    path: '/de/search?q=meer',
    heading: 'Suche',
    shows: /Treffer für „meer“/,
  },
  {
    name: 'about-de',
    kind: 'page',
    locale: 'de',
    path: '/de/ueber-uns',
    heading: 'Über Folio',
    shows: 'Einen Fehler entdeckt?',
  },
  {
    name: 'not-found-de',
    kind: 'not-found',
    locale: 'de',
    path: '/de/articles/kein-solcher-artikel',
    heading: 'Seite nicht gefunden',
    shows: 'zu allen Artikeln',
  },
];

export const ROUTES: RouteCase[] = [...ENGLISH, ...GERMAN];
