import { useState } from 'react';
import { useController } from '../../app/context';
import type { CsvPeek, ListImport } from '../../model/wire';
import { useRobotsLab } from '../../state/store';
import { formatCount } from '../format';

/** What an import put in the list, in words. */
function importedNote(result: Extract<ListImport, { kind: 'list' }>): string {
  const n = `${formatCount(result.count)} URL${result.count === 1 ? '' : 's'}`;
  if (!result.sitemapIndex) return `Loaded ${n} from ${result.name}.`;
  return `${result.name} is a sitemap index: its ${n} are the child sitemaps' addresses, listed as URLs to test. The child sitemaps were not fetched (nothing leaves this page); load each one to test its pages.`;
}

/**
 * Reading list files in the worker (locally; nothing is uploaded): the note
 * that says how it went, and the CSV column choice asked before a CSV is
 * read. A long list stays in the worker (the store gets its handle), a short
 * one goes into the URL editor. `onImported` runs just before an imported
 * list replaces the URLs, with the note that says what it held.
 */
export function useListImport(onImported: (said: string) => void) {
  const controller = useController();
  // A line under the list about the last import: progress, what it held, or why it failed.
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  // A CSV waiting for the user to pick its URL column: its header and first rows, read before the list is.
  const [csvChoice, setCsvChoice] = useState<{ file: File; csv: CsvPeek } | null>(null);

  /** Reads a file; a CSV first asks which column holds the URLs (`column` null: not asked yet). */
  async function loadFile(file: File, column: number | null = null) {
    setNote({ text: `Reading ${file.name}…`, error: false });
    setCsvChoice(null);
    try {
      const result = await controller.client.importList(file, file.name, column);
      if (result.kind === 'csv') {
        setNote(null);
        setCsvChoice({ file, csv: result.csv });
        return;
      }
      const said = importedNote(result);
      onImported(said);
      const s = useRobotsLab.getState();
      if (result.handle) s.setHeldList(result.handle);
      else s.setUrlText(result.text ?? '');
      // The Sitemaps tab cross-checks a sitemap's URLs against the rules while the list is still that file's.
      const list = result.handle ?? result.text ?? '';
      s.setSitemapList(
        result.format === 'sitemap' ? { name: result.name, count: result.count, bytes: file.size, list } : null,
      );
      setNote({ text: said, error: false });
    } catch (e) {
      setNote({ text: `Could not read ${file.name}: ${e instanceof Error ? e.message : String(e)}`, error: true });
    }
  }

  /** The CSV question's answer: a column reads the file by it, null cancels. */
  function onCsvColumn(column: number | null) {
    if (csvChoice && column !== null) void loadFile(csvChoice.file, column);
    else setCsvChoice(null);
  }

  return { note, csvChoice, onCsvColumn, loadFile };
}
