import { useNavigation } from 'react-router';

/** A thin bar at the top while the next page's code and data are on their way. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <div
      className={`navigation-progress${busy ? ' navigation-progress--busy' : ''}`}
      role="progressbar"
      aria-hidden={!busy}
      aria-label="Loading page"
    >
      <div className="navigation-progress__bar" />
    </div>
  );
}
