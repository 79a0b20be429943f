import { checkEmail } from '../../shared/email';
import type { ApiContext } from './context';
import { apiError } from './errors';
import { NEWSLETTER_BUDGET, spendBudget } from '../data/rateLimits';

export async function subscribeToNewsletter({ db, clientAddress }: ApiContext, input: string) {
  // Every attempt counts, valid or not, so the limit also slows down probing.
  await spendBudget(db, NEWSLETTER_BUDGET, clientAddress);
  const check = checkEmail(input);
  if (!check.ok) throw apiError('BAD_USER_INPUT', check.message);
  const { email } = check;
  const { rows } = await db.query<{ email: string; subscribed_at: Date | string }>(
    'INSERT INTO newsletter_subscriptions (email) VALUES ($1) ON CONFLICT (email) DO NOTHING RETURNING email, subscribed_at',
    [email],
  );
  if (!rows[0]) throw apiError('ALREADY_SUBSCRIBED', 'This address is already subscribed.');
  return { email: rows[0].email, subscribedAt: new Date(rows[0].subscribed_at).toISOString() };
}
