import { useInBrowser } from '../../site/useInBrowser';
import { useLocale } from '../../site/useLocale';
import { formatDate } from '../../components/formatDate';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * When an update was posted: the reader's own clock once the page runs in
 * their browser; in UTC, said so, on the server and while the page hydrates
 * (the server does not know the reader's time zone, and hydration must find
 * the text it rendered).
 */
export function LiveBlogTime({ iso }: { iso: string }) {
  const inBrowser = useInBrowser();
  const locale = useLocale();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const time = inBrowser
    ? `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`
    : `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())} UTC`;
  return (
    <time className="live-time" dateTime={iso} title={formatDate(iso, 'long', locale)}>
      {time}
    </time>
  );
}
