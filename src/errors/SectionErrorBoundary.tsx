import { Component, type ReactNode } from 'react';
import { ErrorState } from './ErrorState';

type Props = {
  children: ReactNode;
  /** A change of this value (a new query) clears the error. */
  resetKey: unknown;
} & (
  | {
      /** Loads the failed data again (e.g. the route's revalidation): the reader gets the error state with Try again. */
      onRetry: () => void;
      fallback?: never;
    }
  | {
      /** Shown instead of the error state: for parts whose failure the page itself reports. */
      fallback: ReactNode;
      onRetry?: never;
    }
);

/**
 * An error boundary around one part of a page, so what surrounds it — a
 * search box with what the reader typed — stays on screen.
 */
export class SectionErrorBoundary extends Component<Props, { error: unknown; resetKey: unknown }> {
  override state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; resetKey: unknown }) {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    if (this.props.onRetry === undefined) return this.props.fallback;
    return <ErrorState error={this.state.error} onRetry={this.props.onRetry} headingLevel={2} />;
  }
}
