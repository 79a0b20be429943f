/** SPEC §8: the newsletter address, checked before sending (the API checks again). */
export const EMAIL_MAX_LENGTH = 254;

export type EmailCheck = { ok: true; email: string } | { ok: false; message: string };

export function checkNewsletterEmail(input: string): EmailCheck {
  const email = input.trim();
  if (email === '') return { ok: false, message: 'Enter your email address.' };
  if (email.length > EMAIL_MAX_LENGTH) return { ok: false, message: `An email address has at most ${EMAIL_MAX_LENGTH} characters.` };
  const parts = email.split('@');
  if (parts.length !== 2) return { ok: false, message: 'An email address has exactly one @, like name@example.com.' };
  const [local, domain] = parts as [string, string];
  if (local === '' || !/^[^.\s]+(\.[^.\s]+)+$/.test(domain) || /\s/.test(local)) {
    return { ok: false, message: 'That does not look like an email address, like name@example.com.' };
  }
  return { ok: true, email };
}
