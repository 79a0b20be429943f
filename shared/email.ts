import { EMAIL_MAX_LENGTH } from './limits';

export type EmailCheck = { ok: true; email: string } | { ok: false; message: string };

/**
 * docs/errors.md#validation: a newsletter address — trimmed, at most 254 characters, one `@`,
 * a dot in the domain, no spaces. The sign-up form checks it before sending
 * and the API checks it again; the address kept has a lower-case domain.
 */
export function checkEmail(input: string): EmailCheck {
  const email = input.trim();
  if (email === '') return { ok: false, message: 'Enter your email address.' };
  if (email.length > EMAIL_MAX_LENGTH)
    return { ok: false, message: `An email address has at most ${EMAIL_MAX_LENGTH} characters.` };
  const parts = email.split('@');
  if (parts.length !== 2)
    return { ok: false, message: 'An email address has exactly one @, like name@example.com.' };
  const [local, domain] = parts as [string, string];
  if (local === '' || /\s/.test(local) || !/^[^.\s]+(\.[^.\s]+)+$/.test(domain)) {
    return {
      ok: false,
      message: 'That does not look like an email address, like name@example.com.',
    };
  }
  return { ok: true, email: `${local}@${domain.toLowerCase()}` };
}
