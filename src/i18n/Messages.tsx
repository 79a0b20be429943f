import { I18nProvider } from '@lingui/react';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import type { Locale } from '../../shared/locales';
import { useLocale } from '../site/useLocale';
import { loadedMessages } from './messages';

/** Gives the components under it the interface text of `locale`, loaded before (src/i18n/messages.ts). */
export function MessagesOf({ locale, children }: { locale: Locale; children: ReactNode }) {
  const i18n = loadedMessages(locale);
  if (!i18n) throw new Error(`The ${locale} catalog was not loaded before rendering`);
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/** A route's component in the language its URL names; the document's `lang` follows a navigation to another locale. */
export function inPageLocale<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function InPageLocale(props: P) {
    const locale = useLocale();
    // The server writes <html lang>; a client-side navigation changes it here (screen readers read with it).
    useEffect(() => {
      document.documentElement.lang = locale;
    }, [locale]);
    return (
      <MessagesOf locale={locale}>
        <Component {...props} />
      </MessagesOf>
    );
  }
  InPageLocale.displayName = `InPageLocale(${Component.displayName ?? Component.name})`;
  return InPageLocale;
}
