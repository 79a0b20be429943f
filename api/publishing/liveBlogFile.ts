import { isScalar, type Node as YamlNode } from 'yaml';
import type { LiveBlogFile, LiveUpdateFile, RichTextNode } from '../model/contentFiles';
import { markdownToRichText, parseMarkdown, type NamedReference } from './markdown';
import type { OwnedEntries } from './ownedEntries';
import type { FileProblems } from './problems';
import type { YamlFields } from './yamlFields';
import { DATE_TIME } from './contentRecord';

/**
 * An article's `live:` (content/README.md#live-blogs): a live blog is written
 * in its article's own file, every update an item of `updates:`. A writer
 * adds one by adding an item at the top and publishing: one file holds the
 * whole live blog, so it publishes with its article (its status, its
 * change event, its problems named by line) and needs no second kind of file.
 */
export const LIVE_FIELDS = ['coverageStart', 'coverageEnd', 'summary', 'updates'] as const;
export const UPDATE_FIELDS = ['at', 'title', 'keyEvent', 'author', 'body'] as const;

interface Reading {
  problems: FileProblems;
  references: NamedReference[];
  owned: OwnedEntries;
  /** The article's authors: an update without `author:` is its first one's (none in a translation: each names its own). */
  authors: readonly string[];
}

export function readLiveBlog(article: YamlFields, reading: Reading): LiveBlogFile | undefined {
  const live = article.fields('live', 'the live blog');
  if (!live) return undefined;
  live.onlyKnown(LIVE_FIELDS);
  const coverageStart = instantOf(live, 'coverageStart', true);
  const coverageEnd = instantOf(live, 'coverageEnd');
  if (coverageStart && coverageEnd && coverageEnd < coverageStart)
    live.problem('coverageEnd', 'coverageEnd is never before coverageStart');
  const summary = live.has('summary') ? markdownIn(live, 'summary', reading) : undefined;
  const seen = new Map<string, number>();
  const updates = (live.list('updates') ?? []).flatMap((item) => {
    const update = readUpdate(live.sub(item, 'an update'), reading);
    if (!update) return [];
    const line = live.lineOfNode(item);
    const earlier = seen.get(update.at);
    if (earlier !== undefined) {
      reading.problems.add(
        line,
        `two updates are posted at ${update.at} (the other on line ${earlier}): each has its own time`,
      );
      return [];
    }
    seen.set(update.at, line);
    return [update];
  });
  if (coverageStart === undefined) return undefined;
  return {
    coverageStart,
    ...(coverageEnd === undefined ? {} : { coverageEnd }),
    ...(summary === undefined ? {} : { summary }),
    // Newest first, whatever order they are written in.
    updates: updates.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)),
  };
}

function readUpdate(fields: YamlFields, reading: Reading): LiveUpdateFile | null {
  fields.onlyKnown(UPDATE_FIELDS);
  const at = instantOf(fields, 'at', true);
  const title = fields.text('title', true);
  const keyEvent = flagOf(fields, 'keyEvent');
  const author = fields.text('author') ?? reading.authors[0];
  if (fields.has('author') && author !== undefined)
    reading.references.push({ id: `author:${author}`, line: fields.lineOf('author') });
  if (author === undefined && reading.authors.length === 0)
    fields.problem(
      undefined,
      'an update of a translation names its author: author: and the author’s file name, as in the original',
    );
  const body = fields.has('body') ? markdownIn(fields, 'body', reading) : undefined;
  if (!fields.has('body')) fields.problem(undefined, 'an update needs a body: | and its Markdown');
  if (at === undefined || title === undefined || body === undefined || author === undefined)
    return null;
  return { at, title, keyEvent, author, body };
}

/** A date and time with its zone, as ISO 8601 UTC. */
function instantOf(fields: YamlFields, key: string, required = false): string | undefined {
  const value = fields.text(key, required as false);
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  if (!DATE_TIME.test(value) || Number.isNaN(time)) {
    fields.problem(key, `${key} is a date and time with its zone, like 2026-11-28T09:30:00Z`);
    return undefined;
  }
  return new Date(time).toISOString();
}

function flagOf(fields: YamlFields, key: string): boolean {
  const node: YamlNode | undefined = fields.node(key);
  if (node === undefined || (isScalar(node) && node.value === null)) return false;
  if (isScalar(node) && typeof node.value === 'boolean') return node.value;
  fields.problem(key, `${key} is true or false`);
  return false;
}

/** `key: |` and Markdown indented below it: rich text, its problems on the file's lines. */
function markdownIn(fields: YamlFields, key: string, reading: Reading): RichTextNode | undefined {
  const node = fields.node(key);
  if (!isScalar(node) || typeof node.value !== 'string' || node.value.trim() === '') {
    fields.problem(key, `${key} is Markdown: ${key}: | and its text, indented, below`);
    return undefined;
  }
  const source = node.value;
  return markdownToRichText(parseMarkdown(source).children, {
    source,
    problems: reading.problems,
    references: reading.references,
    owned: reading.owned,
    // A block scalar's first line is the one below its key.
    lineOffset: fields.lineOf(key),
  });
}
