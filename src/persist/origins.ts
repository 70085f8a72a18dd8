/**
 * The other origins' files kept in this browser: all of them under one key
 * on the shelf (IndexedDB), as a file may be as large as the editor's;
 * nothing in localStorage. Read back once at start, saved a moment after
 * typing stops, at once for any other change (and when the page is hidden), removed by
 * "Forget stored data".
 */
import { isFetchStatus } from '../model/fetchStatus';
import type { OriginFile } from '../state/origins';
import { refusalReason, type Shelf } from './shelf';

/** The shelf key (under the page's own name, beside the saved inputs' large texts). */
const ORIGINS_SHELF_KEY = 'robots-lab:origins';

/** The part of the origins store the keeper reads and fills. */
export interface OriginsOwner {
  getState(): { files: OriginFile[]; restore(files: OriginFile[]): void };
  subscribe(listener: (s: { files: OriginFile[] }, prev: { files: OriginFile[] }) => void): () => void;
}

/** Keeps only well-formed files from what was stored (a damaged entry never blanks the page). */
function readOriginFiles(raw: unknown): OriginFile[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(
      (f): f is OriginFile =>
        typeof f?.origin === 'string' && typeof f.text === 'string' && isFetchStatus(f.fetchStatus),
    )
    .map((f) => ({ ...f, record: typeof f.record === 'object' ? f.record : null }));
}

/** The files as they are but for their texts, to compare. */
const withoutTexts = (files: OriginFile[]) => JSON.stringify(files.map(({ text: _, ...rest }) => rest));

/** Loads the kept files into a store, then saves them as they change. */
export class OriginsStorage {
  private timer?: ReturnType<typeof setTimeout>;
  private store: OriginsOwner | null = null;
  private saved: OriginFile[] | null = null;
  /** Set by `forget`: nothing is saved again before the page reloads. */
  private forgotten = false;

  constructor(
    private readonly shelf: Shelf | undefined,
    /** A sentence about files that could not be kept or read. */
    private readonly onNotice: (message: string) => void = () => {},
    private readonly delayMs = 300,
  ) {}

  /** Reads the kept files into `store` (files added meanwhile win over kept ones of the same origin), then follows it. */
  async start(store: OriginsOwner): Promise<void> {
    this.store = store;
    let addedMeanwhile = false;
    if (this.shelf) {
      try {
        const kept = readOriginFiles(await this.shelf.get(ORIGINS_SHELF_KEY));
        const now = store.getState().files;
        addedMeanwhile = now.length > 0;
        if (kept.length > 0)
          store.getState().restore([...kept.filter((k) => !now.some((f) => f.origin === k.origin)), ...now]);
        // What the shelf holds now, unless files were added while reading.
        if (!addedMeanwhile) this.saved = store.getState().files;
      } catch (e) {
        this.onNotice(`The other origins' files could not be read back: ${refusalReason(e)}.`);
      }
    }
    store.subscribe((s, prev) => {
      if (s.files === prev.files) return;
      clearTimeout(this.timer);
      // Typing in a file waits for a pause; anything else (a file added or
      // removed, a fetch status or record changed) is saved at once.
      if (withoutTexts(s.files) === withoutTexts(prev.files)) this.timer = setTimeout(() => this.flush(), this.delayMs);
      else this.flush();
    });
    if (addedMeanwhile) this.flush();
  }

  /** Saves the files now if they changed. */
  flush(): void {
    clearTimeout(this.timer);
    const files = this.store?.getState().files;
    if (!files || !this.shelf || this.forgotten || files === this.saved) return;
    this.saved = files;
    const write = files.length === 0 ? this.shelf.delete(ORIGINS_SHELF_KEY) : this.shelf.set(ORIGINS_SHELF_KEY, files);
    void write.catch((e) => {
      this.saved = null;
      this.onNotice(`The other origins' files could not be kept: ${refusalReason(e)}. They stay in this tab.`);
    });
  }

  /** Removes the kept files from this browser ("Forget stored data"). */
  async forget(): Promise<void> {
    this.forgotten = true;
    clearTimeout(this.timer);
    await this.shelf?.delete(ORIGINS_SHELF_KEY);
  }
}
