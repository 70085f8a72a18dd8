/**
 * What the robots.txt worker answers: one method per question, served by
 * rpc.ts (the page calls them through `RobotsWorkerClient`). It runs, and is
 * tested, in Node as well. It holds the URL list and starts the runs; each
 * other part has its own module: the document (parse once per version,
 * explain a cell), a run's verdicts (bulk.ts), the comparisons, the views
 * and exports of a run's results, and the list files.
 */
import { diffHunks } from '../core/aipref/diff';
import { AI_INTENTS, suggestForIntent } from '../core/aipref/suggest';
import { purposeMatrix } from '../core/purposes';
import type {
  AiLensResult,
  EvaluateParams,
  ExplainArgs,
  ExportFormat,
  FlipProgress,
  FlipQuery,
  FlipsParams,
  ListHandle,
  RunChunk,
  RunStart,
  SitemapListInfo,
  ViewQuery,
} from '../model/wire';
import { BulkRun, type HeldList, splitRows } from './bulk';
import { resolveCrawler } from './crawlers';
import { RobotsDocument } from './document';
import { writeExport } from './exportFile';
import { FlipRun, parseCache } from './flips';
import type { HandlerHost } from './host';
import { handleOf, importFile, loadList, rowsOf, saveList } from './lists';
import type { CallContext } from './rpc';
import { answerSitemaps } from './sitemapCheck';
import { Jobs } from './sliced';
import { answerView } from './view';

/** The worker's methods; one instance per worker. */
export class RobotsApi {
  private readonly document: RobotsDocument;
  private readonly runs: Jobs<BulkRun>;
  private readonly comparisons: Jobs<FlipRun>;
  /** What a crawler reads of the deployed and of the edited text, the last of each parsed kept. */
  private readonly deployed = parseCache();
  private readonly edited = parseCache();
  /** The list imported or restored (asked for as null), with the page's number for it; the last list sent as text. Each is split once. */
  private held: { list: HeldList; id: number } | null = null;
  private sent: HeldList | null = null;

  constructor(private readonly host: HandlerHost) {
    this.document = new RobotsDocument(host);
    this.runs = new Jobs(host, 'Run');
    this.comparisons = new Jobs(host, 'Comparison');
  }

  /** Parses a new version of the text (a run going on stops). */
  setText(arg: { version: number; text: string }) {
    this.runs.stop();
    return this.document.setText(arg);
  }

  /**
   * Holds a robots.txt file's bytes (transferred) and answers the text they
   * decode to; a `setText` of exactly that text then parses the bytes (bytes.ts).
   */
  openBytes(bytes: ArrayBuffer) {
    return this.document.openBytes(bytes);
  }

  /**
   * Evaluates a URL list (null: the one held) for version `version`'s parse
   * as run `p.run`, replacing any run going on; streams its start, then one
   * compact chunk per slice.
   */
  evaluate(p: EvaluateParams & { run: number; version: number }, ctx: CallContext<RunStart | RunChunk>) {
    this.runs.stop();
    const startedAt = this.host.now();
    const list = this.listFor(p.urlsText);
    const crawlers = p.crawlers.map((c) => resolveCrawler(c).info);
    const run = new BulkRun(p.run, list, crawlers, this.document.parseFor(p.version), p);
    // The page keeps its own copy of the text: offsets are all it needs to show a row's URL.
    const starts = list.starts.slice();
    const ends = list.ends.slice();
    const { obeyed, outcome } = run.own;
    const head = { kind: 'start' as const, rows: run.rows, crawlers, obeyed, rulesDecide: outcome.mode === 'rules' };
    ctx.emit({ ...head, starts, ends }, [starts.buffer, ends.buffer]);
    let sent = 0;
    const report = () => {
      const c = run.chunk(sent, this.host.now() - startedAt);
      sent = run.done;
      ctx.emit(c, [c.status.buffer, c.lines.buffer, c.rowFlags.buffer, c.totals.rules.buffer]);
    };
    return this.runs.run(run, ctx.signal, report, startedAt).then((elapsedMs) => ({ rows: run.rows, elapsedMs }));
  }

  /** The list `text`, or the held one for null, split into rows once. */
  private listFor(text: string | null): HeldList {
    if (text === null) {
      if (!this.held) throw new Error('No URL list is held.');
      return this.held.list;
    }
    if (this.sent?.text !== text) this.sent = splitRows(text);
    return this.sent;
  }

  /** Explains one cell of version `version`. */
  explain(arg: ExplainArgs & { version: number }) {
    return this.document.explain(arg);
  }

  /**
   * The AI lens of the whole text (docs/behaviour.md §15): what the file says
   * to each AI purpose for each operator at the site's root, read as a
   * crawler reads it (cut at Google's size limit), and each stated intent's
   * suggestion with the diff the page shows before applying it, made on the
   * whole text so that their offsets fit the editor's document.
   */
  aiLens({ version }: { version: number }): AiLensResult {
    const full = this.document.fullFor(version);
    const suggestions = AI_INTENTS.map((intent) => {
      const s = suggestForIntent(full, intent);
      return { ...s, hunks: diffHunks(full.text, s.edits) };
    });
    return { matrix: purposeMatrix(this.document.parseFor(version)), suggestions };
  }

  /** The rows of run `run` that `query` keeps, in its order. */
  view({ run, query }: { run: number; query: ViewQuery }) {
    const results = this.runs.resultsOf(run);
    return answerView(this.host, query, results, () => this.runs.latest === results);
  }

  /** The records `query` keeps as a CSV or JSON file (`wide`: a CSV row per URL, columns per crawler). */
  export(a: { run: number; query: ViewQuery; format: ExportFormat; wide: boolean }) {
    return writeExport(this.runs.resultsOf(a.run), a.query, a.format, a.wide);
  }

  /**
   * Reads a URL list file (text, CSV with a 0-based column, sitemap XML); a
   * long list is held as number `id`, a short one answered as text. A CSV
   * without a column answers its header and first rows, unread. Streams the
   * count of URLs read so far.
   */
  importList(
    { file, name, column, id }: { file: Blob; name: string; column: number | null; id: number },
    ctx: CallContext<number>,
  ) {
    return importFile(file, name, column, (list) => this.hold(list, id, name), ctx.emit);
  }

  /** Reads the list saved under `key`, held as number `id`; null when none was saved. */
  async loadList({ key, id }: { key: string; id: number }) {
    const list = await loadList(this.host, key);
    return list && this.hold(list, id, null);
  }

  private hold(list: HeldList, id: number, name: string | null): ListHandle {
    this.held = { list, id };
    return handleOf(list, id, name);
  }

  /** The held list's rows [from, to), or null when list `id` is no longer the one held. */
  listRows({ id, from, to }: { id: number; from: number; to: number }) {
    return this.held?.id === id ? rowsOf(this.held.list, from, to) : null;
  }

  /** The held list's whole text (the user asked to edit it), or null when list `id` is no longer held. */
  listText({ id }: { id: number }) {
    return this.held?.id === id ? this.held.list.text : null;
  }

  /** Saves the held list in IndexedDB once no run is going; answers its count of URLs. */
  async saveList({ key }: { key: string }) {
    await this.runs.idle();
    return saveList(this.host, key, this.held?.list ?? null);
  }

  /** The Sitemaps tab: the file's sitemap lines, and a sitemap list's URLs blocked for column `crawler`. */
  sitemaps(a: { version: number; robotsUrl: string; list: SitemapListInfo | null; crawler: number }) {
    return answerSitemaps(a.robotsUrl, a.list, a.crawler, this.document.parseFor(a.version), this.runs.latest);
  }

  /**
   * Compares the deployed and the edited file on a URL list × crawlers as
   * comparison `p.run`, replacing any going on; streams the progress and
   * counts. The edited text is usually the one just parsed for the run.
   */
  async flips(p: FlipsParams & { run: number }, ctx: CallContext<FlipProgress>) {
    const startedAt = this.host.now();
    const after = this.document.parsedText(p.editedText) ?? this.edited(p.editedText);
    const run = new FlipRun(p, this.listFor(p.urlsText), this.deployed(p.deployedText), after);
    const report = () => ctx.emit({ done: run.done, total: run.rows, tally: run.tally() });
    const elapsedMs = await this.comparisons.run(run, ctx.signal, report, startedAt);
    return { tally: run.tally(), elapsedMs };
  }

  /** The flips of comparison `run` that `query` keeps, in its order (at most query.limit). */
  flipsView({ run, query }: { run: number; query: FlipQuery }) {
    return this.comparisons.resultsOf(run).view(query);
  }

  /** Every flip `query` keeps (its limit aside) as a CSV or JSON file. */
  flipsExport(a: { run: number; query: FlipQuery; format: ExportFormat }) {
    return this.comparisons.resultsOf(a.run).export(a.query, a.format);
  }
}
