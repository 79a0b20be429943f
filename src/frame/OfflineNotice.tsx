import { useOnline } from './useOnline';
import { useMessages } from '../i18n/useMessages';

/** A quiet notice while the browser is offline; pages already read stay readable. */
export function OfflineNotice() {
  const t = useMessages();
  const online = useOnline();
  if (online) return null;
  return (
    <p className="offline-notice" role="status">
      {t('frame.offline')}
    </p>
  );
}
