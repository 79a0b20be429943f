/** "Load more" under a paginated list; one click loads one page. */
export function LoadMoreButton({
  isLoading,
  onClick,
  label = 'Load more',
}: {
  isLoading: boolean;
  onClick: () => void;
  label?: string;
}) {
  return (
    <div className="load-more">
      <button
        type="button"
        className="button button--secondary"
        onClick={onClick}
        disabled={isLoading}
        aria-busy={isLoading}
      >
        {isLoading ? 'Loading…' : label}
      </button>
    </div>
  );
}
