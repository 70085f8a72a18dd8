import { READER_NAMES } from '../../core/readers/types';
import { DISAGREE_READERS, ROW } from '../../model/codes';
import { type RunResults, urlAt, useRobotsLab } from '../../state/store';
import { sentence } from '../format';
import { type CellContext, cellView } from './cellView';
import { shownPart, truncateMiddle } from './urlText';
import '../infile.css';

/** The id of a cell's element (the grid's aria-activedescendant). */
export function cellId(row: number, col: number): string {
  return `cell-${row}-${col}`;
}

/** The deciding line every cell of a row shares, or 0 (no rule, or not all the same). */
function sharedLine(r: RunResults, row: number, pending: boolean): number {
  const cols = r.crawlers.length;
  if (pending || cols < 2) return 0;
  const first = r.lines[row * cols];
  for (let c = 1; c < cols; c++) if (r.lines[row * cols + c] !== first) return 0;
  return first;
}

/**
 * One URL and its verdict per crawler, in a row of fixed height (styles.css
 * --row-height; the virtualizer's ROW_HEIGHT): each cell gives its verdict
 * and deciding line, the rule is in its title, in the selected cell's
 * explanation, and once under the URL when every cell of the row shares it.
 */
export function ResultRow(props: {
  r: RunResults;
  row: number;
  /** 1-based position among the grid's rows (the header is row 1). */
  ariaRow: number;
  top: number;
  /** The row's fixed height, in pixels. */
  height: number;
  /** How the row shows its URL: under the shared origin (or null) and within this many characters. */
  url: { origin: string | null; maxChars: number };
  normalise: boolean;
  ctx: CellContext;
  activeCol: number | null;
  onSelect(row: number, col: number): void;
}) {
  const { r, row, url, activeCol } = props;
  const cols = r.crawlers.length;
  const pending = row >= r.done;
  const flags = r.rowFlags[row];
  const typed = urlAt(r, row);
  const shownAs = props.normalise ? r.normalised.get(row) : undefined;
  const note = r.notes.get(row);
  // A row another origin's file judged reads its lines and fetch outcome from that file.
  const ctx = (flags & ROW.OTHER_ORIGIN && props.ctx.otherOf?.(r.normalised.get(row) ?? typed)) || props.ctx;
  const shared = ctx.outcome.mode === 'rules' ? sharedLine(r, row, pending) : 0;
  // With the "where readers disagree" filter on: the readers whose verdict is not Google's (docs/behaviour.md §14).
  const differ = useRobotsLab((s) => (s.view?.query.verdict === 'disagree' ? (s.view.readers?.[row] ?? 0) : 0));
  return (
    <div
      role="row"
      aria-rowindex={props.ariaRow}
      className="grid-row"
      data-testid="result-row"
      style={{ transform: `translateY(${props.top}px)`, height: props.height }}
    >
      <div role="rowheader" aria-colindex={1} className="url-cell" title={typed}>
        <span className="url-typed" data-testid="url-typed" data-url={typed}>
          {truncateMiddle(shownPart(typed, url.origin), url.maxChars)}
        </span>
        <span className="url-more">
          {shownAs !== undefined && (
            <span className="url-request" data-testid="url-request">
              <span aria-hidden="true">→ </span>
              <span className="visually-hidden">requested as </span>
              {truncateMiddle(shownPart(shownAs, url.origin), url.maxChars - 2)}
            </span>
          )}
          {note && !(flags & ROW.NORMALISED) && (
            <span className="url-note" data-testid="url-note" title={sentence(note)}>
              {sentence(note)}
            </span>
          )}
          {ctx.judgedBy && !pending && (
            <span className="url-note" data-testid="url-judged-by" title={`Judged by ${ctx.judgedBy}`}>
              by {ctx.judgedBy}
            </span>
          )}
          {differ > 0 && (
            <span className="url-readers" data-testid="url-readers">
              Differs from Google:{' '}
              {DISAGREE_READERS.filter((_, i) => differ & (1 << i))
                .map((id) => READER_NAMES[id])
                .join(', ')}
            </span>
          )}
          {shared > 0 && (
            <span className="row-rule" data-testid="row-rule" title={`line ${shared} · ${ctx.rules.get(shared) ?? ''}`}>
              <span className="visually-hidden">every crawler: </span>line {shared} · {ctx.rules.get(shared)}
            </span>
          )}
        </span>
      </div>
      {r.crawlers.map((_, col) => {
        const k = row * cols + col;
        const v = cellView(r.status[k], r.lines[k], pending, flags, note, ctx);
        const isActive = activeCol === col;
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the grid's onKeyDown moves the active cell (aria-activedescendant); cells are not focus targets
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional (cell i is crawler column i), never reordered
            key={col}
            id={cellId(row, col)}
            role="gridcell"
            aria-colindex={col + 2}
            aria-selected={isActive}
            className={`cell ${v.cls}${isActive ? ' active' : ''}`}
            data-testid="cell"
            data-row={row}
            data-col={col}
            data-verdict={v.cls}
            data-line={r.lines[k] || undefined}
            title={v.detail}
            onClick={() => props.onSelect(row, col)}
          >
            <span className="verdict">
              <span className="icon" aria-hidden="true">
                {v.icon}
              </span>
              {v.verdict}
            </span>
            <span className="rule" data-testid="cell-rule">
              {isActive ? v.detail : v.brief}
            </span>
          </div>
        );
      })}
    </div>
  );
}
