/**
 * @jest-environment ./__tests__/support/jsdomEnvironment.js
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { PreviewBanner } from '../../src/Apps/Shell/PreviewBanner';
import { enterPreview, exitPreview, previewToken, safeReturnPath } from '../../src/preview/previewSession';
import { PreviewContext } from '../../src/preview/PreviewContext';

beforeEach(() => sessionStorage.clear());

describe('preview session', () => {
  it('keeps the token from /preview for the session and returns the target path', () => {
    expect(enterPreview(new URL('https://folio.test/preview?token=s3cret&to=/articles/the-four-day-week'))).toBe('/articles/the-four-day-week');
    expect(previewToken()).toBe('s3cret');
    exitPreview();
    expect(previewToken()).toBeNull();
  });

  it('ignores every other URL', () => {
    expect(enterPreview(new URL('https://folio.test/articles/x?token=s3cret'))).toBeNull();
    expect(previewToken()).toBeNull();
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '', null])('never sends the reader off the site (%j)', (to) => {
    expect(safeReturnPath(to)).toBe('/');
  });
});

describe('PreviewBanner', () => {
  it('is shown only in preview, and its exit link ends the preview', () => {
    const { rerender } = render(
      <PreviewContext.Provider value={false}>
        <PreviewBanner />
      </PreviewContext.Provider>,
    );
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();

    sessionStorage.setItem('folio:preview-token', 's3cret');
    const reload = jest.fn();
    rerender(
      <PreviewContext.Provider value>
        <PreviewBanner reload={reload} />
      </PreviewContext.Provider>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Exit preview' }));
    expect(previewToken()).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
