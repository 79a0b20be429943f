import { useContext, type ComponentProps } from 'react';
import { Link as RouterLink } from 'react-router';
import { RoutePreloadContext } from './RoutePreloadContext';

type LinkProps = ComponentProps<typeof RouterLink> & { to: string };

/** A router link that starts its page's query and code on hover or focus. */
export function Link({ to, onMouseEnter, onFocus, onTouchStart, ...rest }: LinkProps) {
  const preload = useContext(RoutePreloadContext);
  return (
    <RouterLink
      to={to}
      onMouseEnter={(event) => {
        preload(to);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        preload(to);
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        preload(to);
        onTouchStart?.(event);
      }}
      {...rest}
    />
  );
}
