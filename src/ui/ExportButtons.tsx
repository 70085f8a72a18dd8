import { useRef, useState } from 'react';
import { useController } from '../app/context';
import { UTF8_BOM } from '../core/csv';
import type { ExportFormat, ExportSummary } from '../model/wire';
import { useRobotsLab } from '../state/store';
import { download } from './download';
import { countOf, formatCount } from './format';
import { waitForRun } from './waitForRun';

/**
 * Downloads the records the table shows as CSV or JSON (written in the
 * worker). An export asked for during a run waits for the run, showing its
 * progress, so the file is never silently partial; the options add a UTF-8
 * BOM for Excel and a wide CSV layout (a row per URL, columns per crawler).
 */
export function ExportButtons() {
  const controller = useController();
  const [message, setMessage] = useState<string | null>(null);
  const [bom, setBom] = useState(false);
  const [wide, setWide] = useState(false);
  const busy = useRef(false);
  const empty = useRobotsLab(
    (s) => !s.results || s.results.total === 0 || s.results.crawlers.length === 0 || s.view?.count === 0,
  );

  async function exportAs(format: ExportFormat) {
    if (busy.current) return;
    busy.current = true;
    try {
      const ready = await waitForRun((done, total) =>
        setMessage(`Waiting for the run to finish: ${formatCount(done)} of ${formatCount(total)} URLs judged…`),
      );
      if (!ready) return setMessage('Nothing to export: the table has no rows.');
      setMessage(`Writing the ${format.toUpperCase()} file…`);
      const file = await controller.exportResults(format, wide && format === 'csv');
      if (!file) return setMessage('The results changed; export again.');
      // The BOM is a Blob part in front: the file is not copied into a string.
      const blob = bom && format === 'csv' ? new Blob([UTF8_BOM, file.blob], { type: file.blob.type }) : file.blob;
      download(blob, `robots-lab-results${file.summary.complete ? '' : '-partial'}.${format}`);
      setMessage(exportMessage(file.summary, format));
    } finally {
      busy.current = false;
    }
  }

  return (
    <span className="export" data-testid="export-controls">
      <button type="button" disabled={empty} onClick={() => void exportAs('csv')} data-testid="export-csv">
        Export CSV
      </button>
      <button type="button" disabled={empty} onClick={() => void exportAs('json')} data-testid="export-json">
        Export JSON
      </button>
      {/* The CSV's expert options sit behind their own disclosure, not in the toolbar. */}
      <details className="export-options" data-testid="export-options">
        <summary>CSV options</summary>
        <div className="export-options-body">
          <label className="export-option" title="Starts the CSV with a byte-order mark so Excel reads it as UTF-8">
            <input type="checkbox" checked={bom} onChange={(e) => setBom(e.target.checked)} data-testid="export-bom" />
            BOM for Excel
          </label>
          <label className="export-option" title="One CSV row per URL, a verdict, line and rule column per crawler">
            <input
              type="checkbox"
              checked={wide}
              onChange={(e) => setWide(e.target.checked)}
              data-testid="export-wide"
            />
            Wide CSV (a row per URL)
          </label>
        </div>
      </details>
      {message && (
        <span className="hint" role="status" data-testid="export-status">
          {message}
        </span>
      )}
    </span>
  );
}

/** "Exported 12,000 records (4,000 URLs × 3 crawlers) as CSV.", labelled when the run had not finished. */
function exportMessage(s: ExportSummary, format: ExportFormat): string {
  const shape =
    s.records === s.urls * s.crawlers
      ? `${countOf(s.urls, 'URL')} × ${countOf(s.crawlers, 'crawler')}`
      : `from ${countOf(s.urls, 'URL')}`;
  const partial = s.complete
    ? ''
    : ` Partial: the run had judged ${formatCount(s.judged)} of ${formatCount(s.total)} URLs.`;
  return `Exported ${countOf(s.records, 'record')} (${shape}) as ${format.toUpperCase()}.${partial}`;
}
