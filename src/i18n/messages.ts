import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales';

/**
 * The interface text of each locale (docs/decisions.md#locales): one Lingui instance per
 * locale, made once its compiled catalog (src/i18n/__generated__/<locale>.ts,
 * from src/i18n/catalogs/<locale>.po) has loaded. Each catalog is a chunk of
 * its own, `messages-<locale>`: a page loads only its locale's, which the
 * server names among the page's scripts, so it is there before hydration.
 * An instance never changes once made, so the server's concurrent requests
 * in several languages share them safely.
 */
const ready = new Map<Locale, I18n>();
const loading = new Map<Locale, Promise<I18n>>();

/** The chunk that holds a locale's catalog (webpack names it from the import below). */
export const catalogChunk = (locale: Locale) => `messages-${locale}`;

/** Loads a locale's catalog once (again after a failure, such as a chunk that did not arrive offline). */
export function loadMessages(locale: Locale): Promise<I18n> {
  const known = loading.get(locale);
  if (known) return known;
  const pending = (
    import(
      /* webpackChunkName: "messages-[request]", webpackExclude: /messageIds/ */ `./__generated__/${locale}`
    ) as Promise<{ messages: Messages }>
  ).then(({ messages }) => provideMessages(locale, messages));
  loading.set(locale, pending);
  pending.catch(() => loading.delete(locale));
  return pending;
}

/** Makes a locale's instance from its compiled catalog (loadMessages; tests give theirs directly). */
export function provideMessages(locale: Locale, messages: Messages): I18n {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  ready.set(locale, i18n);
  loading.set(locale, Promise.resolve(i18n));
  return i18n;
}

/**
 * A locale's messages once loaded. A page whose catalog could not load (a
 * route's error shown offline) speaks the language the page opened in,
 * whose catalog came with it.
 */
export function loadedMessages(locale: Locale): I18n | undefined {
  return ready.get(locale) ?? ready.get(DEFAULT_LOCALE) ?? ready.values().next().value;
}
