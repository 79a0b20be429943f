const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
const mediumDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Dates in the reader's locale. */
export function formatDate(iso: string, style: 'long' | 'medium' = 'long'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (style === 'long' ? longDate : mediumDate).format(date);
}
