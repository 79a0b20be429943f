import { exitPreviewHref, safeReturnPath } from '../../shared/previewPaths';

describe('preview return paths', () => {
  it.each([
    ['/articles/the-four-day-week', '/articles/the-four-day-week'],
    ['/search?q=tides#results', '/search?q=tides#results'],
    ['/topics/./science', '/topics/science'],
  ])('keeps a path on this site (%j)', (to, expected) => {
    expect(safeReturnPath(to)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example/x',
    '/\n/evil.example/x',
    '/\r\n/evil.example',
    '\\\\evil.example',
    // Dot segments that resolve to a path starting with `//` (issue 36).
    '/.//evil.example',
    '/./\\evil.example',
    '/de/..//evil.example',
    '/de/%2e%2e//evil.example',
    '/a/b/../..//evil.example/x?y#z',
    '/.//\\evil.example',
    'javascript:alert(1)',
    '',
    null,
    undefined,
  ])('never sends the reader off the site (%j)', (to) => {
    expect(safeReturnPath(to)).toBe('/');
  });

  it('builds the exit link from the current path, made safe', () => {
    expect(exitPreviewHref('/articles/x?y=1')).toBe('/preview/exit?to=%2Farticles%2Fx%3Fy%3D1');
    expect(exitPreviewHref('//evil.example')).toBe('/preview/exit?to=%2F');
  });
});
