// The longest functions of a folder, by their own body: a function's lines less those of the
// functions written inside it (a callback, a nested helper), which are counted on their own.
// `node scripts/function-sizes.mjs api server` prints every function over the limit (80), longest
// first; `--all` prints every function, `--json` the same rows as JSON.
// __tests__/docs/functionSizes.test.ts holds api/ and server/ to the limit.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const FUNCTION_LINES_LIMIT = 80;

function isFunctionLike(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

function nameOf(node, source) {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  return '(anonymous)';
}

/** Every function of one file: `{ name, line, lines, own }`. */
export function functionSizesOf(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lineOf = (position) => source.getLineAndCharacterOfPosition(position).line;
  const found = [];
  const visit = (node, enclosing) => {
    if (isFunctionLike(node) && node.body) {
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
      const entry = {
        name: nameOf(node, source),
        line: lineOf(node.getStart(source)) + 1,
        lines,
        own: lines,
      };
      if (enclosing) enclosing.own -= lines;
      found.push(entry);
      ts.forEachChild(node, (child) => visit(child, entry));
      return;
    }
    ts.forEachChild(node, (child) => visit(child, enclosing));
  };
  visit(source, null);
  return found;
}

export function sourceFilesUnder(folder) {
  if (!statSync(folder).isDirectory()) return [folder];
  const files = [];
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (name === '__generated__' || name === 'node_modules') continue;
    if (statSync(full).isDirectory()) files.push(...sourceFilesUnder(full));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

/** The functions under `folders` whose own body runs over `limit` lines, longest first. */
export function longFunctions(folders, limit = FUNCTION_LINES_LIMIT) {
  return folders
    .flatMap((folder) =>
      sourceFilesUnder(folder).flatMap((file) =>
        functionSizesOf(file).map((entry) => ({ file, ...entry })),
      ),
    )
    .filter((entry) => entry.own > limit)
    .sort((a, b) => b.own - a.own);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const all = process.argv.includes('--all');
  const json = process.argv.includes('--json');
  const folders = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const rows = longFunctions(
    folders.length ? folders : ['api', 'server'],
    all ? 0 : FUNCTION_LINES_LIMIT,
  );
  if (json) {
    console.log(JSON.stringify(rows));
    process.exit(0);
  }
  for (const row of rows) console.log(`${row.own}\t${row.file}:${row.line}\t${row.name}`);
  if (!all)
    console.log(`${rows.length} function(s) over ${FUNCTION_LINES_LIMIT} lines of their own`);
}
