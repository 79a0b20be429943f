import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/**
 * Which package each byte of a built script came from, by its source map
 * (webpack writes dist/assets/<file>.map): used to explain a bundle-size miss.
 */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((char, index) => [char, index]));

/** One Base64 VLQ segment of a `mappings` string → its numbers. */
export function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64_VALUE.get(char);
    if (digit === undefined) throw new Error(`Not a base64 VLQ character: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

interface Span {
  line: number;
  column: number;
  source: number | null;
}

/** Generated-code spans (line, start column, source index) in order. */
function spansOf(mappings: string): Span[] {
  const spans: Span[] = [];
  let source = 0;
  mappings.split(';').forEach((lineMappings, line) => {
    let column = 0;
    for (const segment of lineMappings.split(',')) {
      if (segment === '') continue;
      const [columnDelta = 0, sourceDelta] = decodeVlq(segment);
      column += columnDelta;
      if (sourceDelta !== undefined) source += sourceDelta;
      spans.push({ line, column, source: sourceDelta === undefined ? null : source });
    }
  });
  return spans;
}

/** `webpack://folio/./node_modules/@scope/pkg/x.js` → `@scope/pkg`; app code by folder. */
export function packageOf(source: string): string {
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (modules?.[1]) return modules[1];
  if (source.includes('/__generated__/')) return 'app: __generated__ (Relay artifacts)';
  if (/\/\.\/src\//.test(source)) return 'app: src/';
  if (source.includes('webpack/')) return 'webpack runtime';
  return 'other';
}

/** Characters of one script per package (unmapped code counts as webpack runtime). */
function textByPackage(
  code: string,
  map: { sources: string[]; mappings: string },
): Map<string, string[]> {
  const lines = code.split('\n');
  const spans = spansOf(map.mappings);
  const pieces = new Map<string, string[]>();
  const add = (name: string, text: string) => {
    if (text === '') return;
    const list = pieces.get(name);
    if (list) list.push(text);
    else pieces.set(name, [text]);
  };
  spans.forEach((span, index) => {
    const next = spans[index + 1];
    const lineText = lines[span.line] ?? '';
    const end = next && next.line === span.line ? next.column : lineText.length;
    add(
      span.source === null ? 'webpack runtime' : packageOf(map.sources[span.source] ?? ''),
      lineText.slice(span.column, end),
    );
  });
  return pieces;
}

export interface PackageShare {
  name: string;
  raw: number;
  /** That package's code gzip'd on its own (level 6): shares do not add up exactly to the file's gzip size. */
  gzip: number;
}

/** Per-package bytes of several built scripts together (files without a map are skipped). */
export function packageShares(files: readonly string[]): PackageShare[] {
  const all = new Map<string, string[]>();
  for (const file of files) {
    if (!existsSync(`${file}.map`)) continue;
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as {
      sources: string[];
      mappings: string;
    };
    for (const [name, pieces] of textByPackage(readFileSync(file, 'utf8'), map))
      all.set(name, (all.get(name) ?? []).concat(pieces));
  }
  return [...all]
    .map(([name, pieces]) => {
      const text = Buffer.from(pieces.join(''), 'utf8');
      return { name, raw: text.length, gzip: gzipSync(text, { level: 6 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
}
