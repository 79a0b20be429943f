import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A part of a page that some of its documents show and most do not (a live
 * blog's coverage on an article), in a chunk of its own so that the others
 * do not load it. The route's loader loads the parts the query's answer
 * needs before the page renders (createFolioRouter.tsx, a page module's
 * `partsOf`), and the server names their chunks in the document
 * (src/ssr/renderPage.tsx), so the browser has them before it hydrates: the
 * part then renders at once, as on the server. A part the page comes to need
 * later (an article that turned live while open) loads then, inside the
 * part's own `<Suspense>`, which shows nothing until it has come.
 */
export interface PagePart<P extends object> {
  /** Its chunk's name (its `webpackChunkName`); the route lists it in `partChunks`. */
  chunk: string;
  /** Loads its code, once (again after a failure, such as a chunk that did not arrive offline). */
  load: () => Promise<unknown>;
  /** The part's component, with its own `<Suspense>` (nothing while its chunk loads). */
  Component: ComponentType<P>;
}

export function pagePart<P extends object>(
  chunk: string,
  importer: () => Promise<{ default: ComponentType<P> }>,
): PagePart<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const load = () => {
    if (!loading) {
      loading = importer().then((module) => (loaded = module.default));
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  };
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function Part(props: P) {
    const Loaded = loaded;
    return (
      <Suspense fallback={null}>
        {Loaded ? <Loaded {...props} /> : <Lazy {...(props as P & JSX.IntrinsicAttributes)} />}
      </Suspense>
    );
  }
  Part.displayName = `PagePart(${chunk})`;
  return { chunk, load, Component: Part };
}
