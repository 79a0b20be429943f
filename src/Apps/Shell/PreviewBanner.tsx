import { useContext } from 'react';
import { exitPreview } from '../../preview/previewSession';
import { PreviewContext } from '../../preview/PreviewContext';

/** Always visible in preview: what the reader is looking at, and the way out. */
export function PreviewBanner({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const preview = useContext(PreviewContext);
  if (!preview) return null;
  return (
    <div className="preview-banner" role="region" aria-label="Preview">
      <strong>Preview</strong>
      <span>You are seeing drafts and scheduled articles as they will look.</span>
      <a
        href={typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search}
        onClick={(event) => {
          event.preventDefault();
          exitPreview();
          // A fresh load gives the reader's environment back, with none of the preview data.
          reload();
        }}
      >
        Exit preview
      </a>
    </div>
  );
}
