/** Something wrong in a file of content/, where a writer can find it. */
export interface ContentProblem {
  /** The file, relative to the content folder (`articles/reading-the-tides.md`). */
  file: string;
  /** 1-based; the line of the file the problem is on (1 when it is about the whole file). */
  line: number;
  message: string;
}

/** `content/articles/x.md:12: what is wrong`, the way compilers name a place, so editors and terminals link it. */
export function formatProblem(problem: ContentProblem, folder = ''): string {
  return `${folder ? `${folder.replace(/\/$/, '')}/` : ''}${problem.file}:${problem.line}: ${problem.message}`;
}

/** Problems in file order, then line order: the order a writer fixes them in. */
export function sortProblems(problems: readonly ContentProblem[]): ContentProblem[] {
  return [...problems].sort((a, b) =>
    a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1,
  );
}

/**
 * The folder cannot be published as it is: nothing was written. Its message
 * is the problems themselves, one `file:line: …` per line, never a stack.
 */
export class ContentRejected extends Error {
  readonly problems: ContentProblem[];

  constructor(problems: readonly ContentProblem[]) {
    const sorted = sortProblems(problems);
    super(sorted.map((problem) => formatProblem(problem)).join('\n'));
    this.name = 'ContentRejected';
    this.problems = sorted;
  }
}

/** Collects problems for one file while it is read. */
export class FileProblems {
  readonly list: ContentProblem[] = [];

  constructor(readonly file: string) {}

  /** A problem on a line; the same message on the same line again is the same problem, said once (`<b>…</b>` is one HTML problem). */
  add(line: number, message: string): void {
    const at = Math.max(1, line);
    if (this.list.some((problem) => problem.line === at && problem.message === message)) return;
    this.list.push({ file: this.file, line: at, message });
  }
}
