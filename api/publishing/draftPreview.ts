import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PREVIEW_LINK_TTL_S, signPreviewGrant, type PreviewDocumentType } from '../previewLinks';
import { PREVIEW_OPEN_PATH } from '../../shared/previewPaths';
import { CONTENT_LAYOUT, type MarkdownKind } from './contentRecord';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales';
import { markdownFile, readMarkdownRecord } from './contentFolder';

/**
 * `npm run content -- --preview content/articles/<file>.md`
 * (docs/publishing.md#previewing-a-draft): after the publish, a signed link
 * (api/previewLinks.ts) that opens that one article or page, draft or not,
 * on the running server, for ten minutes. Nothing to type: the link carries
 * its signature, made with the servers' key (from the address file a server
 * over PGlite keeps, else from the database, as the servers read it).
 */
const PREVIEWED: Partial<Record<MarkdownKind, PreviewDocumentType>> = {
  article: 'Article',
  page: 'Page',
};

export interface DraftToPreview {
  kind: MarkdownKind;
  type: PreviewDocumentType;
  /** Relative to the content folder, with `/`. */
  file: string;
  absolute: string;
}

/** The file `--preview` names, checked before anything is published; a sentence when it is not one. */
export function draftToPreview(
  given: string | undefined,
  contentDir: string,
): DraftToPreview | string {
  const expected = `${CONTENT_LAYOUT.folders.article}/<slug>.md or ${CONTENT_LAYOUT.folders.page}/<slug>.md in ${path.relative(process.cwd(), contentDir) || '.'}/`;
  if (!given) return `--preview names the file to preview: ${expected}`;
  const absolute = path.resolve(given);
  const file = path.relative(contentDir, absolute).split(path.sep).join('/');
  const [folder, name, ...rest] = file.split('/');
  const kind = Object.entries(CONTENT_LAYOUT.folders).find(([, dir]) => dir === folder)?.[0] as
    MarkdownKind | undefined;
  const type = kind && PREVIEWED[kind];
  if (!type || !name?.endsWith('.md') || rest.length > 0)
    return `--preview ${given}: only an article or a page can be previewed, ${expected}`;
  try {
    if (!statSync(absolute).isFile()) throw new Error('not a file');
  } catch {
    return `--preview ${given}: there is no such file`;
  }
  return { kind: kind!, type, file, absolute };
}

/**
 * The link to the draft as just published, signed with `key` (the servers'
 * link key), on `siteUrl`. A translation's (`<name>.de.md`) names its
 * language, so the link opens the German draft at its German address.
 */
export function draftPreviewLink(draft: DraftToPreview, key: Buffer, siteUrl: string): string {
  const link = signPreviewGrant(key, {
    purpose: 'link',
    document: { type: draft.type, slug: slugOf(draft) },
    locale: localeOfFile(draft.file),
    expiresAt: Math.floor(Date.now() / 1000) + PREVIEW_LINK_TTL_S,
  });
  return `${new URL(siteUrl).origin}${PREVIEW_OPEN_PATH}?link=${link}`;
}

/** The language a file is in: `<name>.<locale>.md` a translation's, any other the default. */
function localeOfFile(file: string): Locale {
  const parts = path.posix.basename(file, '.md').split('.');
  const code = parts.length > 1 ? parts.at(-1) : undefined;
  return isLocale(code) ? code : DEFAULT_LOCALE;
}

/**
 * Its slug, as the publish just read it: the front matter's, else the
 * file's name; a translation without a slug of its own has its original's.
 */
function slugOf(draft: DraftToPreview): string {
  const keyOf = (kind: MarkdownKind, file: string, absolute: string) =>
    readMarkdownRecord(markdownFile(kind, file, readFileSync(absolute))).entry.key;
  const own = keyOf(draft.kind, draft.file, draft.absolute);
  const locale = localeOfFile(draft.file);
  const base = path.posix.basename(draft.file, `.${locale}.md`);
  if (locale === DEFAULT_LOCALE || own !== `${base}.${locale}`) return own;
  const original = path.posix.join(path.posix.dirname(draft.file), `${base}.md`);
  try {
    return keyOf(draft.kind, original, path.join(path.dirname(draft.absolute), `${base}.md`));
  } catch {
    return own;
  }
}
