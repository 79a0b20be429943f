import { useOnline } from './useOnline';

/** A quiet notice while the browser is offline; pages already read stay readable. */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <p className="offline-notice" role="status">
      You are offline. Pages you have already opened still work; the rest will load when the
      connection is back.
    </p>
  );
}
