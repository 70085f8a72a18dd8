import { useState } from 'react';
import { useController } from '../app/context';
import { useRobotsLab } from '../state/store';
import type { ExportFormat } from '../worker/protocol';
import { formatCount } from './format';

/** Downloads the rows the table shows as CSV or JSON (written in the worker); disabled while there is nothing to export. */
export function ExportButtons() {
  const controller = useController();
  const [exporting, setExporting] = useState<string | null>(null);
  const empty = useRobotsLab(
    (s) => !s.results || s.results.total === 0 || s.results.crawlers.length === 0 || s.view?.count === 0,
  );
  async function download(format: ExportFormat) {
    setExporting(`Writing the ${format.toUpperCase()} file…`);
    const file = await controller.exportResults(format);
    if (!file) {
      setExporting('The results changed; export again.');
      return;
    }
    const url = URL.createObjectURL(file.blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `robots-lab-results.${format}`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setExporting(`Exported ${formatCount(file.rows)} row${file.rows === 1 ? '' : 's'} as ${format.toUpperCase()}.`);
  }

  return (
    <span className="export">
      <button type="button" disabled={empty} onClick={() => void download('csv')} data-testid="export-csv">
        Export CSV
      </button>
      <button type="button" disabled={empty} onClick={() => void download('json')} data-testid="export-json">
        Export JSON
      </button>
      {exporting && (
        <span className="hint" role="status" data-testid="export-status">
          {exporting}
        </span>
      )}
    </span>
  );
}
