/**
 * Connects the store to the worker and the editor, outside React: text and
 * settings → worker (parse once per version, evaluate many) → results →
 * store → editor decorations and panels.
 */
import type { EditorView } from '@codemirror/view';
import { RobotsWorkerClient, type WorkerLike } from '../worker/client';
import { crawlerSpecs } from '../state/inputs';
import type { RobotsLabState, RunResults } from '../state/store';
import type { ExplainResult, ParseSummary } from '../worker/protocol';
import { splitUrlList } from '../worker/urlList';
import { pushDiagnostics, setDecidingLines, showResultHighlight } from '../editor/index';
import type { StoreApi, UseBoundStore } from 'zustand';

type Store = UseBoundStore<StoreApi<RobotsLabState>>;

let editorView: EditorView | null = null;
let store: Store | null = null;
let client: RobotsWorkerClient | null = null;

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
export function debugFault(fault: 'throw' | 'hang'): void {
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

/** Delay before re-parsing: immediate for small files, longer for huge pastes. */
function textDelay(text: string): number {
  return Math.min(250, 15 + Math.floor(text.length / 20_000));
}

export function startSync(theStore: Store, createWorker: () => WorkerLike, budgetMs = 5000): () => void {
  store = theStore;
  const st = theStore;
  let textTimer: ReturnType<typeof setTimeout> | null = null;
  let runTimer: ReturnType<typeof setTimeout> | null = null;
  let explainSeq = 0;
  let flushPending = false;
  let deciding = new Map<number, number>();

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

  function flushResults(): void {
    flushPending = false;
    const s = st.getState();
    s.touchResults();
    s.setDeciding(new Map(deciding));
    if (editorView) editorView.dispatch({ effects: setDecidingLines.of(s.deciding) });
  }

  function scheduleFlush(): void {
    if (flushPending) return;
    flushPending = true;
    requestAnimationFrame(flushResults);
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

  function startRun(): void {
    const s = st.getState();
    const specs = crawlerSpecs(s.crawlers);
    const urls = splitUrlList(s.urlText);
    let results: RunResults | null = null;
    let cols = specs.length;
    const counts = new Map<number, number>();
    c.evaluate(
      { urlsText: s.urlText, crawlers: specs, normalise: s.settings.normalise, robotsUrl: s.robotsUrl.trim(), fetchStatus: s.settings.fetchStatus },
      {
        onStart(rows, crawlers) {
          cols = crawlers.length;
          results = {
            id: 0,
            urls,
            crawlers,
            status: new Uint8Array(rows * cols),
            lines: new Int32Array(rows * cols),
            rowFlags: new Uint8Array(rows),
            normalised: new Map(),
            notes: new Map(),
            done: 0,
            total: rows,
            rate: 0,
            finished: false,
            elapsedMs: 0,
          };
          // Old results stay on screen until the first chunk replaces them.
          if (rows === 0 || cols === 0) st.getState().setResults(results);
        },
        onChunk(chunk) {
          const r = results!;
          const first = r.done === 0 && chunk.start === 0;
          r.status.set(chunk.status, chunk.start * cols);
          r.lines.set(chunk.lines, chunk.start * cols);
          r.rowFlags.set(chunk.rowFlags, chunk.start);
          for (const [row, url] of chunk.normalised) r.normalised.set(row, url);
          for (const [row, note] of chunk.notes) r.notes.set(row, note);
          for (let i = 0; i < chunk.lines.length; i++) {
            const line = chunk.lines[i];
            if (line > 0) counts.set(line, (counts.get(line) ?? 0) + 1);
          }
          r.done = chunk.progress.done;
          r.rate = chunk.progress.rate;
          deciding = counts;
          if (first) {
            st.getState().setResults(r);
            flushResults();
          } else scheduleFlush();
        },
        onDone(_rows, elapsedMs) {
          const r = results!;
          r.finished = true;
          r.elapsedMs = elapsedMs;
          if (st.getState().results !== r) st.getState().setResults(r);
          deciding = counts;
          flushResults();
          requestExplain();
        },
        onError(message) {
          st.getState().setWorkerNotice(message);
        },
      },
    );
  }

  function requestExplain(): void {
    const s = st.getState();
    const r = s.results;
    const sel = s.selected;
    const seq = ++explainSeq;
    if (!r || !sel || sel.row >= r.urls.length || sel.col >= r.crawlers.length) {
      s.setExplain(null);
      applyHighlight(null);
      return;
    }
    const spec = crawlerSpecs(s.crawlers)[sel.col];
    if (!spec) return;
    void c
      .explain({ url: r.urls[sel.row], crawler: spec, normalise: s.settings.normalise, robotsUrl: s.robotsUrl.trim(), fetchStatus: s.settings.fetchStatus })
      .then((result) => {
        if (!result || seq !== explainSeq) return;
        st.getState().setExplain(result);
        applyHighlight(result);
      });
  }

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
    if (s.urlText !== prev.urlText || s.crawlers !== prev.crawlers || s.settings !== prev.settings || s.robotsUrl !== prev.robotsUrl) {
      // Cancel at once; start the new run when typing pauses.
      c.cancelRun();
      if (runTimer) clearTimeout(runTimer);
      runTimer = setTimeout(() => {
        runTimer = null;
        startRun();
      }, s.urlText.length > 200_000 ? 200 : 40);
      return;
    }
    if (s.selected !== prev.selected) requestExplain();
  });

  sendText();

  return () => {
    unsubscribe();
    c.dispose();
    client = null;
  };
}
