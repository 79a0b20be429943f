import { useMessages } from '../i18n/useMessages';

/** Shown on a cold load while the page's query is on its way. */
export function PageSkeleton() {
  const t = useMessages();
  return (
    <div className="page-skeleton" aria-busy="true" aria-label={t('frame.loading')}>
      <div className="page-skeleton__line page-skeleton__line--title" />
      <div className="page-skeleton__line page-skeleton__line--meta" />
      <div className="page-skeleton__block" />
      <div className="page-skeleton__line" />
      <div className="page-skeleton__line" />
      <div className="page-skeleton__line page-skeleton__line--short" />
    </div>
  );
}

/** The whole frame, before the router has rendered anything. */
export function AppSkeleton() {
  return (
    <>
      <div className="site-header site-header--placeholder" />
      <main className="site-main">
        <PageSkeleton />
      </main>
    </>
  );
}
