import { useId, useState, type FormEvent } from 'react';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import type { NewsletterSignupBlock_block$key } from '@generated/NewsletterSignupBlock_block.graphql';
import type { NewsletterSignupBlockMutation } from '@generated/NewsletterSignupBlockMutation.graphql';
import { graphQLErrorCode } from '../../../relay/errors';
import { checkEmail } from '../../../../shared/email';
import { isErrorCode, type ErrorCode } from '../../../../shared/errorCodes';
import { EMAIL_MAX_LENGTH } from '../../../../shared/limits';
import { useMessages, type Translate } from '../../../i18n/useMessages';
import type { MessageId } from '../../../i18n/__generated__/messageIds';

const MESSAGES: Partial<Record<ErrorCode, MessageId>> = {
  BAD_USER_INPUT: 'newsletter.badInput',
  ALREADY_SUBSCRIBED: 'newsletter.alreadySubscribed',
  RATE_LIMITED: 'newsletter.rateLimited',
};
const FALLBACK_MESSAGE: MessageId = 'newsletter.failed';

/**
 * Why checkEmail (shared/email.ts, in English for the API too) refused an
 * address, in the page's language: its checks, in its order.
 */
function emailProblem(input: string, t: Translate): string {
  const email = input.trim();
  if (email === '') return t('newsletter.check.empty');
  if (email.length > EMAIL_MAX_LENGTH)
    return t('newsletter.check.tooLong', { max: EMAIL_MAX_LENGTH });
  if (email.split('@').length !== 2) return t('newsletter.check.oneAt');
  return t('newsletter.check.invalid');
}

/** Newsletter signup: checked before sending, one request per click, the address kept on error. */
export function NewsletterSignupBlock({ block }: { block: NewsletterSignupBlock_block$key }) {
  const { heading, description, buttonLabel } = useFragment(
    graphql`
      fragment NewsletterSignupBlock_block on NewsletterSignupBlock {
        heading
        description
        buttonLabel
      }
    `,
    block,
  );
  const t = useMessages();
  const [commit, isInFlight] = useMutation<NewsletterSignupBlockMutation>(graphql`
    mutation NewsletterSignupBlockMutation($email: String!) {
      subscribeToNewsletter(email: $email) {
        email
      }
    }
  `);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [subscribed, setSubscribed] = useState<string | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isInFlight) return;
    const check = checkEmail(email);
    if (!check.ok) {
      setError(emailProblem(email, t));
      return;
    }
    setError(null);
    commit({
      variables: { email: check.email },
      onCompleted: (response) => setSubscribed(response.subscribeToNewsletter.email),
      onError: (failure) => {
        const code = graphQLErrorCode(failure);
        setError(t((isErrorCode(code) ? MESSAGES[code] : undefined) ?? FALLBACK_MESSAGE));
      },
    });
  };

  return (
    <section className="newsletter-block" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`} className="newsletter-block__heading">
        {heading}
      </h2>
      {subscribed ? (
        <p className="newsletter-block__done" role="status">
          {/* "Thank you — [address] is on the list. …": the words either side are messages. */}
          {t('newsletter.thanks')} <strong>{subscribed}</strong> {t('newsletter.onTheList')}
        </p>
      ) : (
        <>
          <p className="newsletter-block__description">{description}</p>
          <form className="newsletter-block__form" onSubmit={submit} noValidate>
            <label htmlFor={inputId} className="newsletter-block__label">
              {t('newsletter.email')}
            </label>
            <div className="newsletter-block__row">
              <input
                id={inputId}
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                placeholder={t('newsletter.placeholder')}
              />
              <button type="submit" disabled={isInFlight} aria-busy={isInFlight}>
                {isInFlight ? t('newsletter.sending') : buttonLabel}
              </button>
            </div>
            {error && (
              <p id={errorId} className="newsletter-block__error" role="alert">
                {error}
              </p>
            )}
          </form>
        </>
      )}
    </section>
  );
}
