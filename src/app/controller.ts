/**
 * The app's controller: it connects the store to the worker and the editor,
 * outside React. Text and settings → worker (parse once per version,
 * evaluate many) → results → store → editor decorations and panels. Its
 * collaborators come in through the constructor, so a test hands it a fake
 * worker and a fake editor.
 */
import type { StoreApi } from 'zustand';
import { notTextReason } from '../core/textLike';
import type { ResultHighlight } from '../editor/index';
import { isAllRows } from '../model/codes';
import type { ExportedFile, ExportFormat, ListHandle, RunChunk, RunEnd, RunStart, ViewQuery } from '../model/wire';
import { keepOpenedFile, useKeptFile } from '../persist/openedFile';
import { browserShelf } from '../persist/shelf';
import { crawlerSpecs } from '../state/inputs';
import { originSpecs, useOrigins } from '../state/origins';
import { type RobotsLabState, type RunResults, urlAt } from '../state/store';
import { RobotsWorkerClient, type WorkerLike } from '../worker/client';
import type { EditorPort } from './editor';
import { FlipsController } from './flipsController';
import { HeldRows } from './heldRows';
import { highlightFor } from './highlight';
import { LatestWins, StreamFollower } from './pacing';
import { addChunk, listInputs, listInputsChanged, type RunBasis, startResults } from './runStream';

/** The parts of the store the controller uses. */
export type LabStore = Pick<StoreApi<RobotsLabState>, 'getState' | 'setState' | 'subscribe'>;

/**
 * What the editor lights up: the selected cell's group and deciding rule, or
 * else the rule line the table is filtered by (kept across reloads).
 */
function highlightOf(s: RobotsLabState): ResultHighlight | null {
  // A run of an older text's lines would light up lines that moved.
  const current = s.results?.textVersion === s.parseVersion;
  const cell = current ? highlightFor(s.results, s.selected, s.parse) : null;
  if (cell) return cell;
  return s.viewQuery.rule === null ? null : { groupLines: [], ruleLine: s.viewQuery.rule };
}

/** Connects one store, one worker (restarted as needed) and one editor. */
export class AppController {
  /**
   * The worker, for the questions that need nothing from the store: a list
   * file read (`importList`), the held list saved and read back
   * (`saveList`, `loadList`), the AI lens (`aiLens`).
   */
  readonly client: RobotsWorkerClient;
  /** The runs' stream: the run on screen is shown a few times a second as it comes in. */
  private readonly runs: StreamFollower<RunStart | RunChunk, RunEnd>;
  private unsubscribe: (() => void)[] = [];
  /** Counts the Sitemaps report's requests: a reply to an older one is not shown. */
  private sitemapAsks = 0;
  /** Sends the newest text whenever the worker has answered the last one. */
  private readonly textSender = new LatestWins(() => this.sendText());
  private viewTimer: ReturnType<typeof setTimeout> | null = null;
  private explainSeq = 0;
  /** The last robots.txt file opened and the text its bytes decode to (a restarted worker is sent them again). */
  private opened: { file: Blob; text: string } | null = null;
  /** The latest run started, before its first piece. */
  private basis: RunBasis | null = null;
  /** The run on screen, while it streams in; a new run replacing it says it restarted. */
  private running: RunResults | null = null;
  /** The before/after view's comparisons, on the same worker. */
  readonly flips: FlipsController;
  /** The rows of the list the worker holds that the page has asked for. */
  private heldRows: HeldRows | null = null;

  constructor(
    private readonly store: LabStore,
    createWorker: () => WorkerLike,
    /** The robots.txt editor the results are shown in (a suggestion applied, a line focused). */
    readonly editor: EditorPort,
    /** How long the worker may stay silent while it owes an answer (ms); the page takes the client's default. */
    budgetMs?: number,
  ) {
    this.runs = new StreamFollower({
      piece: (p) => this.runPiece(p),
      show: () => this.showResults(),
      end: (e) => this.runEnded(e),
      failed: (message) => this.store.getState().setWorkerNotice(message),
    });
    this.client = new RobotsWorkerClient({
      create: createWorker,
      budgetMs,
      onRestart: (message) => {
        this.store.getState().setWorkerNotice(message);
        this.runs.cancel();
        // The fresh worker knows nothing: send it the text and run the inputs again (unless that input is what crashes it).
        const again = !this.client.crashLooping;
        // A held list is read again first: the run and the comparison ask for it.
        const rereading = again ? this.client.rehold() : null;
        if (rereading) void rereading.then(() => this.resend(message, again));
        else this.resend(message, again);
      },
      onFailure: (message) => this.store.getState().setWorkerNotice(`The worker could not finish: ${message}`),
    });
    this.flips = new FlipsController(store, this.client);
  }

  /** After a restart: the comparison told, then (`again`) the opened file's bytes, the text and the run again. */
  private resend(message: string, again: boolean): void {
    this.flips.restarted(message, again);
    if (!again) return;
    const o = this.opened;
    // An opened file's text, unedited: the new worker needs its bytes first.
    if (o && o.text === this.store.getState().robotsText)
      void o.file
        .arrayBuffer()
        .then((b) => this.client.openBytes(b))
        .then(
          () => this.sendText(),
          () => this.sendText(),
        );
    else void this.sendText();
  }

  /** Sends the current inputs to the worker and follows the store from now on. */
  start(): void {
    this.unsubscribe = [
      this.store.subscribe((s, prev) => this.onChange(s, prev)),
      this.store.subscribe((s, prev) => this.followSitemaps(s, prev)),
      // Another origin's file judges that origin's rows: a change there is a new run.
      useOrigins.subscribe((o, prev) => o.files !== prev.files && this.startRun()),
    ];
    this.textSender.poke();
    this.flips.start();
  }

  /** Stops following the store and terminates the worker. */
  dispose(): void {
    for (const u of this.unsubscribe) u();
    this.unsubscribe = [];
    if (this.viewTimer !== null) clearTimeout(this.viewTimer);
    this.runs.cancel();
    this.flips.dispose();
    this.client.dispose();
  }

  /** The rows of the current run a query keeps, computed in the worker (null when the run is gone). */
  async queryRows(query: ViewQuery): Promise<Int32Array | null> {
    const r = this.store.getState().results;
    if (!r) return null;
    const v = await this.client.about('view', { run: r.id, query });
    return v && this.store.getState().results?.id === v.run ? v.rows : null;
  }

  /** Writes the records the table shows as a CSV or JSON file (in the worker); null when there is no run. */
  exportResults(format: ExportFormat, wide = false): Promise<ExportedFile | null> {
    const s = this.store.getState();
    if (!s.results) return Promise.resolve(null);
    return this.client.about('export', { run: s.results.id, query: s.viewQuery, format, wide });
  }

  /** The whole URL list as text (the user asked to edit a held list); null when the worker no longer holds it. */
  async listText(): Promise<string | null> {
    const s = this.store.getState();
    return s.urlList ? this.client.listText(s.urlList.id) : s.urlText;
  }

  /**
   * Asks the worker again for the Sitemaps tab's report (the file's sitemap
   * lines and, while the URL list is an imported sitemap, its URLs the rules
   * block for the chosen crawler) when what it reads changed: the parse, the
   * robots.txt URL, the list, its run, the crawler. Only the latest reply is shown.
   */
  private followSitemaps(s: RobotsLabState, prev: RobotsLabState): void {
    const reads = (x: RobotsLabState) => [
      x.parseVersion,
      x.robotsUrl,
      x.sitemapList,
      x.urlText,
      x.urlList,
      x.results?.id,
      x.results?.finished,
      x.sitemapCrawler,
    ];
    const before = reads(prev);
    if (s.parseVersion < 0 || reads(s).every((v, i) => v === before[i])) return;
    const src = s.sitemapList;
    const list =
      src && src.list === (s.urlList ?? s.urlText)
        ? { name: src.name, count: src.count, bytes: src.bytes, run: s.results?.id ?? null }
        : null;
    const ask = ++this.sitemapAsks;
    void this.client.sitemaps(s.robotsUrl, list, s.sitemapCrawler).then((r) => {
      if (ask === this.sitemapAsks && r) this.store.getState().setSitemapReport(r);
    });
  }

  /** The reader of held list `list`'s rows, kept while the list is. */
  private rowsOf(list: ListHandle): HeldRows {
    if (this.heldRows?.list !== list)
      this.heldRows = new HeldRows(
        list,
        (id, from, to) => this.client.listRows(id, from, to),
        () => this.store.getState().touchResults(),
      );
    return this.heldRows;
  }

  /**
   * Opens a robots.txt file: its bytes go to the worker (transferred), and the
   * editor shows the text they decode to. Until that text is edited, verdicts
   * come from the bytes (docs/behaviour.md §13). The editor's note
   * (`useKeptFile`) says how many lines hold invalid UTF-8, or why it failed.
   */
  async openRobotsFile(file: File): Promise<void> {
    const { name } = file;
    try {
      const bytes = await file.arrayBuffer();
      // Looked at before the bytes are transferred to the worker.
      const notText = notTextReason(new Uint8Array(bytes));
      const { text, invalidLines, shownPartOf } = await this.client.openBytes(bytes);
      this.opened = { file, text };
      this.store.getState().setRobotsText(text);
      this.textSender.poke();
      // Kept for the next reload (IndexedDB).
      void keepOpenedFile(browserShelf, { name, bytes: file });
      useKeptFile.setState({ opened: { name, invalidLines, shownPartOf, error: null, notText } });
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      useKeptFile.setState({ opened: { name, invalidLines: 0, shownPartOf: null, error } });
    }
  }

  /**
   * Opens again a file kept from before a reload, if the editor's text is
   * still what its bytes decode to: verdicts then come from the bytes again.
   * Resolves with its invalid lines, or null (the text counts) when not.
   */
  async reopenRobotsFile(file: Blob): Promise<{ invalidLines: number; shownPartOf: number | null } | null> {
    const text = this.store.getState().robotsText;
    const opened = await this.client.openBytes(await file.arrayBuffer());
    if (opened.text !== text || this.store.getState().robotsText !== text) return null;
    this.opened = { file, text };
    this.textSender.poke();
    return opened;
  }

  /** Highlights one rule line in the editor and scrolls to it (a click on the totals' bar chart). */
  highlightRuleLine(line: number | null): void {
    this.editor.showHighlight(line === null ? null : { groupLines: [], ruleLine: line });
  }

  /** The editor view registers itself here (null when it goes); it is shown what it missed. */
  attachEditor(view: Parameters<EditorPort['attach']>[0]): void {
    this.editor.attach(view);
    if (view) this.reshowEditor();
  }

  /**
   * Shows the editor the marks of the current parse again: after edits that
   * end on the same text within one frame (select all, delete, insert the
   * same file), the store sees no change and no new parse comes, while the
   * editor mapped its marks away through the edits.
   */
  reshowEditor(): void {
    const s = this.store.getState();
    if (s.parse) this.editor.showDiagnostics(s.parse.diagnostics);
    if (s.parse) this.editor.showExpectations(s.parse.expectations);
    this.editor.showDecidingLines(s.deciding);
    this.editor.showHighlight(highlightOf(s));
  }

  private onChange(s: RobotsLabState, prev: RobotsLabState): void {
    if (s.robotsText !== prev.robotsText) {
      this.runs.cancel();
      this.textSender.poke();
      return;
    }
    if (listInputsChanged(s, prev)) {
      this.startRun();
      return;
    }
    if (s.viewQuery !== prev.viewQuery) {
      if (!isAllRows(s.viewQuery)) this.store.setState({ view: s.view && { ...s.view, complete: false } });
      this.requestView();
    }
    if (s.selected !== prev.selected) {
      this.editor.showHighlight(highlightOf(s));
      this.requestExplain();
    }
  }

  /** Sends the text (a new version) and runs the inputs against it; settles with the parse's reply. */
  private sendText(): Promise<void> {
    const text = this.store.getState().robotsText;
    const p = this.client.setText(text);
    const version = this.client.currentVersion;
    this.startRun();
    return p.then((summary) => {
      // Only the latest text's parse is shown: an older one's positions no longer fit the document.
      if (!summary || version !== this.client.currentVersion || text !== this.store.getState().robotsText) return;
      this.store.setState({ parse: summary, parseVersion: version });
      this.editor.showDiagnostics(summary.diagnostics);
      this.editor.showExpectations(summary.expectations);
      this.editor.showHighlight(highlightOf(this.store.getState()));
    });
  }

  /** Starts a run of the current list, crawlers and settings; the previous run is cancelled. */
  private startRun(): void {
    const s = this.store.getState();
    const textVersion = this.client.currentVersion;
    const restarted = this.running !== null && !this.running.finished;
    const params = {
      ...listInputs(s),
      fetchStatus: s.settings.fetchStatus,
      origins: originSpecs(useOrigins.getState().files),
    };
    const id = this.runs.start((run, onPiece, signal) => this.client.evaluate({ ...params, run }, onPiece, signal));
    this.basis = { id, textVersion, list: s.urlList ? this.rowsOf(s.urlList) : s.urlText, restarted };
  }

  /** A piece of the run: its start sizes the results, the first rows replace the previous run's on screen. */
  private runPiece(p: RunStart | RunChunk): boolean {
    if (p.kind === 'start') {
      this.running = startResults(this.basis!, p);
      // Old results stay on screen until the first chunk replaces them; an empty run has none.
      if (p.rows === 0 || p.crawlers.length === 0) this.putOnScreen(this.running);
      return false;
    }
    const first = addChunk(this.running!, p);
    if (first) {
      this.putOnScreen(this.running!);
      this.requestView();
    }
    return first;
  }

  /** The run ended: the view, the highlight and the dock's explanation follow (then a last show). */
  private runEnded({ elapsedMs }: RunEnd): void {
    const r = this.running!;
    r.finished = true;
    r.elapsedMs = elapsedMs;
    if (this.store.getState().results !== r) this.putOnScreen(r);
    this.requestView();
    this.editor.showHighlight(highlightOf(this.store.getState()));
    this.requestExplain();
  }

  /** Makes `r` the run on screen, in list order until its view comes. */
  private putOnScreen(r: RunResults): void {
    this.store.getState().setResults(r);
    this.store.setState({ view: null });
  }

  /** Shows the latest state of the run: the table, the totals and the editor's deciding-line markers. */
  private showResults(): void {
    const s = this.store.getState();
    s.touchResults();
    if (s.results && !s.results.finished) this.refreshViewSoon();
    const rules = s.results?.totals?.rules;
    if (rules) {
      const counts = new Map<number, number>();
      for (let i = 0; i < rules.length; i += 2) counts.set(rules[i], rules[i + 1]);
      this.store.setState({ deciding: counts });
    }
    this.editor.showDecidingLines(this.store.getState().deciding);
  }

  /** Asks the worker for the rows the current query keeps (none needed for all rows in list order). */
  private requestView(): void {
    const s = this.store.getState();
    const r = s.results;
    if (!r) return;
    const query = s.viewQuery;
    if (isAllRows(query)) {
      this.store.setState({
        view: { run: r.id, query, rows: null, count: r.total, complete: r.finished, readers: null },
      });
      return;
    }
    void this.runs.ask(this.client.about('view', { run: r.id, query })).then((v) => {
      if (!v) return;
      const now = this.store.getState();
      if (now.results?.id !== v.run || now.viewQuery !== query) return;
      const complete = v.complete && now.results.finished;
      this.store.setState({ view: { run: v.run, query, rows: v.rows, count: v.count, complete, readers: v.readers } });
      // A finished run's view can still be partial: the readers' filter answers with the rows checked so far.
      if (!v.complete && now.results.finished) this.refreshViewSoon();
    });
  }

  /** While a run streams in, a filtered view is refreshed a few times a second. */
  private refreshViewSoon(): void {
    if (this.viewTimer !== null) return;
    this.viewTimer = setTimeout(() => {
      this.viewTimer = null;
      const s = this.store.getState();
      if (s.results && (!s.results.finished || s.view?.complete === false) && !isAllRows(s.viewQuery))
        this.requestView();
    }, 400);
  }

  /** Explains the selected cell for the dock (the editor's highlight comes from the run itself). */
  private requestExplain(): void {
    const s = this.store.getState();
    const r = s.results;
    const sel = s.selected;
    const seq = ++this.explainSeq;
    if (!r || !sel || sel.row >= r.total || sel.col >= r.crawlers.length) {
      this.store.setState({ explain: null });
      return;
    }
    const spec = crawlerSpecs(s.crawlers)[sel.col];
    if (!spec) return;
    const args = {
      ...s.settings,
      crawler: spec,
      robotsUrl: s.robotsUrl.trim(),
      origins: originSpecs(useOrigins.getState().files),
    };
    const text = s.robotsText;
    const ask = (url: string) =>
      void this.client.explain({ ...args, url }).then((result) => {
        // An answer about a text edited since would explain lines that moved.
        if (!result || seq !== this.explainSeq || this.store.getState().robotsText !== text) return;
        this.store.setState({ explain: result });
      });
    // A held list's row may have to come from the worker first.
    if (typeof r.list === 'string') ask(urlAt(r, sel.row));
    else void r.list.get(sel.row).then((url) => seq === this.explainSeq && ask(url));
  }
}
