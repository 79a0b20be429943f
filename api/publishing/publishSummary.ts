import { KIND_WORDS, type RecordKind } from '../model/recordKinds';
import type { PublishResult } from './publishContent';

const count = (n: number, [one, many]: readonly [string, string]) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** One line for a writer: what a publish wrote, took off the site, and left alone. */
export function describePublish(result: PublishResult): string {
  const written = (Object.entries(result.written) as [RecordKind, number][]).map(([kind, n]) =>
    count(n, KIND_WORDS[kind]),
  );
  const parts = [
    written.length > 0 ? `wrote ${written.join(', ')}` : null,
    result.unpublished > 0
      ? `unpublished ${count(result.unpublished, ['article or page', 'articles and pages'])} whose file is gone`
      : null,
    result.deleted > 0
      ? `deleted ${count(result.deleted, ['record', 'records'])} whose file or entry is gone`
      : null,
    `${result.unchanged.toLocaleString('en-US')} unchanged`,
  ].filter((part): part is string => part !== null);
  const nothing = written.length === 0 && result.unpublished === 0 && result.deleted === 0;
  return `${nothing ? 'nothing to publish: ' : 'published: '}${parts.join('; ')} (${result.ms.toLocaleString('en-US')} ms)`;
}

/** The order a check names the kinds in: what a writer writes most first. */
const CHECKED_ORDER: RecordKind[] = [
  'article',
  'page',
  'translation',
  'author',
  'topic',
  'asset',
  'codeBlock',
  'pullQuote',
  'site',
];

/**
 * What `npm run content -- --check` read: its files and the records they
 * make, by kind (`checked 97 files: 35 articles, 3 pages, …, the site`).
 * Records of a file with a problem are not counted: the file is.
 */
export function describeChecked(
  records: readonly { kind: RecordKind; file: string }[],
  problemFiles: readonly string[],
): string {
  const files = new Set([...records.map((record) => record.file), ...problemFiles]);
  const byKind = new Map<RecordKind, number>();
  for (const record of records) byKind.set(record.kind, (byKind.get(record.kind) ?? 0) + 1);
  const kinds = CHECKED_ORDER.filter((kind) => byKind.has(kind)).map((kind) =>
    kind === 'site'
      ? 'the site'
      : // An asset is an image file (assets.yaml's, or one a text places), opened as a publish opens it.
        count(byKind.get(kind)!, kind === 'asset' ? ['image', 'images'] : KIND_WORDS[kind]),
  );
  const last = kinds.length > 1 ? ` and ${kinds.pop()!}` : '';
  return `checked ${count(files.size, ['file', 'files'])}${kinds.length > 0 ? `: ${kinds.join(', ')}${last}` : ''}`;
}
