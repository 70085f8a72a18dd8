/**
 * The one store of the page, in two parts: what the user entered
 * (persisted) and what the worker computed (not persisted; the controllers
 * write it with `setState`). Components read it through selectors; the
 * editor text reaches CodeMirror through `subscribe`, never through React
 * re-renders.
 */
import { create, type StateCreator } from 'zustand';
import { persist } from 'zustand/middleware';
import type { FetchStatus } from '../model/fetchStatus';
import type {
  ExplainResult,
  ListHandle,
  ParseSummary,
  RunStart,
  RunTotals,
  SitemapListInfo,
  SitemapReport,
  ViewQuery,
  ViewReply,
} from '../model/wire';
import { createInputsStorage } from '../persist/inputs';
import { browserLocal } from '../persist/local';
import { browserShelf } from '../persist/shelf';
import { migrateInputs } from '../share/persisted';
import { type CellRef, DEFAULT_INPUTS, type Inputs, PERSIST_VERSION } from './inputs';
import { loadViewQuery, saveViewQuery } from './viewPrefs';

interface InputsSlice extends Inputs {
  /** The list the worker holds (a long file imported, a saved list restored): while set, it is the URL list and `urlText` is ''. */
  urlList: ListHandle | null;
  setRobotsText(text: string): void;
  setRobotsUrl(url: string): void;
  /** Sets the URL list as text (a held list is let go). */
  setUrlText(text: string): void;
  /** Makes a list the worker holds the URL list. */
  setHeldList(list: ListHandle): void;
  toggleProfile(id: string, on: boolean): void;
  /** Adds a typed product token; false (and nothing changes) when MAX_CRAWLERS are chosen already. */
  addToken(token: string): boolean;
  removeToken(token: string): void;
  setNormalise(on: boolean): void;
  setFetchStatus(status: FetchStatus): void;
  select(cell: CellRef | null): void;
  loadExample(inputs: Partial<Inputs>): void;
  /** Puts back inputs taken with `snapshotInputs` (the undo of "Load the example" and "New"). */
  restoreInputs(snapshot: InputsSnapshot): void;
}

/** Everything the user entered, as it was at one moment, including a held list's handle. */
export interface InputsSnapshot {
  inputs: Inputs;
  urlList: ListHandle | null;
}

/** Where the page reads the URLs of a held list's rows: from the worker, a block at a time. */
export interface RowReader {
  /** Row `row`'s URL, or '' while it is fetched (the results are touched when it comes). */
  at(row: number): string;
  /** Row `row`'s URL, fetched when need be. */
  get(row: number): Promise<string>;
}

/** The results of one evaluation run, in compact arrays (row-major cells), laid out by the run's first piece. */
export interface RunResults extends Omit<RunStart, 'kind' | 'rows'> {
  /** The run's id (the worker keeps its arrays for views and exports under it). */
  id: number;
  /** The robots.txt version the run evaluated. */
  textVersion: number;
  /** The URL list: the typed text, row i its characters [starts[i], ends[i]) (blank lines skipped, trimmed), or the worker's held list. */
  list: string | RowReader;
  status: Uint8Array;
  lines: Int32Array;
  rowFlags: Uint8Array;
  normalised: Map<number, string>;
  notes: Map<number, string>;
  done: number;
  total: number;
  rate: number;
  /** Estimated time left, from the worker's rate. */
  etaMs: number;
  finished: boolean;
  elapsedMs: number;
  totals: RunTotals | null;
  /** True when this run replaced one that was cancelled before it finished. */
  restarted: boolean;
}

/** The URL of row `row` as typed ('' while a held list's row is fetched). */
export function urlAt(r: RunResults, row: number): string {
  return typeof r.list === 'string' ? r.list.slice(r.starts[row], r.ends[row]) : r.list.at(row);
}

interface ResultsSlice {
  parse: ParseSummary | null;
  /** The text version `parse` belongs to. */
  parseVersion: number;
  results: RunResults | null;
  /** Bumped whenever `results` arrays change in place. */
  resultsTick: number;
  explain: ExplainResult | null;
  /** Deciding line → number of cells it decides. */
  deciding: Map<number, number>;
  /** The line whose decided URLs are listed, when the user clicked a gutter marker. */
  decidingLine: number | null;
  workerNotice: string | null;
  storageNotice: string | null;
  /** A saved URL list the browser no longer has (evicted from IndexedDB), said beside the list until a new one comes. */
  listNotice: string | null;
  /** Another tab saved its inputs since this tab last wrote or read them (last writer wins; otherTabs.ts). */
  otherTabChanged: boolean;
  /** What the table shows: filters, search and sort (not persisted). */
  viewQuery: ViewQuery;
  /**
   * The rows the table shows: all in list order (rows null), or the worker's
   * answer for `viewQuery` on the current run (null while it computes);
   * `complete` is false too while the run still streams in.
   */
  view: ViewReply | null;
  /** What the answer's panel shows: why the selected cell says what it says, the totals or the file's problems. */
  dockTab: DockTab;
  /** The sitemap file the URL list was imported from, while the list is still that file's (not persisted). */
  sitemapList: SitemapSource | null;
  setSitemapList(list: SitemapSource | null): void;
  /** The crawler column the sitemap's URLs are checked for. */
  sitemapCrawler: number;
  /** The worker's Sitemaps report for the current text, list and crawler. */
  sitemapReport: SitemapReport | null;
  setSitemapCrawler(col: number): void;
  setSitemapReport(report: SitemapReport | null): void;
  setDockTab(tab: DockTab): void;
  setViewQuery(q: Partial<ViewQuery>): void;
  setResults(results: RunResults | null): void;
  touchResults(): void;
  showDecidingLine(line: number | null): void;
  setWorkerNotice(message: string | null): void;
  setStorageNotice(message: string | null): void;
}

/** The views of the answer's panel. */
export type DockTab = 'why' | 'totals' | 'problems' | 'ai' | 'sitemaps' | 'logs';

/** A sitemap file imported as the URL list: its name, URL count, size, and the list it made (text or held). */
interface SitemapSource extends Omit<SitemapListInfo, 'run'> {
  list: string | ListHandle;
}

export type RobotsLabState = InputsSlice & ResultsSlice;

/**
 * At most this many crawlers at once: each is a column of the table and a
 * pass over the URL list. 10,000 typed tokens made 10,000 columns; the page
 * now refuses the 101st with a sentence and keeps what was typed.
 */
export const MAX_CRAWLERS = 100;

/** The inputs and their actions, then what the worker computed. */
const createState: StateCreator<RobotsLabState, [['zustand/persist', unknown]]> = (set, get) => ({
  ...DEFAULT_INPUTS,
  urlList: null,
  setRobotsText: (robotsText) => set({ robotsText }),
  setRobotsUrl: (robotsUrl) => set({ robotsUrl }),
  setUrlText: (urlText) =>
    set((s) => ({ urlText, urlList: null, selected: null, listNotice: urlText === '' ? s.listNotice : null })),
  setHeldList: (urlList) => set({ urlText: '', urlList, selected: null, listNotice: null }),
  toggleProfile: (id, on) =>
    set((s) => {
      const has = s.crawlers.profiles.includes(id);
      if (on === has) return {};
      const profiles = on ? [...s.crawlers.profiles, id] : s.crawlers.profiles.filter((p) => p !== id);
      return { crawlers: { ...s.crawlers, profiles }, selected: null };
    }),
  addToken: (token) => {
    const s = get();
    const t = token.trim();
    if (t === '' || s.crawlers.tokens.includes(t)) return true;
    if (s.crawlers.profiles.length + s.crawlers.tokens.length >= MAX_CRAWLERS) return false;
    set({ crawlers: { ...s.crawlers, tokens: [...s.crawlers.tokens, t] }, selected: null });
    return true;
  },
  removeToken: (token) =>
    set((s) => ({ crawlers: { ...s.crawlers, tokens: s.crawlers.tokens.filter((t) => t !== token) }, selected: null })),
  setNormalise: (normalise) => set((s) => ({ settings: { ...s.settings, normalise } })),
  setFetchStatus: (fetchStatus) => set((s) => ({ settings: { ...s.settings, fetchStatus } })),
  select: (selected) => set({ selected }),
  loadExample: (inputs) =>
    set({ ...inputs, ...(inputs.urlText === undefined ? {} : { urlList: null }), selected: inputs.selected ?? null }),
  restoreInputs: ({ inputs, urlList }) => set({ ...inputs, urlList }),
  parse: null,
  parseVersion: -1,
  results: null,
  resultsTick: 0,
  explain: null,
  deciding: new Map(),
  decidingLine: null,
  workerNotice: null,
  storageNotice: null,
  listNotice: null,
  otherTabChanged: false,
  // Filters and sort come back after a reload (the rows they need arrive with the first run).
  viewQuery: loadViewQuery(browserLocal()),
  view: null,
  dockTab: 'why',
  sitemapList: null,
  setSitemapList: (sitemapList) => set({ sitemapList }),
  sitemapCrawler: 0,
  sitemapReport: null,
  setSitemapCrawler: (sitemapCrawler) => set({ sitemapCrawler }),
  setSitemapReport: (sitemapReport) => set({ sitemapReport }),
  setDockTab: (dockTab) => set({ dockTab }),
  setViewQuery: (q) => set((s) => ({ viewQuery: { ...s.viewQuery, ...q } })),
  setResults: (results) => set((s) => ({ results, resultsTick: s.resultsTick + 1 })),
  touchResults: () => set((s) => ({ resultsTick: s.resultsTick + 1 })),
  showDecidingLine: (decidingLine) => set({ decidingLine }),
  setWorkerNotice: (workerNotice) => set({ workerNotice }),
  setStorageNotice: (storageNotice) => set({ storageNotice }),
});

/** Takes what the user entered, so that a page-wide action can be undone. */
export function snapshotInputs(s: RobotsLabState): InputsSnapshot {
  return { inputs: persistedPart(s), urlList: s.urlList };
}

/** The persisted part of the state: only what the user entered. */
export function persistedPart(s: RobotsLabState): Inputs {
  return {
    robotsText: s.robotsText,
    robotsUrl: s.robotsUrl,
    urlText: s.urlText,
    crawlers: s.crawlers,
    settings: s.settings,
    selected: s.selected,
  };
}

export const STORAGE_KEY = 'robots-lab';

/**
 * The page's saved inputs. Its sentences go to the store once it exists
 * (never during the first read: a lost text is named asynchronously).
 */
export const pageStorage = createInputsStorage({
  storage: browserLocal,
  shelf: () => browserShelf,
  onNotice: (m) => {
    if (useRobotsLab.getState().storageNotice !== m) useRobotsLab.getState().setStorageNotice(m);
  },
  onLost: (listNotice) => useRobotsLab.setState({ listNotice }),
  delayMs: 300,
});

/** The page's one store; its inputs are saved in `pageStorage`. */
export const useRobotsLab = create<RobotsLabState>()(
  persist(createState, {
    name: STORAGE_KEY,
    version: PERSIST_VERSION,
    storage: pageStorage,
    partialize: (s) => ({ ...persistedPart(s), urlList: s.urlList }),
    migrate: (persisted) => migrateInputs(persisted) as unknown as RobotsLabState,
    merge: (persisted, current) =>
      persisted === undefined ? current : { ...current, ...migrateInputs(persisted), urlList: null },
  }),
);
useRobotsLab.subscribe((s, prev) => {
  if (s.viewQuery !== prev.viewQuery) saveViewQuery(browserLocal(), s.viewQuery);
});
