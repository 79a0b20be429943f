import { formatDate } from '../../../src/components/formatDate';
import { LOCALES } from '../../../shared/locales';

describe('formatDate', () => {
  // Local noon: the same calendar day in every time zone the test may run in.
  const march12 = new Date(2025, 2, 12, 12).toISOString();

  it('writes the long form by default and the short month where space is short', () => {
    expect(formatDate(march12)).toBe('March 12, 2025');
    expect(formatDate(march12, 'medium')).toBe('Mar 12, 2025');
    expect(formatDate(march12, 'long', 'de')).toBe('12. März 2025');
  });

  it('uses the reader’s calendar day', () => {
    const lateEvening = new Date(2024, 11, 31, 23, 30);
    expect(formatDate(lateEvening.toISOString())).toBe('December 31, 2024');
  });

  it('returns nothing for a value that is not a date', () => {
    expect(formatDate('not a date')).toBe('');
  });

  // Its tables stand in for Intl (which the page does not load): every month, both styles, every locale.
  it.each(LOCALES.map((locale) => [locale.code, locale.intl] as const))(
    'writes %s exactly as Intl.DateTimeFormat(%s) does',
    (code, intl) => {
      for (const [style, month] of [
        ['long', 'long'],
        ['medium', 'short'],
      ] as const) {
        const reference = new Intl.DateTimeFormat(intl, { day: 'numeric', month, year: 'numeric' });
        for (let m = 0; m < 12; m += 1)
          for (const day of [1, 5, 28]) {
            const date = new Date(2025, m, day, 12);
            expect(formatDate(date.toISOString(), style, code)).toBe(reference.format(date));
          }
      }
    },
  );
});
