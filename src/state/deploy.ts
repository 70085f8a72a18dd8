/**
 * The before/after view's state: which main view shows, the deployed file,
 * the comparison's progress, counts and the flips on screen, and the saved
 * snapshots. The deployed text and the snapshots are kept in IndexedDB (they
 * can be as large as a robots.txt gets), never sent anywhere.
 */
import { create } from 'zustand';
import type { FlipQuery, FlipRecord, FlipTally } from '../model/wire';
import type { Shelf } from '../persist/shelf';

/** The test pane's two main views. */
export type MainView = 'results' | 'before-after';

/** A named, dated copy of a deployed file. */
export interface Snapshot {
  id: string;
  name: string;
  /** ISO 8601, UTC. */
  savedAt: string;
  text: string;
}

/** How many flips the list shows at most (the export has them all). */
const FLIP_LIMIT = 200;

const DEFAULT_FLIP_QUERY: FlipQuery = { kind: 'all', crawler: -1, sort: 'list', desc: false, limit: FLIP_LIMIT };

/** The comparison on screen. */
interface FlipsOnScreen {
  run: number;
  progress: { done: number; total: number };
  tally: FlipTally | null;
  finished: boolean;
  elapsedMs: number;
  records: FlipRecord[];
  /** Flips the query keeps (of which `records` are the first). */
  count: number;
}

export interface DeployState {
  view: MainView;
  deployedText: string;
  flips: FlipsOnScreen | null;
  /** Why the comparison or a file could not be used, for the user. */
  notice: string | null;
  query: FlipQuery;
  snapshots: Snapshot[];
  /** A line of the deployed file to show in its editor (a removed line that causes a flip); `seq` repeats a jump. */
  deployedFocus: { line: number; seq: number } | null;
  /**
   * The robots.txt as it came into the page in this session (opened, pasted
   * whole, or as the page started), before any edit: offered as the deployed
   * side. Not saved: a new session starts from its own first file.
   */
  openedText: string | null;
  setOpenedText(text: string): void;
  setView(view: MainView): void;
  setDeployedText(text: string): void;
  setNotice(notice: string | null): void;
  setQuery(query: Partial<FlipQuery>): void;
  focusDeployedLine(line: number): void;
}

/** The page's before/after store. */
export const useDeploy = create<DeployState>()((set, get) => ({
  view: 'results',
  deployedText: '',
  flips: null,
  notice: null,
  query: DEFAULT_FLIP_QUERY,
  snapshots: [],
  deployedFocus: null,
  openedText: null,
  setOpenedText: (openedText) => set({ openedText }),
  setView: (view) => set({ view }),
  setDeployedText: (deployedText) => set({ deployedText }),
  setNotice: (notice) => set({ notice }),
  setQuery: (query) => set({ query: { ...get().query, ...query } }),
  focusDeployedLine: (line) => set({ deployedFocus: { line, seq: (get().deployedFocus?.seq ?? 0) + 1 } }),
}));

const DEPLOYED_KEY = 'deploy:deployed';
const SNAPSHOTS_KEY = 'deploy:snapshots';

/**
 * Keeps the deployed text and the snapshots on the shelf (IndexedDB): loads
 * them once, then saves the deployed text a moment after it stops changing
 * (and at once when the page is hidden).
 */
export class DeployStorage {
  private timer?: ReturnType<typeof setTimeout>;
  private saved = '';
  /** Set by `forget`: nothing is saved again before the page reloads. */
  private forgotten = false;

  constructor(private readonly values: Shelf | undefined) {}

  /** Loads what was kept, then follows the store. */
  async start(): Promise<void> {
    if (this.values) {
      try {
        const [text, snaps] = await Promise.all([this.values.get(DEPLOYED_KEY), this.values.get(SNAPSHOTS_KEY)]);
        // A paste made while loading wins over the stored text.
        if (typeof text === 'string' && text && !useDeploy.getState().deployedText)
          useDeploy.getState().setDeployedText(text);
        this.saved = typeof text === 'string' ? text : '';
        // `writeSnapshots` stores the list as JSON.
        useDeploy.setState({ snapshots: typeof snaps === 'string' ? JSON.parse(snaps) : [] });
      } catch {
        useDeploy.getState().setNotice('The saved deployed file and snapshots could not be read from this browser.');
      }
    }
    useDeploy.subscribe((s, prev) => {
      if (s.deployedText === prev.deployedText) return;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.flush(), 300);
    });
  }

  /** Saves the deployed text now if it changed. */
  flush(): void {
    clearTimeout(this.timer);
    const text = useDeploy.getState().deployedText;
    if (!this.values || this.forgotten || text === this.saved) return;
    this.saved = text;
    void this.values.set(DEPLOYED_KEY, text).catch(() => {
      useDeploy.getState().setNotice('The deployed file could not be kept in this browser (storage full or blocked).');
    });
  }

  /** Removes the deployed text and the snapshots from this browser ("Forget stored data"). */
  async forget(): Promise<void> {
    this.forgotten = true;
    clearTimeout(this.timer);
    if (this.values) await Promise.all([this.values.delete(DEPLOYED_KEY), this.values.delete(SNAPSHOTS_KEY)]);
  }

  /** Saves the deployed text as a new snapshot named `name`. */
  async saveSnapshot(name: string): Promise<void> {
    const now = new Date();
    const s = useDeploy.getState();
    const snap: Snapshot = {
      id: `${now.getTime().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      name: name.trim() || `Snapshot ${s.snapshots.length + 1}`,
      savedAt: now.toISOString(),
      text: s.deployedText,
    };
    await this.writeSnapshots([snap, ...s.snapshots]);
  }

  /** Deletes one snapshot. */
  async deleteSnapshot(id: string): Promise<void> {
    await this.writeSnapshots(useDeploy.getState().snapshots.filter((x) => x.id !== id));
  }

  private async writeSnapshots(list: Snapshot[]): Promise<void> {
    const before = useDeploy.getState().snapshots;
    useDeploy.setState({ snapshots: list });
    if (!this.values) return;
    try {
      await this.values.set(SNAPSHOTS_KEY, JSON.stringify(list));
    } catch {
      useDeploy.setState({ snapshots: before });
      useDeploy.getState().setNotice('The snapshots could not be saved in this browser (storage full or blocked).');
    }
  }
}
