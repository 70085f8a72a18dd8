/**
 * The worker's message handler, separated from the worker global so that it
 * runs (and is tested) in Node. It only dispatches: the document (parse once
 * per version, explain a cell), the runs (stream a URL list's verdicts), the
 * queries on a run's results, and the list files each have their own module.
 */
import { answerAiLens } from './aiLens';
import { RobotsDocument } from './document';
import { injectFault } from './faults';
import { FlipRuns } from './flips';
import type { HandlerHost } from './host';
import { importFile, loadList, saveList } from './lists';
import { assertNever, type WorkerRequest } from './protocol';
import { answerExport, answerView } from './queries';
import { Runs } from './runs';
import { answerSitemaps } from './sitemapCheck';

export type { HandlerHost } from './host';
export { SLICE_MS } from './runs';

/** The worker's message handler; one per worker. */
export class RobotsHandler {
  private readonly document: RobotsDocument;
  private readonly runs: Runs;
  private readonly flips: FlipRuns;

  constructor(private readonly host: HandlerHost) {
    this.document = new RobotsDocument(host);
    this.runs = new Runs(host);
    this.flips = new FlipRuns(host);
  }

  /** Handles one request from the page. */
  handle(msg: WorkerRequest): void {
    switch (msg.type) {
      case 'set-text':
        this.runs.stop();
        this.document.setText(msg);
        return;
      case 'open-bytes':
        this.document.openBytes(msg);
        return;
      case 'evaluate': {
        this.runs.stop();
        const parsed = this.document.parseFor(msg);
        if (parsed) this.runs.start(msg, parsed);
        return;
      }
      case 'cancel':
        this.runs.cancel(msg.id);
        return;
      case 'explain':
        this.document.explain(msg);
        return;
      case 'ai-lens': {
        const full = this.document.fullFor(msg);
        if (full) answerAiLens(this.host, msg, this.document.latest ?? full, full);
        return;
      }
      case 'view': {
        const run = this.runs.resultsFor(msg);
        if (run) answerView(this.host, msg, run, () => this.runs.latest === run);
        return;
      }
      case 'export': {
        const run = this.runs.resultsFor(msg);
        if (run) answerExport(this.host, msg, run, this.document.latest);
        return;
      }
      case 'import':
        void importFile(this.host, msg, (list) => this.runs.holdList(list));
        return;
      case 'save-list': {
        const held = msg.urlsText === null ? (this.runs.heldList ?? undefined) : undefined;
        const text = msg.urlsText ?? held?.text;
        this.runs.whenNoRun(() => saveList(this.host, msg, text, held));
        return;
      }
      case 'load-list':
        void loadList(this.host, msg, (list) => this.runs.holdList(list));
        return;
      case 'sitemaps': {
        const parsed = this.document.parseFor(msg);
        if (parsed) answerSitemaps(this.host, msg, parsed, this.runs.latest);
        return;
      }
      case 'flips':
        this.flips.start(msg, this.runs.heldList, (text) => this.document.parsedText(text));
        return;
      case 'flips-cancel':
        this.flips.cancel(msg.id);
        return;
      case 'flips-view':
        this.flips.view(msg);
        return;
      case 'flips-export':
        this.flips.export(msg);
        return;
      case 'debug-fault':
        // Test builds only: in production the condition is the constant false and the bundler drops the call.
        if (typeof __ROBOTS_LAB_FAULTS__ !== 'undefined' && __ROBOTS_LAB_FAULTS__) injectFault(msg.fault);
        return;
      default:
        assertNever(msg);
    }
  }
}
