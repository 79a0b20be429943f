import { describeError, isCodeLoadError } from '../../../src/errors/errorMessages';
import { messages as de } from '../../../src/i18n/__generated__/de';
import { messages as en } from '../../../src/i18n/__generated__/en';
import { provideMessages } from '../../../src/i18n/messages';
import { GraphQLResponseError, HttpStatusError } from '../../../src/relay/errors';
import { ERROR_CODES } from '../../../shared/errorCodes';

const english = provideMessages('en', en);
const german = provideMessages('de', de);

/** A description as the reader reads it: its message ids in a locale's words (as ErrorState gives them). */
function read(description: ReturnType<typeof describeError>, i18n = english) {
  return {
    title: i18n._(description.title, { site: 'Folio' }),
    message: i18n._(description.message, { site: 'Folio' }),
    action: description.action,
    transient: description.transient,
  };
}

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
    expect(read(describeError(chunk, true))).toMatchObject({
      title: 'Can’t reach the server',
      action: 'retry',
      transient: true,
    });
    expect(read(describeError(css, false))).toMatchObject({
      title: 'You are offline',
      transient: true,
    });
  });

  it('says the server had a problem for an HTTP status', () => {
    expect(
      read(describeError(new HttpStatusError('ArticlePageQuery', 500, 'oops', null))),
    ).toMatchObject({ title: 'The server had a problem', action: 'retry' });
  });

  it('names the site in the new-version notice, in the page’s language', () => {
    const stale = new GraphQLResponseError(
      'ArticlePageQuery',
      [{ message: 'no', extensions: { code: 'PERSISTED_QUERY_ONLY' } }],
      200,
    );
    expect(read(describeError(stale))).toMatchObject({
      title: 'A new version of Folio is available',
      action: 'reload',
    });
    expect(read(describeError(stale), german).title).toBe(
      'Eine neue Version von Folio ist verfügbar',
    );
  });

  it('has words in every locale for every code, and never shows an id', () => {
    const errors = [
      ...ERROR_CODES.map(
        (code) => new GraphQLResponseError('Q', [{ message: code, extensions: { code } }], 200),
      ),
      new HttpStatusError('Q', 500, 'oops', null),
      new Error('anything'),
    ];
    for (const i18n of [english, german])
      for (const error of errors)
        for (const online of [true, false]) {
          const { title, message } = read(describeError(error, online), i18n);
          expect(title).not.toMatch(/^error\./);
          expect(message).not.toMatch(/^error\./);
          expect(title).not.toContain('{');
        }
  });
});
