import { useEffect } from 'react';

/**
 * A preview page shown in Strapi's Preview panel hears the admin say a save
 * happened (it posts `{ type: 'strapiUpdate' }` to the frame) and loads again,
 * so the writer sees the draft just saved. Only from the page framing this
 * one (which the server allows for the configured CMS origins alone), and
 * only in preview.
 */
export const CMS_SAVED_MESSAGE = 'strapiUpdate';

export function useReloadOnCmsSave(isPreview: boolean): void {
  useEffect(() => {
    if (!isPreview || window.parent === window) return;
    const onMessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (
        event.source === window.parent &&
        typeof data === 'object' &&
        data !== null &&
        (data as { type?: unknown }).type === CMS_SAVED_MESSAGE
      )
        window.location.reload();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [isPreview]);
}
