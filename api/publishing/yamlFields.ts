import {
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Node as YamlNode,
  type YAMLMap,
} from 'yaml';
import type { FileProblems } from './problems';

/** Where a YAML text sits in its file: front matter starts on line 2, a whole .yaml file on line 1. */
export interface YamlText {
  text: string;
  /** The file's line of the text's first line. */
  firstLine: number;
  problems: FileProblems;
}

/** A parsed YAML text and the way back from its offsets to the file's lines. */
export interface ParsedYaml {
  root: YamlNode | null;
  lineOf(node: YamlNode | null | undefined): number;
  /** The file's line of an offset into the text. */
  lineAt(offset: number): number;
}

/**
 * Parses YAML in the core schema (YAML 1.2): `2025-06-10T07:30:00Z` stays
 * the text it is, so dates are read and checked by us, not guessed by the
 * parser, and `no` is a word, not false. Syntax errors and duplicate keys
 * become problems on their lines; the result is null when there were any.
 */
export function parseYaml({ text, firstLine, problems }: YamlText): ParsedYaml | null {
  const lines = new LineCounter();
  const document = parseDocument(text, {
    lineCounter: lines,
    prettyErrors: false,
    uniqueKeys: true,
    schema: 'core',
  });
  const lineAt = (offset: number) => lines.linePos(offset).line + firstLine - 1;
  for (const error of document.errors)
    problems.add(
      lineAt(errorOffset(text, error.pos[0], error.message)),
      `the YAML does not parse: ${yamlMessage(error.code, error.message)}`,
    );
  if (document.errors.length > 0) return null;
  return {
    root: document.contents as YamlNode | null,
    lineAt,
    lineOf: (node) => (node?.range ? lineAt(node.range[0]) : firstLine),
  };
}

/**
 * Where a writer should look: the parser notices an unclosed [ or { only
 * where the next field starts, and an unclosed quote only at the end of the
 * text, so for those the place is the bracket or the quote left open.
 */
function errorOffset(text: string, offset: number, message: string): number {
  const quote = /^Missing closing (["'])quote/.exec(message)?.[1];
  if (quote) {
    // The last quote before the end that is not escaped opened the value left open.
    for (let i = Math.min(offset, text.length) - 1; i >= 0; i -= 1)
      if (text[i] === quote && !(quote === '"' && text[i - 1] === '\\')) return i;
    return offset;
  }
  const close = /end with a ([\]}])/.exec(message)?.[1];
  if (!close) return offset;
  const open = close === ']' ? '[' : '{';
  let depth = 0;
  for (let i = Math.min(offset, text.length) - 1; i >= 0; i -= 1) {
    if (text[i] === close) depth += 1;
    else if (text[i] === open && depth-- === 0) return i;
  }
  return offset;
}

/** The YAML parser's own error codes a writer meets most, in a writer's words. */
const YAML_ERRORS_IN_WORDS: Record<string, string> = {
  DUPLICATE_KEY: 'a field is given twice',
  TAB_AS_INDENT: 'indent with spaces, not tabs',
};

function yamlMessage(kind: string, message: string): string {
  const words = YAML_ERRORS_IN_WORDS[kind];
  if (words) return words;
  return message
    .split('\n')[0]!
    .replace(/\.$/, '')
    .replace(/^\w/, (first) => first.toLowerCase());
}

/**
 * The fields of one YAML mapping (front matter, a block, an asset), read by
 * name with their types checked: a missing or mistyped field is a problem on
 * its own line, and the getter returns undefined so reading can go on and
 * report everything at once.
 */
export class YamlFields {
  private readonly map: YAMLMap | null;

  constructor(
    private readonly yaml: ParsedYaml,
    node: YamlNode | null | undefined,
    private readonly problems: FileProblems,
    /** What the mapping is, for messages: "an article", "the hero block". */
    readonly what: string,
    /** The line problems about the whole mapping go to. */
    private readonly line = yaml.lineOf(node),
  ) {
    this.map = isMap(node) ? node : null;
    if (node && !this.map)
      problems.add(yaml.lineOf(node), `${what} is a list of fields (\`name: value\` lines)`);
  }

  /** The line of any node of the same text. */
  lineOfNode(node: YamlNode | null | undefined): number {
    return node ? this.yaml.lineOf(node) : this.line;
  }

  /** The line of a field's value, else of the mapping. */
  lineOf(key?: string): number {
    const node = key === undefined ? undefined : this.node(key);
    return node ? this.yaml.lineOf(node) : this.line;
  }

  node(key: string): YamlNode | undefined {
    const pair = this.map?.items.find((item) => isScalar(item.key) && item.key.value === key);
    return (pair?.value as YamlNode | null | undefined) ?? undefined;
  }

  has(key: string): boolean {
    return this.node(key) !== undefined;
  }

  keys(): string[] {
    return (this.map?.items ?? []).flatMap((item) =>
      isScalar(item.key) ? [String(item.key.value)] : [],
    );
  }

  problem(key: string | undefined, message: string): void {
    this.problems.add(this.lineOf(key), message);
  }

  /** Every field not in `known` is a problem (a typo would otherwise be ignored in silence). */
  onlyKnown(known: readonly string[]): void {
    for (const item of this.map?.items ?? []) {
      const key = isScalar(item.key) ? String(item.key.value) : '?';
      if (!known.includes(key)) {
        this.problems.add(
          this.yaml.lineOf(item.key as YamlNode),
          `unknown field "${key}" in ${this.what} (its fields are ${known.join(', ')})`,
        );
      }
    }
  }

  /** A non-empty line of text, trimmed. */
  text(key: string, required: true): string | undefined;
  text(key: string, required?: false): string | undefined;
  text(key: string, required = false): string | undefined {
    const node = this.node(key);
    if (node === undefined || (isScalar(node) && node.value === null)) {
      if (required) this.problem(undefined, `${this.what} needs a ${key}`);
      return undefined;
    }
    if (!isScalar(node) || typeof node.value !== 'string' || node.value.trim() === '') {
      // A number or true/false is text a writer meant (a title "1984"): take it as written.
      if (isScalar(node) && (typeof node.value === 'number' || typeof node.value === 'boolean'))
        return String(node.source ?? node.value);
      this.problem(key, `${key} is text`);
      return undefined;
    }
    return node.value.trim();
  }

  /** A list of non-empty texts (`[a, b]` or one `- item` a line), each with its line; a single text counts as a list of one. */
  textList(key: string, required = false): { value: string; line: number }[] | undefined {
    const node = this.node(key);
    if (node === undefined || (isScalar(node) && node.value === null)) {
      if (required) this.problem(undefined, `${this.what} needs ${key}`);
      return undefined;
    }
    if (isScalar(node) && typeof node.value === 'string' && node.value.trim() !== '')
      return [{ value: node.value.trim(), line: this.yaml.lineOf(node) }];
    if (!isSeq(node)) {
      this.problem(key, `${key} is a list, like [first, second]`);
      return undefined;
    }
    const list: { value: string; line: number }[] = [];
    for (const item of node.items as YamlNode[]) {
      if (isScalar(item) && typeof item.value === 'string' && item.value.trim() !== '')
        list.push({ value: item.value.trim(), line: this.yaml.lineOf(item) });
      else this.problems.add(this.yaml.lineOf(item), `each of ${key} is a name`);
    }
    if (required && list.length === 0)
      this.problem(key, `${this.what} needs at least one of ${key}`);
    return list;
  }

  /** A whole number within `min`..`max`. */
  integer(key: string, min: number, max: number): number | undefined {
    const node = this.node(key);
    if (node === undefined) return undefined;
    const value = isScalar(node) ? node.value : undefined;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      this.problem(key, `${key} is a whole number from ${min} to ${max}`);
      return undefined;
    }
    return value;
  }

  /** The items of a list field (a page's blocks, the site's navigation), or undefined when absent. */
  list(key: string): YamlNode[] | undefined {
    const node = this.node(key);
    if (node === undefined || (isScalar(node) && node.value === null)) return undefined;
    if (!isSeq(node)) {
      this.problem(key, `${key} is a list (one \`- item\` a line)`);
      return undefined;
    }
    return node.items as YamlNode[];
  }

  /** Every `name: value` of the mapping, in the order written (assets by key, code blocks by key). */
  entries(): { key: string; node: YamlNode | null; line: number }[] {
    return (this.map?.items ?? []).map((item) => ({
      key: isScalar(item.key) ? String(item.key.value) : '',
      node: (item.value as YamlNode | null) ?? null,
      line: this.yaml.lineOf(item.key as YamlNode),
    }));
  }

  /** The fields of another node of the same text (a list item, an entry's value). */
  sub(node: YamlNode | null | undefined, what: string, line?: number): YamlFields {
    return new YamlFields(this.yaml, node, this.problems, what, line ?? this.yaml.lineOf(node));
  }

  /** A nested mapping (`seo:`, a block's `link:`), or undefined when absent. */
  fields(key: string, what: string): YamlFields | undefined {
    const node = this.node(key);
    if (node === undefined || (isScalar(node) && node.value === null)) return undefined;
    return new YamlFields(this.yaml, node, this.problems, what);
  }
}
