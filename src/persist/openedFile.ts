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

/** What the last robots.txt file opened gave: its name and how many lines hold invalid UTF-8; or why it failed. */
export interface OpenedNote {
  name: string;
  invalidLines: number;
  /** The file's size in bytes when the editor shows only the part Google reads; null when it shows it whole. */
  shownPartOf: number | null;
  error: string | null;
  /** Why the file is not text at all (an image, an archive…), when it is not. */
  notText?: string | null;
  /** Opened before the reload, its bytes kept in this browser. */
  kept?: boolean;
}

/** What the editor's note says about the last file opened, and whether keeping it failed. */
interface OpenedFileState {
  /** The file opened in this visit (by the controller) or before the reload (`reopenKeptFile`), or null. */
  opened: OpenedNote | null;
  /** Why the last opened file could not be kept for a reload, or null. */
  keepError: string | null;
}

/** The page's note about the opened file (EditorNotes.tsx reads it). */
export const useKeptFile = create<OpenedFileState>()(() => ({ opened: null, keepError: null }));

/** The shelf key of the kept file (beside the saved inputs' large texts, so "Forget" removes it with them). */
const KEPT_FILE_KEY = 'robots-lab:robotsFile';

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Keeps an opened file for the next reload; says so on the note when the browser refuses. */
export async function keepOpenedFile(shelf: Shelf | undefined, file: KeptFile): Promise<void> {
  useKeptFile.setState({ keepError: null });
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
      useKeptFile.setState({ opened: { name: kept.name, invalidLines, shownPartOf, error: null, kept: true } });
    } else await shelf?.delete(KEPT_FILE_KEY);
  } catch {
    // Not readable now (IndexedDB blocked, the worker restarted): the text shown counts, as after an edit.
  }
}
