import { checkEmail } from '../../shared/email';
import type { ApiContext } from './context';
import { apiError } from './errors';
import { addSubscription } from '../readerData/newsletter';
import { NEWSLETTER_BUDGET, spendBudget } from '../readerData/rateLimits';

export async function subscribeToNewsletter({ db, clientAddress }: ApiContext, input: string) {
  // Every attempt counts, valid or not, so the limit also slows down probing.
  await spendBudget(db, NEWSLETTER_BUDGET, clientAddress);
  const check = checkEmail(input);
  if (!check.ok) throw apiError('BAD_USER_INPUT', check.message);
  const subscription = await addSubscription(db, check.email);
  if (!subscription) throw apiError('ALREADY_SUBSCRIBED', 'This address is already subscribed.');
  return subscription;
}
