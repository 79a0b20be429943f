import { graphql, useFragment } from 'react-relay/hooks';
import { Link, useLocation } from 'react-router';
import type {
  PreviewBanner_viewer$data,
  PreviewBanner_viewer$key,
} from '@generated/PreviewBanner_viewer.graphql';
import { exitPreviewHref } from '../../shared/previewPaths';
import { entryPath, localePath } from '../../shared/sitePaths';
import type { MessageId } from '../i18n/__generated__/messageIds';
import { useLocale } from '../site/useLocale';
import { useReloadOnCmsSave } from './useReloadOnCmsSave';
import { useMessages } from '../i18n/useMessages';
import './PreviewBanner.css';

/**
 * Always visible in preview (the API says so: `viewer.isPreview`): what the
 * reader is looking at, and the way out. It says only what is true of the
 * page it is on (docs/http-and-cache.md#preview): in a one-document session,
 * "this draft" on that document's page alone, with a way back to it from
 * any other; on a CMS's Published tab, no draft at all; and on an article
 * that is published without a publication date, that readers cannot see it.
 * Exit is a plain link to the server, which clears the preview cookie and
 * loads the page afresh, as a reader. In a CMS's preview panel, a save
 * there loads the page again.
 */
export function PreviewBanner({ viewer }: { viewer: PreviewBanner_viewer$key }) {
  const data = useFragment(
    graphql`
      fragment PreviewBanner_viewer on Viewer {
        isPreview
        previewScope
        previewedDocument(locale: $locale) {
          version
          document {
            __typename
            ... on Article {
              slug
              status
              publishedAt
            }
            ... on Page {
              slug
            }
          }
        }
      }
    `,
    viewer,
  );
  const t = useMessages();
  const location = useLocation();
  const locale = useLocale();
  useReloadOnCmsSave(data.isPreview);
  if (!data.isPreview) return null;
  const shown = whatThePageShows(data, location.pathname, (path) => localePath(locale, path));
  return (
    <div className="preview-banner" role="region" aria-label={t('preview.label')}>
      <strong>{t('preview.label')}</strong>
      <span>{t(shown.text)}</span>
      {shown.undated && (
        <span className="preview-banner__warning" role="status">
          {t('preview.noPublicationDate')}
        </span>
      )}
      {shown.backTo !== null && <Link to={shown.backTo}>{t('preview.backToDraft')}</Link>}
      <a
        href={exitPreviewHref(location.pathname + location.search)}
        data-discover="false"
        // In a CMS's frame the server answers "Preview ended" there (a reader's page refuses frames); it cannot always tell by itself.
        onClick={(event) => {
          if (window.parent !== window) event.currentTarget.search += '&framed=1';
        }}
      >
        {t('preview.exit')}
      </a>
    </div>
  );
}

interface PageShows {
  text: MessageId;
  /** The previewed draft's page, from any other page of its session; null on it, or when there is none. */
  backTo: string | null;
  /** The page is an article readers cannot see: published, but without a publication date. */
  undated: boolean;
}

/** What the banner says on the page at `pathname`, from what the session shows. */
export function whatThePageShows(
  { previewScope, previewedDocument }: PreviewBanner_viewer$data,
  pathname: string,
  localize: (path: string) => string,
): PageShows {
  if (previewScope !== 'DOCUMENT')
    return { text: 'preview.everything', backTo: null, undated: false };
  const document = previewedDocument?.document;
  const path =
    document && document.__typename !== '%other'
      ? entryPath(document.__typename, document.slug)
      : null;
  const here = path !== null && localize(path) === pathname;
  const undated =
    here &&
    document?.__typename === 'Article' &&
    document.status === 'PUBLISHED' &&
    document.publishedAt === null;
  // The Published tab's session shows what readers see, on every page.
  if (previewedDocument?.version === 'PUBLISHED')
    return { text: 'preview.published', backTo: null, undated };
  if (here) return { text: 'preview.document', backTo: null, undated };
  return {
    text: 'preview.documentElsewhere',
    backTo: path === null ? null : localize(path),
    undated: false,
  };
}
