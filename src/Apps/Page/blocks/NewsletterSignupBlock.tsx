import { useId, useState, type FormEvent } from 'react';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import type { NewsletterSignupBlock_block$key } from '@generated/NewsletterSignupBlock_block.graphql';
import type { NewsletterSignupBlockMutation } from '@generated/NewsletterSignupBlockMutation.graphql';
import { graphQLErrorCode } from '../../../relay/errors';
import { checkEmail } from '../../../../shared/email';
import { isErrorCode, type ErrorCode } from '../../../../shared/errorCodes';

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  BAD_USER_INPUT: 'That address was not accepted. Please check it and try again.',
  ALREADY_SUBSCRIBED: 'This address is already subscribed. Thank you!',
  RATE_LIMITED: 'Too many attempts from your connection. Please try again in an hour.',
};
const FALLBACK_MESSAGE = 'We could not sign you up just now. Please try again.';

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
      setError(check.message);
      return;
    }
    setError(null);
    commit({
      variables: { email: check.email },
      onCompleted: (response) => setSubscribed(response.subscribeToNewsletter.email),
      onError: (failure) => {
        const code = graphQLErrorCode(failure);
        setError((isErrorCode(code) ? MESSAGES[code] : undefined) ?? FALLBACK_MESSAGE);
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
          Thank you — <strong>{subscribed}</strong> is on the list. Look out for the next issue.
        </p>
      ) : (
        <>
          <p className="newsletter-block__description">{description}</p>
          <form className="newsletter-block__form" onSubmit={submit} noValidate>
            <label htmlFor={inputId} className="newsletter-block__label">
              Email address
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
                placeholder="name@example.com"
              />
              <button type="submit" disabled={isInFlight} aria-busy={isInFlight}>
                {isInFlight ? 'Sending…' : buttonLabel}
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
