/**
 * The last robots.txt file opened (dropped on the editor or picked), kept on
 * the shelf as it came, bytes and all. After a reload the page hands them to
 * the worker again, so that while the editor's text is still what they
 * decode to, verdicts still come from the bytes (docs/behaviour.md §13): a
 * file with invalid UTF-8 stays byte-exact. Once the text no longer matches
 * (edited, replaced, another file opened) the kept bytes are dropped.
 */
import { create } from 'zustand';
import type { Shelf } from './shelf';

/** An opened file as kept: its name and its bytes (a Blob: stored and read back without a copy on the page's thread). */
export interface KeptFile {
  name: string;
  bytes: Blob;
}

/** What the editor's note says about a file opened before the reload, and whether keeping a file failed. */
interface OpenedFileState {
  /** The file whose bytes the verdicts come from again after the reload, or null. */
  reopened: { name: string; invalidLines: number; shownPartOf: number | null } | null;
  /** Why the last opened file could not be kept for a reload, or null. */
  keepError: string | null;
}

/** The page's note about the kept file (EditorNotes.tsx reads it). */
export const useKeptFile = create<OpenedFileState>()(() => ({ reopened: null, keepError: null }));

/** The shelf key of the kept file (beside the saved inputs' large texts, so "Forget" removes it with them). */
const KEPT_FILE_KEY = 'robots-lab:robotsFile';

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Keeps an opened file for the next reload; says so on the note when the browser refuses. */
export async function keepOpenedFile(shelf: Shelf | undefined, file: KeptFile): Promise<void> {
  useKeptFile.setState({ reopened: null, keepError: null });
  try {
    await shelf?.set(KEPT_FILE_KEY, file);
  } catch (e) {
    useKeptFile.setState({
      keepError: `${file.name} could not be kept in this browser (${message(e)}): after a reload, verdicts will come from the text shown, not from the file's bytes.`,
    });
  }
}

/**
 * Hands the kept file's bytes to the worker again (`reopen` resolves with the
 * invalid lines it found, or null when the editor's text is no longer what
 * the bytes decode to). A file that no longer matches is dropped.
 */
export async function reopenKeptFile(
  shelf: Shelf | undefined,
  reopen: (bytes: Blob) => Promise<{ invalidLines: number; shownPartOf: number | null } | null>,
): Promise<void> {
  try {
    // Only keepOpenedFile writes this key.
    const kept = (await shelf?.get(KEPT_FILE_KEY)) as KeptFile | undefined;
    if (!kept) return;
    const opened = await reopen(kept.bytes);
    if (opened) {
      const { invalidLines, shownPartOf } = opened;
      useKeptFile.setState({ reopened: { name: kept.name, invalidLines, shownPartOf } });
    } else await shelf?.delete(KEPT_FILE_KEY);
  } catch {
    // Not readable now (IndexedDB blocked, the worker restarted): the text shown counts, as after an edit.
  }
}
