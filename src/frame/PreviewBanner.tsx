import { graphql, useFragment } from 'react-relay/hooks';
import { useLocation } from 'react-router';
import type { PreviewBanner_viewer$key } from '@generated/PreviewBanner_viewer.graphql';
import { exitPreviewHref } from '../../shared/previewPaths';
import { useReloadOnCmsSave } from './useReloadOnCmsSave';
import { useMessages } from '../i18n/useMessages';

/**
 * Always visible in preview (the API says so: `viewer.isPreview`): what the
 * reader is looking at, and the way out. Exit is a plain link to the server,
 * which clears the preview cookie and loads the page afresh, as a reader.
 * In a CMS's preview panel, a save there loads the page again.
 */
export function PreviewBanner({ viewer }: { viewer: PreviewBanner_viewer$key }) {
  const { isPreview, previewScope } = useFragment(
    graphql`
      fragment PreviewBanner_viewer on Viewer {
        isPreview
        previewScope
      }
    `,
    viewer,
  );
  const t = useMessages();
  const location = useLocation();
  useReloadOnCmsSave(isPreview);
  if (!isPreview) return null;
  return (
    <div className="preview-banner" role="region" aria-label={t('preview.label')}>
      <strong>{t('preview.label')}</strong>
      <span>{previewScope === 'DOCUMENT' ? t('preview.document') : t('preview.everything')}</span>
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
