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
