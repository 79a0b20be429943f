import { createContext, useContext } from 'react';

/** What a page knows about how it is served, the same on the server and in the browser. */
export interface Site {
  /** The public origin (`https://folio.example`) for absolute URLs: canonical, Open Graph, JSON-LD. */
  origin: string;
  /** This page load is a preview (drafts visible, its own store; never cached). */
  preview: boolean;
}

export const SiteContext = createContext<Site>({ origin: 'http://localhost', preview: false });

export function useSite(): Site {
  return useContext(SiteContext);
}

/** `path` (or an already absolute URL) as an absolute URL on the site's public origin. */
export function absoluteUrl(site: Site, path: string): string {
  return new URL(path, site.origin).toString();
}
