/** The kinds of record content/ holds (docs/publishing.md#writing-content). */
/** A reference as a content file names it: `kind:key` and the line it is on. */
export interface NamedReference {
  id: string;
  line: number;
}

export type RecordKind =
  | 'site'
  | 'asset'
  | 'author'
  | 'topic'
  | 'codeBlock'
  | 'pullQuote'
  | 'article'
  | 'page'
  | 'translation';

/**
 * A writer's words for each kind of record, one and many: in publish
 * summaries and in the folder's problems (contentFolder.ts). Here, not there,
 * so that npm run content loads no parser to print a summary.
 */
export const KIND_WORDS: Record<RecordKind, [string, string]> = {
  article: ['article', 'articles'],
  page: ['page', 'pages'],
  author: ['author', 'authors'],
  topic: ['topic', 'topics'],
  asset: ['asset', 'assets'],
  codeBlock: ['code block', 'code blocks'],
  pullQuote: ['pull quote', 'pull quotes'],
  site: ['site', 'site'],
  translation: ['translation', 'translations'],
};
