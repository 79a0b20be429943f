import type { ComponentType } from 'react';
import type { OperationType, PreloadableConcreteRequest, Variables } from 'relay-runtime';

export const NOT_FOUND = Symbol('not found');
export const NO_QUERY = Symbol('no query');

/** A part of a page to load before it renders (src/routing/pagePart.tsx). */
export interface PartToLoad {
  chunk: string;
  load: () => Promise<unknown>;
}

/** What a route's `page` loads: the page, and the parts the content it found needs. */
export interface PageModule {
  default: ComponentType;
  /** The parts the route's subject (the query's answer for it) needs; none when absent. */
  partsOf?: (subject: unknown) => readonly PartToLoad[];
}

export interface RouteMatch {
  params: Readonly<Record<string, string | undefined>>;
  searchParams: URLSearchParams;
}

/**
 * One entry of the route table: a path, the query its page needs, how to
 * derive that query's variables from the URL, and the page loaded lazily.
 */
export interface FolioRoute {
  /** Unique name of the route: the router's route id, and how logs and tests name the page. */
  id: string;
  path: string;
  /**
   * The page's query as its `@preloadable` parameters (name and persisted id):
   * enough to send it the moment navigation starts, while the query's full
   * artifact (what normalizes and reads the answer) comes with the page's code.
   */
  query: PreloadableConcreteRequest<OperationType>;
  /**
   * The query's variables; `NOT_FOUND` when the URL cannot name any content
   * (a 404 without a request); `NO_QUERY` when the page has nothing to ask yet
   * (a search shorter than two characters).
   */
  prepare: (match: RouteMatch) => Variables | typeof NOT_FOUND | typeof NO_QUERY;
  page: () => Promise<PageModule>;
  /**
   * The name of the code chunk `page` loads (its `webpackChunkName`): the
   * server names that chunk's files in the document so the browser has them
   * before it hydrates. The server refuses to start when one is missing.
   */
  chunk: string;
  /**
   * The chunks of the parts of the page only some of its documents show
   * (src/routing/pagePart.tsx; the article's live blog): the server names
   * those a page needs beside `chunk`, and refuses to start when one is missing.
   */
  partChunks?: readonly string[];
  /**
   * The query's root field that holds the page's content (`article`, `topic`…):
   * when the answer has none, the page is a 404, on the server and in the browser.
   */
  subject?: string;
  /**
   * Where a document of this route lives by its slug (`articlePath`…): a
   * document the API found by a slug it left (docs/routes.md#addresses-that-moved)
   * is redirected there on a client-side navigation, as the server answers 301.
   */
  pathOf?: (slug: string) => string;
  /**
   * The page shows a failed query in place (the search keeps its box and what
   * was typed); other pages give way to the route's error state.
   */
  showsOwnErrors?: boolean;
}
