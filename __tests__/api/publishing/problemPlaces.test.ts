import { unlinkSync } from 'node:fs';
import path from 'node:path';
import { readContentFolder } from '../../../api/publishing/contentFolder';
import { formatProblem, sortProblems } from '../../../api/publishing/problems';
import { ContentFolderCopy } from '../../../harness/contentFolderCopy';

/**
 * Issue 27: each problem a writer makes is said once, on the line to fix
 * (what `npm run content` and `--check` print, `file:line: message`).
 */

let folder: ContentFolderCopy;
beforeAll(() => (folder = new ContentFolderCopy()));
afterAll(() => folder.dispose());
afterEach(() => folder.reset());

const problems = () =>
  sortProblems(readContentFolder(folder.dir).problems).map((problem) => formatProblem(problem));

test('an unclosed quote in the front matter is on the line where the quote opens, not where the front matter ends', () => {
  folder.edit('articles/desire-paths.md', 'title: Desire paths', 'title: "Desire paths');
  expect(problems()).toEqual([
    'articles/desire-paths.md:2: the YAML does not parse: missing closing "quote',
  ]);
});

test('two HTML tags on one line are one problem', () => {
  const text = folder.read('articles/desire-paths.md');
  const end = text.indexOf('---', 4) + 4;
  folder.write(
    'articles/desire-paths.md',
    `${text.slice(0, end)}\nSome <b>bold</b> words.\n${text.slice(end)}`,
  );
  const line = text.slice(0, end).split('\n').length + 1;
  expect(problems()).toEqual([
    `articles/desire-paths.md:${line}: HTML is not part of rich text: write Markdown`,
  ]);
});

test('an asset whose file is missing is that one problem, in assets.yaml; the articles that show it are not told it does not exist', () => {
  const yaml = folder.read('assets.yaml');
  const line =
    yaml.split('\n').findIndex((text) => text.includes('images/hero-desire-paths.jpg')) + 1;
  unlinkSync(path.join(folder.dir, 'images/hero-desire-paths.jpg'));
  expect(problems()).toEqual([
    `assets.yaml:${line}: there is no file images/hero-desire-paths.jpg`,
  ]);
});

/**
 * Issue 39: an article with a code fence and an image of its own, and one
 * mistake below them. The mistake is the one problem, on its line and in the
 * writer's words; the correct fence and image beside it are not reported
 * under their internal keys (`…--code-1`, `…--image-1`) as missing from
 * embeds.yaml or assets.yaml.
 */
describe('one mistake in an article with its own code block and image is one problem', () => {
  const kettle = (mistake: string) => `---
title: How a kettle whistles
summary: Steam, a small hole and a standing wave.
status: published
publishedAt: 2025-11-27T08:00:00Z
authors: [noor-haddad]
topics: [technology]
---

Steam leaves the spout through two small holes.

\`\`\`python
print("whistle")
\`\`\`

![A kettle on a hob](../images/hero-desire-paths.jpg)

${mistake}
`;
  const file = 'articles/how-a-kettle-whistles.md';
  const line = 18;

  test.each([
    [
      'a code fence without a language',
      '```\nplain words\n```',
      'a code block names its language after the opening fence, as ```ts (```text for plain text)',
    ],
    [
      'an image without alt text',
      '![](../images/hero-the-checklist.jpg)',
      'an image needs its text for readers who cannot see it: ![what it shows](../images/hero-the-checklist.jpg)',
    ],
    [
      'an image outside images/',
      '![The icon](../public/favicon.ico)',
      'an image is a file in images/, ![what it shows](images/photo.jpg), or an asset of assets.yaml, ![](asset:<key>): not ![The icon](../public/favicon.ico)',
    ],
    [
      'a missing image file',
      '![A steam whistle](../images/no-such-whistle.jpg)',
      'there is no file images/no-such-whistle.jpg (this image names ../images/no-such-whistle.jpg)',
    ],
  ])('%s', (_mistake, text, message) => {
    folder.write(file, kettle(text));
    expect(problems()).toEqual([`${file}:${line}: ${message}`]);
  });

  test('without the mistake the article is ready', () => {
    folder.write(file, kettle(''));
    expect(problems()).toEqual([]);
  });
});
