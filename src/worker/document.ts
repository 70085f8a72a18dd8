/**
 * The robots.txt the worker holds: each version of the text parsed once (as
 * a crawler reads it, cut at Google's size limit), linted on the full text,
 * and explained cell by cell against that parse.
 */
import { applyGoogleSizeLimit, fetchOutcome, parseRobotsTxt } from '../core/index';
import { lintRobots } from '../core/lint';
import type { ParsedRobots } from '../core/types';
import type { ExplainResult } from '../model/wire';
import { HeldBytes } from './bytes';
import { capPerCode } from './capDiagnostics';
import { explainedVerdict, explainLenses, resolveCrawler } from './crawlers';
import { expectationFindings } from './expectations';
import { type HandlerHost, postFailure } from './host';
import { judgeUrl } from './judge';
import { looksLike } from './looksLike';
import { type OriginFileSpec, parseAsRead, urlOrigin } from './origins';
import type { WorkerRequest } from './protocol';
import { summarise, summaryTransfer } from './summary';

type Request<T extends WorkerRequest['type']> = Extract<WorkerRequest, { type: T }>;

/** The current version of the text and its parse. */
export class RobotsDocument {
  private version = -1;
  /** What a crawler reads: the text up to Google's size limit. */
  private parsed: ParsedRobots | null = null;
  /** The last opened file's bytes, kept after an edit (an undo back to the file's text reads them again). */
  private bytes: HeldBytes | null = null;
  /** The whole text's parse (the same object when nothing was cut): edits are offsets into it. */
  private full: ParsedRobots | null = null;
  /** The text `parsed` was made from. */
  private text: string | null = null;

  constructor(private readonly host: HandlerHost) {}

  /**
   * Parses a new version and replies with its summary. The text of an opened
   * file, unedited, is parsed from the file's bytes (docs/behaviour.md §13).
   */
  setText(msg: Request<'set-text'>): void {
    const t0 = this.host.now();
    try {
      const held = this.bytes?.matches(msg.text) ? this.bytes : null;
      const cut = applyGoogleSizeLimit(msg.text);
      const full = held?.full ?? parseRobotsTxt(msg.text);
      this.parsed = held ? held.parsed : cut.cutAt === null ? full : parseRobotsTxt(cut.text);
      this.full = full;
      this.text = msg.text;
      this.version = msg.version;
      // Expectations are judged on what a crawler reads (the cut text); their diagnostics join the linter's.
      const expected = expectationFindings(this.parsed);
      const diagnostics = [...lintRobots(full, { sizeLimitCutAt: cut.cutAt }), ...expected.diagnostics];
      if (held) diagnostics.push(...held.diagnostics());
      const summary = summarise(full, capPerCode(diagnostics), cut.cutAt, this.host.now() - t0, expected.marks);
      this.host.post(
        {
          type: 'parsed',
          id: msg.id,
          version: msg.version,
          summary: { ...summary, fromBytes: held !== null, looksLike: looksLike(msg.text) },
        },
        summaryTransfer(summary),
      );
    } catch (e) {
      postFailure(this.host, msg.id, msg.version, e);
    }
  }

  /** Holds an opened file's bytes and replies with the text they decode to. */
  openBytes(msg: Request<'open-bytes'>): void {
    try {
      this.bytes = new HeldBytes(new Uint8Array(msg.bytes));
      const { editorText: text, invalidLines, shownPartOf } = this.bytes;
      this.host.post({ type: 'bytes-opened', id: msg.id, version: msg.version, text, invalidLines, shownPartOf });
    } catch (e) {
      postFailure(this.host, msg.id, msg.version, e);
    }
  }

  /** The parse of `msg.version`, or null after replying that this worker has none. */
  parseFor(msg: { id: number; version: number }): ParsedRobots | null {
    if (this.parsed && msg.version === this.version) return this.parsed;
    postFailure(this.host, msg.id, msg.version, new Error(`No parsed text for version ${msg.version}.`));
    return null;
  }

  /** The whole text's parse of `msg.version` (not cut at the size limit), or null after replying that there is none. */
  fullFor(msg: { id: number; version: number }): ParsedRobots | null {
    return this.parseFor(msg) ? this.full : null;
  }

  /** The parse of `text` when it is the text held (a before/after comparison reuses it), else null. */
  parsedText(text: string): ParsedRobots | null {
    return text === this.text ? this.parsed : null;
  }

  /** The latest parse, whatever its version (an export labels rule lines with it). */
  get latest(): ParsedRobots | null {
    return this.parsed;
  }

  /** Explains one cell: how the URL was read, which crawler, and the full verdict. */
  explain(msg: Request<'explain'>): void {
    const parsed = this.parseFor(msg);
    if (!parsed) return;
    try {
      const crawler = resolveCrawler(msg.crawler);
      const j = judgeUrl(msg.url, msg.normalise, msg.robotsUrl);
      // A URL outside the editor's origin is explained by its own origin's file, when the page holds one.
      const other = j.outOfScope && msg.origins?.length ? otherOrigin(msg.origins, j.requestUrl) : null;
      const file = other ? parseAsRead(other.text) : parsed;
      const outcome = other ? other.outcome : fetchOutcome(msg.fetchStatus);
      // The other readers apply only when the rules decide, and only to a token the reference can obey.
      const judged = !j.error && (!j.outOfScope || other !== null);
      const lensed = judged && outcome.mode === 'rules' && crawler.info.valid;
      const result: ExplainResult = {
        input: msg.url,
        requestUrl: j.requestUrl,
        changes: j.changes,
        error: j.error,
        outOfScope: other ? null : j.outOfScope,
        crawler: crawler.info,
        fetchOutcome: outcome.mode === 'rules' ? null : outcome.reason,
        verdict: judged ? explainedVerdict(file, j.requestUrl, crawler) : null,
        lenses: lensed ? explainLenses(file, j.requestUrl, crawler) : null,
      };
      if (other) result.judgedBy = other.origin;
      this.host.post({ type: 'explained', id: msg.id, version: msg.version, result });
    } catch (e) {
      postFailure(this.host, msg.id, msg.version, e);
    }
  }
}

/** The file the page holds for the origin of `url`, or null. */
function otherOrigin(specs: readonly OriginFileSpec[], url: string): OriginFileSpec | null {
  const origin = urlOrigin(url);
  return specs.find((s) => s.origin === origin) ?? null;
}
