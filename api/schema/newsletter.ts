import type { ApiContext } from './context';
import { apiError } from './errors';
import { isoString } from './rows';

/** SPEC §9: attempts per client address per hour. */
export const NEWSLETTER_ATTEMPTS_PER_HOUR = 5;
export const EMAIL_MAX_LENGTH = 254;

/** SPEC §8, checked again here whatever the client did: trimmed, ≤ 254, one @, a dot in the domain. */
export function normalizeEmail(input: string): string | null {
  const email = input.trim();
  if (email.length === 0 || email.length > EMAIL_MAX_LENGTH) return null;
  const parts = email.split('@');
  if (parts.length !== 2) return null;
  const [local, domain] = parts as [string, string];
  if (local === '' || /\s/.test(email) || !/^[^.]+(\.[^.]+)+$/.test(domain)) return null;
  return `${local}@${domain.toLowerCase()}`;
}

export async function subscribeToNewsletter({ db, clientAddress }: ApiContext, input: string) {
  // Every attempt counts, valid or not, so the limit also slows down probing.
  const { rows: recent } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM newsletter_attempts WHERE client = $1 AND attempted_at > now() - interval '1 hour'",
    [clientAddress],
  );
  if ((recent[0]?.n ?? 0) >= NEWSLETTER_ATTEMPTS_PER_HOUR) {
    throw apiError('RATE_LIMITED', 'Too many attempts from this address; try again in an hour.');
  }
  await db.query('INSERT INTO newsletter_attempts (client) VALUES ($1)', [clientAddress]);
  const email = normalizeEmail(input);
  if (!email) throw apiError('BAD_USER_INPUT', 'That is not an email address.');
  const { rows } = await db.query<{ email: string; subscribed_at: Date | string }>(
    'INSERT INTO newsletter_subscriptions (email) VALUES ($1) ON CONFLICT (email) DO NOTHING RETURNING email, subscribed_at',
    [email],
  );
  if (!rows[0]) throw apiError('ALREADY_SUBSCRIBED', 'This address is already subscribed.');
  return { email: rows[0].email, subscribedAt: isoString(rows[0].subscribed_at) };
}
