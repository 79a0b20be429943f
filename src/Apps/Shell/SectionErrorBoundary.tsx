import { Component, type ReactNode } from 'react';
import { ErrorState } from './ErrorState';

interface Props {
  children: ReactNode;
  /** Loads the failed data again (e.g. the route's revalidation). */
  onRetry: () => void;
  /** A change of this value (a new query) clears the error. */
  resetKey: unknown;
}

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
    return <ErrorState error={this.state.error} onRetry={this.props.onRetry} />;
  }
}
