import type { KnownRecord } from '../model/rememberedRecords';
import {
  checkFolder,
  fileNames,
  readMarkdownRecord,
  type ContentRecord,
  type FolderEntry,
  type MarkdownFile,
} from './contentFolder';
import { ContentRejected, type ContentProblem } from './problems';
import { CONTENT_LAYOUT } from './contentRecord';

/** The kinds a Markdown file is (its own record; what it makes besides is of other kinds). */
const MARKDOWN_KINDS = new Set<string>([...Object.keys(CONTENT_LAYOUT.folders), 'translation']);

/** What a publish reads of the folder: the Markdown files unparsed, the YAML files' records, and problems found so far. */
export interface Scan {
  dir: string;
  markdown: MarkdownFile[];
  records: ContentRecord[];
  problems: ContentProblem[];
  /** Records there but unreadable (api/publishing/contentFolder.ts): known to the reference check. */
  unreadable?: FolderEntry[];
}

/** An article, page, author or topic whose slug changed from `from` to `to`. */
export interface Rename {
  kind: 'article' | 'page' | 'author' | 'topic';
  from: string;
  to: string;
}

/** What a publish will do, worked out from the folder and content_records before the transaction. */
export interface Plan {
  changed: ContentRecord[];
  removed: KnownRecord[];
  /** Articles, pages, authors and topics whose file now gives another slug: renamed in place (same id, same votes), from the old key to the new. */
  renamed: Rename[];
  /** References that name a record by its file rather than its key (`article:desire-paths` → `paths-of-desire`): fileNames in contentFolder.ts. */
  fileNames: Record<string, string>;
  unchanged: number;
  /** Each original Markdown file's record (kind and key): what a translation names it by. */
  originals: Record<string, { kind: string; key: string }>;
}

/**
 * Which records changed, which are gone, and whether the folder as a whole
 * holds together. Only Markdown files whose hash is new are parsed; every
 * other record takes part in the checks as content_records remembers it.
 */
export function planPublish(scan: Scan, known: readonly KnownRecord[]): Plan {
  const problems = [...scan.problems];
  const knownByRecord = new Map(known.map((record) => [`${record.kind}:${record.key}`, record]));
  // A Markdown file's records: its own (an article, a page…) and those it makes (ownedEntries.ts).
  const knownByFile = new Map<string, KnownRecord[]>();
  for (const record of known)
    if (record.file.endsWith('.md'))
      knownByFile.set(record.file, [...(knownByFile.get(record.file) ?? []), record]);
  const mainOf = (file: string) =>
    knownByFile.get(file)?.find((record) => MARKDOWN_KINDS.has(record.kind));
  const entries: FolderEntry[] = [...(scan.unreadable ?? [])];
  const changed: ContentRecord[] = [];
  let unchanged = 0;
  const consider = (record: ContentRecord) => {
    entries.push(record);
    if (knownByRecord.get(`${record.kind}:${record.key}`)?.hash === record.hash) unchanged += 1;
    else changed.push(record);
  };
  for (const record of scan.records) consider(record);
  for (const file of scan.markdown) {
    const remembered = mainOf(file.file);
    if (remembered && remembered.hash === file.hash) {
      for (const record of knownByFile.get(file.file)!)
        entries.push({
          kind: record.kind,
          key: record.key,
          file: record.file,
          line: record.line,
          references: record.refs,
        });
      unchanged += knownByFile.get(file.file)!.length;
      continue;
    }
    const read = readMarkdownRecord(file);
    problems.push(...read.problems);
    if (read.record) {
      consider(read.record);
      for (const owned of read.record.owns ?? []) consider(owned);
    } else entries.push(...read.entries);
  }
  problems.push(...checkFolder(entries));
  if (problems.length > 0) throw new ContentRejected(problems);

  const present = new Set(entries.map((entry) => `${entry.kind}:${entry.key}`));
  const renamed: Rename[] = [];
  for (const record of changed) {
    if (!isRenamable(record.kind)) continue;
    const before = mainOf(record.file);
    if (
      before &&
      before.kind === record.kind &&
      before.key !== record.key &&
      !present.has(`${before.kind}:${before.key}`) &&
      !knownByRecord.has(`${record.kind}:${record.key}`)
    ) {
      renamed.push({ kind: record.kind, from: before.key, to: record.key });
    }
  }
  const renamedFrom = new Set(renamed.map(({ kind, from }) => `${kind}:${from}`));
  const removed = known.filter(
    (record) =>
      !present.has(`${record.kind}:${record.key}`) &&
      !renamedFrom.has(`${record.kind}:${record.key}`),
  );
  // As remembered (a removed translation's original may be gone too), then as the folder is now.
  const originals: Plan['originals'] = {};
  for (const entry of [...known, ...entries])
    if (entry.kind !== 'translation' && MARKDOWN_KINDS.has(entry.kind))
      originals[entry.file] = { kind: entry.kind, key: entry.key };
  return { changed, removed, renamed, unchanged, originals, fileNames: fileNames(entries) };
}

const isRenamable = (kind: string): kind is Rename['kind'] =>
  kind === 'article' || kind === 'page' || kind === 'author' || kind === 'topic';
