/**
 * Previous / Next buttons over a list in the spec's paginated shape (nothing when it has one page).
 * The labels come from the caller's namespace.
 */
export function Pager({
  page,
  data,
  onPage,
  labels,
  className,
}: {
  page: number;
  data: { prev_page: number | null; next_page: number | null; total_pages: number };
  onPage: (page: number) => void;
  labels: { previous: string; next: string };
  className?: string;
}) {
  if (data.total_pages <= 1) return null;
  return (
    <nav className={className}>
      <button
        type="button"
        className="button"
        disabled={data.prev_page === null}
        onClick={() => onPage(page - 1)}
      >
        {labels.previous}
      </button>
      <button
        type="button"
        className="button"
        disabled={data.next_page === null}
        onClick={() => onPage(page + 1)}
      >
        {labels.next}
      </button>
    </nav>
  );
}
