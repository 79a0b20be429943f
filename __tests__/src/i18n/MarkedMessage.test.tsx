import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { messages as de } from '../../../src/i18n/__generated__/de';
import { messages as en } from '../../../src/i18n/__generated__/en';
import { MarkedMessage } from '../../../src/i18n/MarkedMessage';
import { provideMessages } from '../../../src/i18n/messages';
import type { Locale } from '../../../shared/locales';

/**
 * The footer's line (footer.about): the site's name in the element the `<0>…</0>` of each
 * language's text marks, what it is after it, punctuated as each language does.
 */
function footerLine(locale: Locale, title: string, description: string) {
  const i18n = provideMessages(locale, locale === 'de' ? de : en);
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <MarkedMessage id="footer.about" values={{ title, description }} element={<strong />} />
    </I18nProvider>,
  );
}

it('puts the marked part in the element, and the rest around it, in each language', () => {
  expect(footerLine('en', 'Folio', 'How things work.')).toBe(
    '<strong>Folio</strong> — How things work.',
  );
  expect(footerLine('de', 'Folio', 'Wie Dinge funktionieren.')).toBe(
    '<strong>Folio</strong> – Wie Dinge funktionieren.',
  );
});

it('keeps values as text, even one that holds a mark or markup', () => {
  expect(footerLine('en', 'A <0>b</0> & c', '<em>not markup</em>')).toBe(
    '<strong>A &lt;0&gt;b&lt;/0&gt; &amp; c</strong> — &lt;em&gt;not markup&lt;/em&gt;',
  );
});
