import { formatCount } from '../format';

/** Moves between pages of rows (browsers cap an element's height, so a million rows come in pages). */
export function Pager(props: {
  page: number;
  pages: number;
  start: number;
  count: number;
  rows: number;
  go(page: number): void;
}) {
  const { page, pages, start, count, rows, go } = props;
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label="Result pages">
      <button type="button" disabled={page === 0} onClick={() => go(page - 1)} aria-label="Previous rows">
        ‹
      </button>
      <span data-testid="page-range">
        Rows {formatCount(start + 1)}–{formatCount(start + count)} of {formatCount(rows)}
      </span>
      <button type="button" disabled={page >= pages - 1} onClick={() => go(page + 1)} aria-label="Next rows">
        ›
      </button>
    </nav>
  );
}
