import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import type { CrawlerInfo } from '../../model/wire';

/** The URL column's width limits, in pixels. */
const URL_COL = { min: 120, max: 900, step: 24 };

/** The column header: the URL column (with the shared origin and a resize handle) and one column per crawler. */
export function GridHead(props: {
  crawlers: readonly CrawlerInfo[];
  origin: string | null;
  urlWidth: number;
  setUrlWidth(px: number): void;
}) {
  const { crawlers, origin, urlWidth, setUrlWidth } = props;
  const drag = useRef<{ x: number; w: number } | null>(null);
  const clamp = (w: number) => Math.round(Math.min(URL_COL.max, Math.max(URL_COL.min, w)));

  function onKey(e: KeyboardEvent) {
    const step = e.key === 'ArrowLeft' ? -URL_COL.step : e.key === 'ArrowRight' ? URL_COL.step : 0;
    if (!step) return;
    e.preventDefault();
    e.stopPropagation();
    setUrlWidth(clamp(urlWidth + step));
  }
  function onDown(e: PointerEvent<HTMLDivElement>) {
    drag.current = { x: e.clientX, w: urlWidth };
    e.currentTarget.setPointerCapture(e.pointerId);
  }
  function onMove(e: PointerEvent<HTMLDivElement>) {
    if (drag.current) setUrlWidth(clamp(drag.current.w + e.clientX - drag.current.x));
  }

  return (
    <div className="grid-head" role="row" aria-rowindex={1}>
      <div role="columnheader" aria-colindex={1} className="head-url" data-testid="head-url">
        <span>URL</span>
        {origin && (
          <span className="crawler-tokens" data-testid="head-origin" title={origin}>
            on {origin}
          </span>
        )}
        <div
          className="col-resizer"
          role="separator"
          aria-orientation="vertical"
          aria-label="URL column width"
          aria-valuemin={URL_COL.min}
          aria-valuemax={URL_COL.max}
          aria-valuenow={urlWidth}
          tabIndex={0}
          onKeyDown={onKey}
          onPointerDown={onDown}
          onPointerMove={onMove}
          onPointerUp={() => {
            drag.current = null;
          }}
          data-testid="url-col-resizer"
        />
      </div>
      {crawlers.map((c, i) => (
        <div
          role="columnheader"
          aria-colindex={i + 2}
          // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional (column i is crawler i) and are replaced whole, never reordered
          key={i}
          className="head-crawler"
          data-testid="crawler-header"
        >
          <span className="crawler-name">{c.label}</span>
          {c.valid ? (
            <span className="crawler-tokens">{c.tokens.join(' → ')}</span>
          ) : (
            <span className="crawler-tokens warn">⚠ Not a valid product token</span>
          )}
        </div>
      ))}
    </div>
  );
}
