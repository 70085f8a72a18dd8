import { useState } from 'react';
import type { CsvPeek } from '../../model/wire';

/** Asks which CSV column holds the URLs (header names or numbers, a preview); `onDone` gets it, or null on Cancel. */
export function CsvColumnDialog(props: { file: File; csv: CsvPeek; onDone(column: number | null): void }) {
  const { file, csv, onDone } = props;
  const [column, setColumn] = useState(Math.max(0, csv.guess));
  const names = Array.from({ length: csv.columns }, (_, i) => csv.header?.[i] || `Column ${i + 1}`);
  return (
    <div
      className="csv-dialog"
      role="dialog"
      aria-modal="false"
      aria-labelledby="csv-dialog-title"
      data-testid="csv-dialog"
    >
      <h3 id="csv-dialog-title">Which column holds the URLs in {file.name}?</h3>
      <p className="hint">
        {csv.header ? 'The first row is a header.' : 'The file has no header row.'}{' '}
        {csv.guess >= 0 ? `“${names[csv.guess]}” looks like URLs.` : 'No column looks like URLs.'}
      </p>
      {/* The choice and its buttons on one line above the preview: the panel's box may show only its top. */}
      <div className="dialog-actions">
        <label>
          URL column{' '}
          <select value={column} onChange={(e) => setColumn(Number(e.target.value))} data-testid="csv-column">
            {names.map((n, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is positional (item i is column or crawler i) and is replaced whole, never reordered
              <option key={i} value={i}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => onDone(column)} data-testid="csv-import">
          Use this column
        </button>
        <button type="button" className="secondary" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
      {/* The first rows, the chosen column marked. A wide file scrolls sideways here: a Tab stop with a name, so the keyboard can scroll it too. */}
      <section
        className="csv-preview-scroll"
        aria-label="Preview of the file's first rows"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take the focus to be scrolled by keys (WCAG 2.1.1)
        tabIndex={0}
        data-testid="csv-preview"
      >
        <table className="csv-preview">
          <thead>
            <tr>
              {names.map((n, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is positional (item i is column or crawler i) and is replaced whole, never reordered
                <th key={i} className={i === column ? 'chosen' : ''}>
                  {n}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {csv.sample.map((r, ri) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is positional (item i is column or crawler i) and is replaced whole, never reordered
              <tr key={ri}>
                {names.map((_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is positional (item i is column or crawler i) and is replaced whole, never reordered
                  <td key={i} className={i === column ? 'chosen' : ''}>
                    {r[i] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
