import { isSafeHref } from '../../shared/safeHref';

describe('isSafeHref (docs/errors.md#validation)', () => {
  it.each([
    'https://example.com/a',
    'http://example.com',
    'HTTPS://EXAMPLE.COM',
    'mailto:desk@folio.example',
    '/articles/x',
    'about',
    '../up',
    '#notes',
    '?q=tides',
  ])('allows %s', (href) => expect(isSafeHref(href)).toBe(true));

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'java\nscript:alert(1)',
    ' \tjavascript:alert(1)',
    'data:text/html,<script>',
    'vbscript:x',
    'file:///etc/passwd',
    '//evil.example/x',
    '\\\\evil',
    '/\\evil.example',
    '/\\/evil.example',
    '\\/evil.example',
    '\\evil.example',
    ' /\\evil.example',
    '/\t\\evil.example',
    '',
  ])('refuses %j', (href) => expect(isSafeHref(href)).toBe(false));
});
