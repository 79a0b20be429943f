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
