import { useState } from 'react';
import { useController } from '../../app/context';
import type { ImportSummary, ListImport } from '../../model/wire';
import { useRobotsLab } from '../../state/store';
import { formatCount } from '../format';

/** A line under the list about the last import: progress, what it held, or why it failed. */
export interface ImportNote {
  text: string;
  error: boolean;
}

/** A CSV waiting for the user to pick its URL column. */
export interface CsvChoice {
  file: File;
  result: ImportSummary;
  column: number;
}

/** What an import put in the list, in words. */
function importedNote(result: ListImport): string {
  const n = `${formatCount(result.count)} URL${result.count === 1 ? '' : 's'}`;
  if (!result.sitemapIndex) return `Loaded ${n} from ${result.name}.`;
  return `${result.name} is a sitemap index: its ${n} are the child sitemaps' addresses, listed as URLs to test. The child sitemaps were not fetched (nothing leaves this page); load each one to test its pages.`;
}

/**
 * Reading list files in the worker (locally; nothing is uploaded): the note
 * that says how it went, and the CSV column choice asked before a CSV is used.
 * `onImported` runs just before an imported list replaces the URLs, with
 * the note that says what it held.
 */
export function useListImport(onImported: (said: string) => void) {
  const controller = useController();
  const [note, setNote] = useState<ImportNote | null>(null);
  const [csvChoice, setCsvChoice] = useState<CsvChoice | null>(null);
  const [loadedName, setLoadedName] = useState<string | null>(null);

  /** Reads a file; a CSV first asks which column holds the URLs (`column` null: not asked yet). */
  async function loadFile(file: File, column: number | null = null) {
    setNote({ text: `Reading ${file.name}…`, error: false });
    try {
      const result = await controller.importUrlList(file, column);
      if (result.format === 'csv' && column === null) {
        setNote(null);
        setCsvChoice({ file, result, column: Math.max(0, result.csv?.column ?? 0) });
        return;
      }
      setLoadedName(result.name);
      const said = importedNote(result);
      onImported(said);
      useRobotsLab.getState().setUrlText(result.text, result.pieces);
      // The Sitemaps tab cross-checks a sitemap's URLs against the rules while the list is still that file's.
      useRobotsLab
        .getState()
        .setSitemapList(
          result.format === 'sitemap'
            ? { name: result.name, count: result.count, bytes: file.size, text: result.text }
            : null,
        );
      setNote({ text: said, error: false });
    } catch (e) {
      setNote({ text: `Could not read ${file.name}: ${e instanceof Error ? e.message : String(e)}`, error: true });
    }
  }

  return { note, csvChoice, setCsvChoice, loadFile, loadedName };
}
