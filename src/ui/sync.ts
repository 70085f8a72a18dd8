/**
 * Connects the store to the worker and the editor, outside React: text and
 * settings → worker (parse once per version, evaluate many) → results →
 * store → editor decorations and panels.
 */
import type { EditorView } from '@codemirror/view';
import type { StoreApi, UseBoundStore } from 'zustand';
import { pushDiagnostics, setDecidingLines, showResultHighlight } from '../editor/index';
import { crawlerSpecs } from '../state/inputs';
import { type RobotsLabState, type RunResults, setListSaver, urlAt, urlListPieces } from '../state/store';
import { type ListImport, RobotsWorkerClient, type WorkerLike } from '../worker/client';
import type { DebugFault, ExplainResult, ExportFormat, ParseSummary, ViewQuery } from '../worker/protocol';
import { isAllRows } from '../worker/protocol';

type Store = UseBoundStore<StoreApi<RobotsLabState>>;

let editorView: EditorView | null = null;
let store: Store | null = null;
let client: RobotsWorkerClient | null = null;

let exporter: ((format: ExportFormat) => Promise<{ blob: Blob; rows: number } | null>) | null = null;
let importer: ((file: File, column: number | null) => Promise<ListImport>) | null = null;

let rowQuery: ((query: ViewQuery) => Promise<Int32Array | null>) | null = null;

/** The rows of the current run a query keeps, computed in the worker (null when the run is gone). */
export function queryRows(query: ViewQuery): Promise<Int32Array | null> {
  return rowQuery ? rowQuery(query) : Promise.resolve(null);
}

/** Writes the rows the table shows as a CSV or JSON file (in the worker). */
export function exportResults(format: ExportFormat): Promise<{ blob: Blob; rows: number } | null> {
  return exporter ? exporter(format) : Promise.resolve(null);
}

/** Reads a URL list file in the worker; `column` picks a CSV column (0-based), null guesses. */
export function importUrlList(file: File, column: number | null): Promise<ListImport> {
  if (!importer) return Promise.reject(new Error('The page is still starting.'));
  return importer(file, column);
}

/** Highlights one rule line in the editor and scrolls to it (a click on the totals' bar chart). */
export function highlightRuleLine(line: number | null): void {
  if (!editorView) return;
  showResultHighlight(editorView, line === null ? null : { groupLines: [], ruleLine: line });
}

/** The editor registers itself here so results can decorate it. */
export function attachEditor(view: EditorView | null): void {
  editorView = view;
  if (view && store) {
    const s = store.getState();
    if (s.parse) pushDiagnostics(view, s.parse.diagnostics);
    view.dispatch({ effects: setDecidingLines.of(s.deciding) });
    applyHighlight(s.explain);
  }
}

/** Test hook for the restart path (only wired when the page URL has ?debug). */
export function debugFault(fault: DebugFault): void {
  client?.debugFault(fault);
}

function applyHighlight(explain: ExplainResult | null): void {
  if (!editorView || !store) return;
  const parse = store.getState().parse;
  const v = explain?.verdict;
  if (!v || !parse || explain?.fetchOutcome) {
    showResultHighlight(editorView, null);
    return;
  }
  const groupLines: number[] = [];
  if (v.choice.kind !== 'none') {
    for (const gi of v.choice.groups) {
      const g = parse.groups[gi];
      if (!g) continue;
      for (let n = g.startLine; n <= g.endLine; n++) groupLines.push(n);
    }
  }
  showResultHighlight(editorView, { groupLines, ruleLine: v.rule ? v.rule.line : null });
}

/** How often a streaming run's progress is shown, at most. */
const FLUSH_MS = 150;

/** How often the editor's deciding-line markers follow a streaming run, at most. */
const MARKERS_MS = 1000;

/** Delay before re-parsing: immediate for small files, longer for huge pastes. */
function textDelay(text: string): number {
  return Math.min(150, 5 + Math.floor(text.length / 50_000));
}

export function startSync(theStore: Store, createWorker: () => WorkerLike, budgetMs = 5000): () => void {
  store = theStore;
  const st = theStore;
  let textTimer: ReturnType<typeof setTimeout> | null = null;
  let runTimer: ReturnType<typeof setTimeout> | null = null;
  let explainSeq = 0;
  let flushPending = false;
  let lastFlush = 0;

  const c = new RobotsWorkerClient({
    create: createWorker,
    budgetMs,
    onRestart(message) {
      st.getState().setWorkerNotice(message);
      if (!c.crashLooping) sendText();
    },
    onFailure(message) {
      st.getState().setWorkerNotice(`The worker could not finish: ${message}`);
    },
  });
  client = c;

  /** Shows the latest state of the run on screen: the table, the totals and (see showMarkers) the editor's deciding-line markers. */
  function flushResults(): void {
    flushPending = false;
    lastFlush = performance.now();
    const s = st.getState();
    s.touchResults();
    if (s.results && !s.results.finished) refreshViewSoon();
    const rules = s.results?.totals?.rules;
    if (rules) {
      const counts = new Map<number, number>();
      for (let i = 0; i < rules.length; i += 2) counts.set(rules[i], rules[i + 1]);
      s.setDeciding(counts);
    }
    showMarkers(s.results?.finished !== false);
  }

  /**
   * Chunks arrive every ~20 ms; the page shows them a few times a second. Each
   * showing re-renders the table and the totals: at every frame that took
   * more of the two cores than the worker could spare.
   */
  function scheduleFlush(): void {
    if (flushPending) return;
    flushPending = true;
    const wait = Math.max(0, lastFlush + FLUSH_MS - performance.now());
    setTimeout(() => requestAnimationFrame(() => flushPending && flushResults()), wait);
  }

  let markersTimer: ReturnType<typeof setTimeout> | null = null;
  let markersShown = 0;

  /**
   * Puts the deciding-line markers in the editor's gutter, in a task of its
   * own (rebuilding them for a large file takes 10-20 ms, too much to add to
   * a render of the table), and while a run streams in about once a second.
   */
  function showMarkers(final: boolean): void {
    if (markersTimer !== null) {
      if (!final) return;
      clearTimeout(markersTimer);
    }
    const wait = final ? 0 : Math.max(0, markersShown + MARKERS_MS - performance.now());
    markersTimer = setTimeout(() => {
      markersTimer = null;
      markersShown = performance.now();
      if (editorView) editorView.dispatch({ effects: setDecidingLines.of(st.getState().deciding) });
    }, wait);
  }

  function sendText(): void {
    const text = st.getState().robotsText;
    const p = c.setText(text);
    const version = c.currentVersion;
    startRun();
    void p.then((summary: ParseSummary | null) => {
      if (!summary) return;
      st.getState().setParse(summary, version);
      if (editorView) pushDiagnostics(editorView, summary.diagnostics);
      applyHighlight(st.getState().explain);
    });
  }

  /** The run on screen, while it streams in; a new run replacing it says it restarted. */
  let running: RunResults | null = null;

  function startRun(): void {
    const s = st.getState();
    const specs = crawlerSpecs(s.crawlers);
    const text = s.urlText;
    const list = urlListPieces(s);
    const textVersion = c.currentVersion;
    const restarted = running !== null && !running.finished;
    let results: RunResults | null = null;
    let cols = specs.length;
    const id = c.evaluate(
      {
        urlsText: text,
        crawlers: specs,
        normalise: s.settings.normalise,
        robotsUrl: s.robotsUrl.trim(),
        fetchStatus: s.settings.fetchStatus,
      },
      {
        onStart(rows, crawlers, offsets) {
          cols = crawlers.length;
          results = {
            id,
            textVersion,
            list,
            starts: offsets.starts,
            ends: offsets.ends,
            crawlers,
            status: new Uint8Array(rows * cols),
            lines: new Int32Array(rows * cols),
            rowFlags: new Uint8Array(rows),
            normalised: new Map(),
            notes: new Map(),
            done: 0,
            total: rows,
            rate: 0,
            etaMs: 0,
            finished: false,
            elapsedMs: 0,
            totals: null,
            restarted,
          };
          running = results;
          // Old results stay on screen until the first chunk replaces them.
          if (rows === 0 || cols === 0) {
            st.getState().setResults(results);
            st.getState().setView(null);
          }
        },
        onChunk(chunk) {
          const r = results!;
          const first = r.done === 0 && chunk.start === 0;
          r.status.set(chunk.status, chunk.start * cols);
          r.lines.set(chunk.lines, chunk.start * cols);
          r.rowFlags.set(chunk.rowFlags, chunk.start);
          for (const [row, url] of chunk.normalised) r.normalised.set(row, url);
          for (const [row, note] of chunk.notes) r.notes.set(row, note);
          r.done = chunk.progress.done;
          r.rate = chunk.progress.rate;
          r.etaMs = chunk.progress.etaMs;
          r.totals = chunk.totals;
          if (first) {
            st.getState().setResults(r);
            st.getState().setView(null);
            flushResults();
            requestView();
          } else scheduleFlush();
        },
        onDone(_rows, elapsedMs) {
          const r = results!;
          r.finished = true;
          r.elapsedMs = elapsedMs;
          if (st.getState().results !== r) {
            st.getState().setResults(r);
            st.getState().setView(null);
          }
          flushResults();
          requestView();
          requestExplain();
        },
        onError(message) {
          st.getState().setWorkerNotice(message);
        },
      },
    );
  }

  let viewSeq = 0;
  let viewTimer: ReturnType<typeof setTimeout> | null = null;

  /** Asks the worker for the rows the current query keeps (none needed for all rows in list order). */
  function requestView(): void {
    const s = st.getState();
    const r = s.results;
    if (!r) return;
    const query = s.viewQuery;
    if (isAllRows(query)) {
      s.setView({ run: r.id, query, rows: null, count: r.total, complete: r.finished });
      return;
    }
    const seq = ++viewSeq;
    void c.view(r.id, query).then((v) => {
      if (!v || seq !== viewSeq) return;
      const now = st.getState();
      if (now.results?.id !== v.run || now.viewQuery !== query) return;
      now.setView({ run: v.run, query, rows: v.rows, count: v.count, complete: v.complete && now.results.finished });
    });
  }

  /** While a run streams in, a filtered view is refreshed a few times a second. */
  function refreshViewSoon(): void {
    if (viewTimer !== null) return;
    viewTimer = setTimeout(() => {
      viewTimer = null;
      const r = st.getState().results;
      if (r && !r.finished && !isAllRows(st.getState().viewQuery)) requestView();
    }, 400);
  }

  function requestExplain(): void {
    const s = st.getState();
    const r = s.results;
    const sel = s.selected;
    const seq = ++explainSeq;
    if (!r || !sel || sel.row >= r.total || sel.col >= r.crawlers.length) {
      s.setExplain(null);
      applyHighlight(null);
      return;
    }
    const spec = crawlerSpecs(s.crawlers)[sel.col];
    if (!spec) return;
    void c
      .explain({
        url: urlAt(r, sel.row),
        crawler: spec,
        normalise: s.settings.normalise,
        robotsUrl: s.robotsUrl.trim(),
        fetchStatus: s.settings.fetchStatus,
      })
      .then((result) => {
        if (!result || seq !== explainSeq) return;
        st.getState().setExplain(result);
        applyHighlight(result);
      });
  }

  /** Exports the rows the table shows; resolves with a file, or null when the run is gone. */
  exporter = async (format) => {
    const s = st.getState();
    if (!s.results) return null;
    return c.export(s.results.id, s.viewQuery, format);
  };
  importer = (file, column) => c.importList(file, file.name, column);
  setListSaver((key, text) => c.saveList(key, text));
  rowQuery = async (query) => {
    const r = st.getState().results;
    if (!r) return null;
    const v = await c.view(r.id, query);
    return v && st.getState().results?.id === v.run ? v.rows : null;
  };

  const unsubscribe = st.subscribe((s, prev) => {
    if (s.robotsText !== prev.robotsText) {
      c.cancelRun();
      if (textTimer) clearTimeout(textTimer);
      textTimer = setTimeout(() => {
        textTimer = null;
        sendText();
      }, textDelay(s.robotsText));
      return;
    }
    if (
      s.urlText !== prev.urlText ||
      s.crawlers !== prev.crawlers ||
      s.settings !== prev.settings ||
      s.robotsUrl !== prev.robotsUrl
    ) {
      // Cancel at once; start the new run when typing pauses, or now for a list the worker holds already (a file it read).
      c.cancelRun();
      if (runTimer) clearTimeout(runTimer);
      runTimer = null;
      if (s.urlText !== prev.urlText && c.holdsList(s.urlText)) {
        startRun();
        return;
      }
      runTimer = setTimeout(
        () => {
          runTimer = null;
          startRun();
        },
        s.urlText.length > 200_000 ? 200 : 40,
      );
      return;
    }
    if (s.viewQuery !== prev.viewQuery) {
      if (!isAllRows(s.viewQuery)) s.setView(s.view ? { ...s.view, complete: false } : null);
      requestView();
    }
    if (s.selected !== prev.selected) requestExplain();
  });

  sendText();

  return () => {
    unsubscribe();
    setListSaver(null);
    c.dispose();
    client = null;
  };
}
