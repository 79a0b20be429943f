import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { DEFAULT_LOCALE, LOCALE_CODES } from './shared/locales';

/**
 * Folio's interface text (docs/decisions.md#locales): one PO catalog per locale in
 * src/i18n/catalogs/, written by hand with explicit message ids, compiled by
 * `npm run i18n` (`lingui compile`) into src/i18n/__generated__/<locale>.ts,
 * which the browser loads alone as the chunk `messages-<locale>`.
 * `FOLIO_CATALOGS_OUT` compiles elsewhere (scripts/catalogs.mjs check).
 */
export default defineConfig({
  locales: [...LOCALE_CODES],
  sourceLocale: DEFAULT_LOCALE,
  fallbackLocales: false,
  catalogs: [{ path: '<rootDir>/src/i18n/catalogs/{locale}', include: [] }],
  catalogsMergePath: process.env.FOLIO_CATALOGS_OUT ?? '<rootDir>/src/i18n/__generated__/{locale}',
  compileNamespace: 'ts',
  format: formatter({ lineNumbers: false, explicitIdAsDefault: true }),
});
