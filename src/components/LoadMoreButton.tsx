import { useMessages } from '../i18n/useMessages';

/** "Load more" under a paginated list; one click loads one page. */
export function LoadMoreButton({
  isLoading,
  onClick,
  label,
}: {
  isLoading: boolean;
  onClick: () => void;
  /** The button's words (interface text; "Load more" unless given). */
  label?: string;
}) {
  const t = useMessages();
  return (
    <div className="load-more">
      <button
        type="button"
        className="button button--secondary"
        onClick={onClick}
        disabled={isLoading}
        aria-busy={isLoading}
      >
        {isLoading ? t('loadMore.loading') : (label ?? t('loadMore.label'))}
      </button>
    </div>
  );
}
