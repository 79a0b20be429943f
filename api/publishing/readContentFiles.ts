import { CONTENT_DIR } from '../../settings/contentDir';
import type { ContentFiles, EmbedFile } from '../model/contentFiles';
import {
  readContentFolder,
  type ContentRecord,
  type RecordKind,
  type RecordValues,
} from './contentFolder';
import { ContentRejected } from './problems';

/**
 * Reads and checks the whole folder. A folder with problems throws
 * ContentRejected, whose message names each one as `file:line: …`.
 */
export function readContentFiles(dir = CONTENT_DIR): ContentFiles {
  const { records, problems } = readContentFolder(dir);
  if (problems.length > 0) throw new ContentRejected(problems);
  return contentFilesOf(dir, records);
}

/** Records (as the folder holds them, in its order) in the ContentFiles shape. */
export function contentFilesOf(dir: string, records: readonly ContentRecord[]): ContentFiles {
  const values = <K extends RecordKind>(kind: K): RecordValues[K][] =>
    records
      .filter((record): record is ContentRecord<K> => record.kind === kind)
      .map((record) => record.value);
  const site = values('site')[0] ?? { title: '', description: '', navigation: [], footer: [] };
  return {
    dir,
    site,
    assets: values('asset'),
    authors: values('author'),
    topics: values('topic'),
    embeds: records.flatMap((record) =>
      record.kind === 'codeBlock' || record.kind === 'pullQuote' ? [record.value as EmbedFile] : [],
    ),
    articles: values('article'),
    pages: values('page'),
  };
}
