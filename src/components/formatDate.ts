import { DEFAULT_LOCALE, type Locale } from '../../shared/locales';

/** How each locale writes a date: its month names (long and short) and the order of the parts. */
interface DateForms {
  months: readonly string[];
  shortMonths: readonly string[];
  write: (day: number, month: string, year: number) => string;
}

const DATE_FORMS: Record<Locale, DateForms> = {
  en: {
    months: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    shortMonths: [
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ],
    write: (day, month, year) => `${month} ${day}, ${year}`,
  },
  de: {
    months: [
      'Januar',
      'Februar',
      'März',
      'April',
      'Mai',
      'Juni',
      'Juli',
      'August',
      'September',
      'Oktober',
      'November',
      'Dezember',
    ],
    shortMonths: [
      'Jan.',
      'Feb.',
      'März',
      'Apr.',
      'Mai',
      'Juni',
      'Juli',
      'Aug.',
      'Sept.',
      'Okt.',
      'Nov.',
      'Dez.',
    ],
    write: (day, month, year) => `${day}. ${month} ${year}`,
  },
};

/**
 * A date as the page's language writes it: "March 12, 2025" / "12. März
 * 2025", or with the short month where space is short ("Mar 12, 2025" /
 * "12. März 2025"); the day is the reader's calendar day. Exactly what
 * `Intl.DateTimeFormat` writes for the locale (a test holds every month of
 * every locale to it), without it: the first `Intl.DateTimeFormat` a page
 * creates starts ICU's date data, 40–90 ms of a phone's main thread before
 * the first article can render (docs/decisions.md#dates-in-the-publications-language).
 */
export function formatDate(
  iso: string,
  style: 'long' | 'medium' = 'long',
  locale: Locale = DEFAULT_LOCALE,
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const forms = DATE_FORMS[locale];
  const month = (style === 'long' ? forms.months : forms.shortMonths)[date.getMonth()]!;
  return forms.write(date.getDate(), month, date.getFullYear());
}
