import { everyVersion, LanguageVersions } from '../../components/LanguageVersions';
import { useLocalePath } from '../../site/useLocale';
import { Suspense, useEffect, useRef, useState } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import { useRevalidator, useSearchParams } from 'react-router';
import type { SearchPageQuery } from '@generated/SearchPageQuery.graphql';
import { DocumentHead } from '../../components/DocumentHead';
import { useRouteQueryRef } from '../../routing/useRouteQuery';
import { SectionErrorBoundary } from '../../errors/SectionErrorBoundary';
import {
  normalizeSearchQuery,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
} from './searchQuery';
import { SearchResults } from './SearchResults';
import { SEARCH_PATH } from '../../../shared/sitePaths';

const searchPageQuery = graphql`
  query SearchPageQuery($query: String!, $locale: String) @preloadable {
    # The frame (AppLayout) reads this: every route's query brings it with the page.
    # eslint-disable-next-line relay/must-colocate-fragment-spreads
    ...AppLayout_query
    ...SearchResults_query @arguments(query: $query)
  }
`;

/**
 * `/search?q=`: the URL holds the query. Typing updates the URL after a short
 * pause; the router loads the new results in a transition, so the old ones
 * stay on screen until the new ones are ready.
 */
export default function SearchPage() {
  const localize = useLocalePath();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = searchParams.get('q') ?? '';
  const [text, setText] = useState(urlQuery);
  const queryRef = useRouteQueryRef<SearchPageQuery>();
  const revalidator = useRevalidator();
  const submitted = normalizeSearchQuery(urlQuery);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Back/forward changes the URL: show its query in the box. Adjusted while
  // rendering (React's pattern for state that follows a changing value).
  const [shownUrlQuery, setShownUrlQuery] = useState(urlQuery);
  if (shownUrlQuery !== urlQuery) {
    setShownUrlQuery(urlQuery);
    if (normalizeSearchQuery(text) !== normalizeSearchQuery(urlQuery)) setText(urlQuery);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (value: string, immediately: boolean) => {
    clearTimeout(timer.current);
    const apply = () => {
      const next = normalizeSearchQuery(value);
      if (next === submitted) return;
      setSearchParams(next ? { q: next } : {}, { replace: true });
    };
    if (immediately) apply();
    else timer.current = setTimeout(apply, SEARCH_DEBOUNCE_MS);
  };

  const tooShort = text.trim().length > 0 && text.trim().length < SEARCH_MIN_LENGTH;
  return (
    <div className="listing-page search-page">
      <DocumentHead
        title={submitted ? `Search: ${submitted}` : 'Search'}
        description="Search Folio's articles."
        path={localize(SEARCH_PATH)}
      />
      <LanguageVersions versions={everyVersion(SEARCH_PATH)} />
      <header className="listing-page__header">
        <h1 className="listing-page__title">Search</h1>
      </header>
      {/* A plain GET form: without JavaScript it loads /search?q=… from the server. */}
      <form
        role="search"
        action={localize(SEARCH_PATH)}
        method="get"
        className="search-page__form"
        onSubmit={(event) => {
          event.preventDefault();
          search(text, true);
        }}
      >
        <label htmlFor="search-input" className="visually-hidden">
          Search articles
        </label>
        <input
          id="search-input"
          type="search"
          name="q"
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          placeholder="Search articles…"
          aria-describedby="search-hint"
          onChange={(event) => {
            setText(event.target.value);
            search(event.target.value, false);
          }}
        />
        <button type="submit">Search</button>
      </form>
      <p id="search-hint" className="search-page__hint">
        {tooShort
          ? `Type at least ${SEARCH_MIN_LENGTH} characters to search.`
          : 'Search titles, summaries and full text. Use quotes for a phrase.'}
      </p>
      {queryRef && submitted && (
        // A failed search leaves the box and what was typed in it on screen.
        <SectionErrorBoundary resetKey={queryRef} onRetry={() => void revalidator.revalidate()}>
          <Suspense fallback={<p className="search-page__count">Searching…</p>}>
            <SearchAnswer queryRef={queryRef} text={submitted} />
          </Suspense>
        </SectionErrorBoundary>
      )}
    </div>
  );
}

/** Suspends until the route's search has answered, inside the page's boundary. */
function SearchAnswer({
  queryRef,
  text,
}: {
  queryRef: PreloadedQuery<SearchPageQuery>;
  text: string;
}) {
  const data = usePreloadedQuery<SearchPageQuery>(searchPageQuery, queryRef);
  return <SearchResults query={data} text={text} />;
}
