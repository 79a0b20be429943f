import ArticleLiveSubscription from '@generated/ArticleLiveSubscription.graphql';
import { publishContent } from '../../../api/publishing/publishContent';
import { GRAPHQL_STREAM_PATH } from '../../../shared/sitePaths';
import { ContentFolderCopy } from '../../../harness/contentFolderCopy';
import { withLiveUpdate } from '../../../harness/liveBlogFile';
import { startTestServer, type TestServer } from '../../support/testServer';

/**
 * A live blog open in a browser follows its updates (docs/content-model.md#live-blogs):
 * a writer adds an update to the live blog's file and publishes, and the
 * stream the page holds open sends the live blog again with the update on top.
 */
const SLUG = 'the-perseids-live';

interface LiveBlogAnswer {
  data: {
    article: {
      liveBlog: { updates: { id: string; title: string; isKeyEvent: boolean }[] } | null;
    } | null;
  };
}

/** The `data:` of each event of an open stream, one at a time (heartbeat comments skipped). */
async function openStream(url: string) {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { Accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  return {
    status: response.status,
    async next(): Promise<LiveBlogAnswer> {
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end !== -1) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trimStart())
            .join('\n');
          if (data) return JSON.parse(data) as LiveBlogAnswer;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffered += value;
      }
    },
    close: () => abort.abort(),
  };
}

describe('a live blog over server-sent events (issue 40)', () => {
  let site: TestServer;
  let folder: ContentFolderCopy;

  beforeAll(async () => {
    site = await startTestServer({ mode: 'production', readerCacheTtlMs: 60_000 });
    folder = new ContentFolderCopy();
  }, 120_000);
  afterAll(async () => {
    folder?.dispose();
    await site?.close();
  });

  it('sends a new update to the open stream of its live blog, on top of the others', async () => {
    const url = `${site.url}${GRAPHQL_STREAM_PATH}?${new URLSearchParams({
      doc_id: ArticleLiveSubscription.params.id!,
      variables: JSON.stringify({ slug: SLUG, locale: 'en' }),
    })}`;
    const stream = await openStream(url);
    try {
      expect(stream.status).toBe(200);
      const first = (await stream.next()).data.article!.liveBlog!.updates;
      expect(first.length).toBeGreaterThan(0);

      const file = `articles/${SLUG}.md`;
      folder.write(
        file,
        withLiveUpdate(folder.read(file), {
          title: 'A reader asks about the radiant',
          text: 'It sits in Perseus, low in the north-east at dusk.',
          at: '2025-08-13T04:45:00Z',
        }),
      );
      await publishContent(site.db, { dir: folder.dir });

      const next = (await stream.next()).data.article!.liveBlog!.updates;
      expect(next[0]).toMatchObject({
        title: 'A reader asks about the radiant',
        isKeyEvent: false,
      });
      expect(next.slice(1).map((update) => update.id)).toEqual(first.map((update) => update.id));
    } finally {
      stream.close();
    }
  }, 60_000);
});
