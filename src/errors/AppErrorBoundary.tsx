import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useMessages } from '../i18n/useMessages';
import { SITE_TITLE_WITHOUT_RECORD } from '../../shared/siteTitle';

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
    return <StoppedPage />;
  }
}

/** What the reader sees when the app stopped, in the language the document opened in (src/App.tsx). */
function StoppedPage() {
  const t = useMessages();
  return (
    <section className="status-page" role="alert">
      <h1>{t('app.stopped.title', { site: SITE_TITLE_WITHOUT_RECORD })}</h1>
      <p>{t('app.stopped.text')}</p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
      </p>
    </section>
  );
}
