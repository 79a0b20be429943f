/**
 * @jest-environment ./__tests__/support/jsdomEnvironment.js
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import type { NewsletterSignupBlockTestQuery } from '@generated/NewsletterSignupBlockTestQuery.graphql';
import { NewsletterSignupBlock } from '../../../../src/Apps/Page/blocks/NewsletterSignupBlock';
import { checkEmail } from '../../../../shared/email';
import type { Locale } from '../../../../shared/locales';
import { MessagesOf } from '../../../../src/i18n/Messages';
import { renderWithRelay } from '../../../support/renderWithRelay';

const newsletterTestQuery = graphql`
  query NewsletterSignupBlockTestQuery @relay_test_operation {
    page(slug: "home") {
      blocks {
        ...NewsletterSignupBlock_block @alias(as: "newsletter")
      }
    }
  }
`;

function Harness() {
  const data = useLazyLoadQuery<NewsletterSignupBlockTestQuery>(newsletterTestQuery, {});
  const block = data.page?.blocks[0]?.newsletter;
  return block ? <NewsletterSignupBlock block={block} /> : null;
}

function renderForm(locale: Locale = 'en') {
  const ui =
    locale === 'en' ? (
      <Harness />
    ) : (
      <MessagesOf locale={locale}>
        <Harness />
      </MessagesOf>
    );
  return renderWithRelay(ui, (operation) =>
    operation.request.node.params.operationKind === 'query'
      ? {
          data: {
            page: {
              id: 'p',
              blocks: [
                {
                  __typename: 'NewsletterSignupBlock',
                  id: 'n',
                  heading: 'The letter',
                  description: 'Weekly.',
                  buttonLabel: 'Subscribe',
                },
              ],
            },
          },
        }
      : null,
  ).environment;
}

const input = () =>
  screen.getByRole('textbox', { name: /^(Email address|E-Mail-Adresse)$/ }) as HTMLInputElement;
const submit = () =>
  fireEvent.click(screen.getByRole('button', { name: /Subscribe|Sending|Wird gesendet/ }));
const type = (value: string) => fireEvent.change(input(), { target: { value } });

describe('checkEmail (docs/errors.md#validation), shared by the form and the API', () => {
  it.each([
    ['  reader@example.com  ', true],
    ['reader@example', false],
    ['a@b@example.com', false],
    ['@example.com', false],
    ['reader@.com', false],
    [`${'a'.repeat(250)}@x.io`, false],
    ['', false],
  ])('%j → %s', (value, ok) => expect(checkEmail(value).ok).toBe(ok));
});

describe('NewsletterSignupBlock', () => {
  it('checks the address before sending anything and keeps what was typed', () => {
    const environment = renderForm();
    type('reader@example');
    submit();
    expect(screen.getByRole('alert').textContent).toMatch(/does not look like an email/);
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    expect(input().value).toBe('reader@example');
  });

  it.each(['', 'reader@example', 'a@b@example.com', '@example.com', `${'a'.repeat(250)}@x.io`])(
    'tells the reader what checkEmail says of %j, in the page’s words',
    (value) => {
      renderForm();
      type(value);
      submit();
      const check = checkEmail(value);
      expect(check.ok).toBe(false);
      expect(screen.getByRole('alert').textContent).toBe(check.ok ? '' : check.message);
    },
  );

  it('speaks German on a German page: label, check, sending and confirmation', () => {
    const environment = renderForm('de');
    expect(input().getAttribute('placeholder')).toBe('name@beispiel.de');
    type('a@b@example.com');
    submit();
    expect(screen.getByRole('alert').textContent).toBe(
      'Eine E-Mail-Adresse enthält genau ein @, etwa name@beispiel.de.',
    );
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    type('reader@example.com');
    submit();
    expect(screen.getByRole('button', { name: /^Wird gesendet/ })).toHaveProperty('disabled', true);
    act(() =>
      environment.mock.resolveMostRecentOperation({
        data: { subscribeToNewsletter: { email: 'reader@example.com' } },
      }),
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Vielen Dank – reader@example.com ist eingetragen. Die nächste Ausgabe kommt direkt in Ihr Postfach.',
    );
  });

  it('sends one request per click with the trimmed address and shows the confirmation', () => {
    const environment = renderForm();
    type('  reader@example.com ');
    submit();
    submit();
    const operations = environment.mock.getAllOperations();
    expect(operations).toHaveLength(1);
    expect(operations[0]!.request.variables).toEqual({ email: 'reader@example.com' });
    act(() =>
      environment.mock.resolve(operations[0]!, {
        data: { subscribeToNewsletter: { email: 'reader@example.com' } },
      }),
    );
    expect(screen.getByRole('status').textContent).toMatch(/reader@example.com is on the list/);
  });

  it.each([
    ['ALREADY_SUBSCRIBED', /already subscribed/],
    ['RATE_LIMITED', /Too many attempts/],
    ['BAD_USER_INPUT', /was not accepted/],
    ['INTERNAL_SERVER_ERROR', /could not sign you up/],
  ])('shows %s next to the field and keeps the address', (code, message) => {
    const environment = renderForm();
    type('reader@example.com');
    submit();
    act(() =>
      environment.mock.resolveMostRecentOperation({
        data: null,
        errors: [{ message: code, extensions: { code } }],
      } as never),
    );
    expect(screen.getByRole('alert').textContent).toMatch(message);
    expect(input().value).toBe('reader@example.com');
    expect(input().getAttribute('aria-invalid')).toBe('true');
  });
});
