import { describeError, isCodeLoadError } from '../../../src/errors/errorMessages';
import { HttpStatusError } from '../../../src/relay/errors';

describe('describeError', () => {
  it('treats a page chunk that failed to download like an unreachable server', () => {
    const chunk = Object.assign(
      new Error('Loading chunk 735 failed.\n(error: http://x/assets/735.js)'),
      { name: 'ChunkLoadError' },
    );
    const css = new Error('Loading CSS chunk 52 failed.\n(error: http://x/assets/topic.css)');
    expect(isCodeLoadError(chunk)).toBe(true);
    expect(isCodeLoadError(css)).toBe(true);
    expect(isCodeLoadError(new Error('Loading the page failed'))).toBe(false);
    expect(describeError(chunk, true)).toMatchObject({
      title: 'Can’t reach the server',
      action: 'retry',
      transient: true,
    });
    expect(describeError(css, false)).toMatchObject({ title: 'You are offline', transient: true });
  });

  it('says the server had a problem for an HTTP status', () => {
    expect(describeError(new HttpStatusError('ArticlePageQuery', 500, 'oops', null))).toMatchObject(
      { title: 'The server had a problem', action: 'retry' },
    );
  });
});
