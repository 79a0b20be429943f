import type { ComponentType } from 'react';
import type { ConcreteRequest, Variables } from 'relay-runtime';

export interface RouteMatch {
  params: Readonly<Record<string, string | undefined>>;
  searchParams: URLSearchParams;
}

/**
 * One entry of the route table: a path, the query its page needs, how to
 * derive that query's variables from the URL, and the page loaded lazily.
 */
export interface FolioRoute {
  path: string;
  /** The page's compiled query (its artifact, not the page module, so code stays split). */
  query: ConcreteRequest;
  /** The query's variables, or null when the URL cannot name any content (404, no request). */
  prepare: (match: RouteMatch) => Variables | null;
  page: () => Promise<{ default: ComponentType }>;
}
