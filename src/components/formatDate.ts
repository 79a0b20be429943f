const MONTHS = [
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
];
const SHORT_MONTHS = [
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
];

/**
 * A date as the publication writes it, in its own language (the page is
 * `lang="en"`): "March 12, 2025", or "Mar 12, 2025" where space is short; the
 * day is the reader's calendar day. Not `Intl.DateTimeFormat`: the first one
 * a page creates starts ICU's date data, 40–90 ms of a phone's main thread
 * before the first article can render (docs/decisions.md#dates-in-the-publications-language).
 */
export function formatDate(iso: string, style: 'long' | 'medium' = 'long'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const month = (style === 'long' ? MONTHS : SHORT_MONTHS)[date.getMonth()];
  return `${month} ${date.getDate()}, ${date.getFullYear()}`;
}
