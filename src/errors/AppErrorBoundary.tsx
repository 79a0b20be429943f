import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: unknown;
}

/** The last resort around the whole app: a bug outside any page still leaves the reader a way on. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Folio stopped with an error', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <section className="status-page" role="alert">
        <h1>Folio stopped working</h1>
        <p>Something unexpected happened. Reloading the page usually helps.</p>
        <p>
          <button type="button" onClick={() => window.location.reload()}>
            Reload
          </button>
        </p>
      </section>
    );
  }
}
