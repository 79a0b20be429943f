import { useNavigation } from 'react-router';
import { useMessages } from '../i18n/useMessages';

/** A thin bar at the top while the next page's code and data are on their way. */
export function NavigationProgress() {
  const t = useMessages();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <div
      className={`navigation-progress${busy ? ' navigation-progress--busy' : ''}`}
      role="progressbar"
      aria-hidden={!busy}
      aria-label={t('frame.loadingPage')}
    >
      <div className="navigation-progress__bar" />
    </div>
  );
}
