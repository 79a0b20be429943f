import { openDatabase } from '../../../api/db/database';
import { prepareDatabase } from '../../../api/publishing/prepareDatabase';
import { isSeeded } from '../../../api/publishing/seedContent';
import { ContentFolderCopy } from '../../../harness/contentFolderCopy';

/**
 * Issue 26 (8): a server never fails to start because of content. A folder
 * with problems is not published: the server starts with no content yet and
 * says why, and the next start publishes the folder once it is fixed.
 */
let folder: ContentFolderCopy;
beforeAll(() => {
  folder = new ContentFolderCopy();
});
afterAll(() => folder?.dispose());

it('starts with no content and names the problems, then seeds once they are fixed', async () => {
  folder.write('articles/reading-the-tides.md', 'Just some words.\n');
  const db = await openDatabase({ dataDir: 'memory://' });
  try {
    const warned: string[] = [];
    await expect(
      prepareDatabase(db, {
        contentDir: folder.dir,
        log: () => undefined,
        warn: (message) => warned.push(message),
      }),
    ).resolves.toEqual({ waitedMs: 0 });
    expect(await isSeeded(db)).toBe(false);
    expect(warned.join('\n')).toMatch(
      /content\/ was not published[\s\S]*articles\/reading-the-tides\.md:1: /,
    );
    folder.reset();
    await prepareDatabase(db, { contentDir: folder.dir, log: () => undefined });
    expect(await isSeeded(db)).toBe(true);
  } finally {
    await db.close();
  }
});
