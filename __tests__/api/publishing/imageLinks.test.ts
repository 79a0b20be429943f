import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readContentFolder } from '../../../api/publishing/contentFolder';
import { ContentFolderCopy } from '../../../harness/contentFolderCopy';

/**
 * Issue 36: what a publish (and `npm run content -- --check`) says of an
 * image that is there but is not read: a link out of the content folder, a
 * link out of images/ that stays inside it, a broken link, something that is
 * not a file. It says why, on the line that names the image (a Markdown
 * image) or on the image file (assets.yaml's), never "there is no file"; and
 * it reads images by the rule /images serves them by (inside images/,
 * regular files only).
 */
const ARTICLE = 'articles/contrast-is-for-everyone.md';
const ASSET_FILE = 'images/hero-desire-paths.jpg';

let folder: ContentFolderCopy;
let outside: string;

beforeAll(() => {
  folder = new ContentFolderCopy();
  outside = mkdtempSync(path.join(tmpdir(), 'folio-outside-'));
  writeFileSync(
    path.join(outside, 'x.jpg'),
    readFileSync(path.join(folder.dir, 'images/avatar-eliza-marsh.jpg')),
  );
});
afterEach(() => folder.reset());
afterAll(() => {
  folder?.dispose();
  rmSync(outside, { recursive: true, force: true });
});

/** Appends an image placed by its file to the article; its line. */
function placeImage(file: string): number {
  const markdown = `![A picture](${file})`;
  folder.write(ARTICLE, `${folder.read(ARTICLE).trimEnd()}\n\n${markdown}\n`);
  return folder.read(ARTICLE).split('\n').indexOf(markdown) + 1;
}

const at = (file: string) => path.join(folder.dir, file);

const CASES: [string, (place: string) => void, RegExp][] = [
  [
    'a link out of the content folder',
    (place) => symlinkSync(path.join(outside, 'x.jpg'), place),
    /is not shown: this is a link out of the content folder, which is not followed/,
  ],
  [
    'a link out of images/ that stays in the content folder',
    (place) => symlinkSync('../site.yaml', place),
    /is not shown: this is a link out of images\/, which is not followed/,
  ],
  [
    'a broken link',
    (place) => symlinkSync(path.join(outside, 'no-such-file.jpg'), place),
    /is not shown: this file cannot be read \(a broken link\?\)/,
  ],
  ['a folder', (place) => mkdirSync(place), /is not shown: this is not a file/],
  ['a FIFO', (place) => execFileSync('mkfifo', [place]), /is not shown: this is not a file/],
];

describe('an image placed in Markdown by its file', () => {
  it.each(CASES)('that is %s: the line says why', (_, make, message) => {
    make(at('images/x.jpg'));
    const line = placeImage('images/x.jpg');
    const { problems } = readContentFolder(folder.dir);
    expect(problems).toEqual([{ file: ARTICLE, line, message: expect.stringMatching(message) }]);
    expect(problems[0]!.message).toMatch(/^images\/x\.jpg is not shown: /);
  });

  it('that is a link staying inside images/ is read', () => {
    symlinkSync('avatar-eliza-marsh.jpg', at('images/x.jpg'));
    placeImage('images/x.jpg');
    expect(readContentFolder(folder.dir).problems).toEqual([]);
  });
});

describe("an asset's file in assets.yaml", () => {
  it.each(CASES)('that is %s: the file says why', (_, make, message) => {
    rmSync(at(ASSET_FILE));
    make(at(ASSET_FILE));
    const { problems } = readContentFolder(folder.dir);
    expect(problems).toEqual([
      {
        file: ASSET_FILE,
        line: 1,
        message: expect.stringMatching(message.source.replace(/^is not shown: /, '')),
      },
    ]);
  });
});
