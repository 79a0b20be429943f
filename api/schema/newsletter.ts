import type { ApiContext } from './context';
import { apiError } from './errors';
import { NEWSLETTER_BUDGET, spendBudget } from './rateLimits';
import { isoString } from './rows';

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
  await spendBudget(db, NEWSLETTER_BUDGET, clientAddress);
  const email = normalizeEmail(input);
  if (!email) throw apiError('BAD_USER_INPUT', 'That is not an email address.');
  const { rows } = await db.query<{ email: string; subscribed_at: Date | string }>(
    'INSERT INTO newsletter_subscriptions (email) VALUES ($1) ON CONFLICT (email) DO NOTHING RETURNING email, subscribed_at',
    [email],
  );
  if (!rows[0]) throw apiError('ALREADY_SUBSCRIBED', 'This address is already subscribed.');
  return { email: rows[0].email, subscribedAt: isoString(rows[0].subscribed_at) };
}
