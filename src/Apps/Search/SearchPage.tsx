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
import { SITE_TITLE_WITHOUT_RECORD } from '../../../shared/siteTitle';
import { useMessages } from '../../i18n/useMessages';

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
  const t = useMessages();
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
        title={submitted ? t('search.titleWithQuery', { query: submitted }) : t('search.title')}
        description={t('search.description', { site: SITE_TITLE_WITHOUT_RECORD })}
        path={localize(SEARCH_PATH)}
      />
      <LanguageVersions
        versions={everyVersion(SEARCH_PATH)}
        search={submitted ? `?${new URLSearchParams({ q: submitted }).toString()}` : ''}
      />
      <header className="listing-page__header">
        <h1 className="listing-page__title">{t('search.title')}</h1>
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
          {t('search.label')}
        </label>
        <input
          id="search-input"
          type="search"
          name="q"
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          placeholder={t('search.placeholder')}
          aria-describedby="search-hint"
          onChange={(event) => {
            setText(event.target.value);
            search(event.target.value, false);
          }}
        />
        <button type="submit">{t('search.button')}</button>
      </form>
      <p id="search-hint" className="search-page__hint">
        {tooShort ? t('search.tooShort', { min: SEARCH_MIN_LENGTH }) : t('search.hint')}
      </p>
      {queryRef && submitted && (
        // A failed search leaves the box and what was typed in it on screen.
        <SectionErrorBoundary resetKey={queryRef} onRetry={() => void revalidator.revalidate()}>
          <Suspense fallback={<p className="search-page__count">{t('search.searching')}</p>}>
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
