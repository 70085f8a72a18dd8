/**
 * The robots.txt the worker holds: each version of the text parsed once (as
 * a crawler reads it, cut at Google's size limit), linted on the full text,
 * and explained cell by cell against that parse.
 */
import { applyGoogleSizeLimit, fetchOutcome, parseRobotsTxt } from '../core/index';
import { lintRobots } from '../core/lint';
import { parseAsRead } from '../core/parse';
import type { ParsedRobots } from '../core/types';
import { urlOrigin } from '../core/url';
import type { ExplainArgs, ExplainResult, ParseSummary } from '../model/wire';
import { HeldBytes } from './bytes';
import { capPerCode } from './capDiagnostics';
import { explainedVerdict, explainLenses, resolveCrawler } from './crawlers';
import { expectationFindings } from './expectations';
import type { HandlerHost } from './host';
import { judgeUrl } from './judge';
import { looksLike } from './looksLike';
import { summarise } from './summary';

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
   * Parses a new version and answers its summary. The text of an opened
   * file, unedited, is parsed from the file's bytes (docs/behaviour.md §13).
   */
  setText({ version, text }: { version: number; text: string }): ParseSummary {
    const t0 = this.host.now();
    const held = this.bytes?.editorText === text ? this.bytes : null;
    const cut = applyGoogleSizeLimit(text);
    const full = held?.full ?? parseRobotsTxt(text);
    this.parsed = held ? held.parsed : cut.cutAt === null ? full : parseRobotsTxt(cut.text);
    this.full = full;
    this.text = text;
    this.version = version;
    // Expectations are judged on what a crawler reads (the cut text); their diagnostics join the linter's.
    const expected = expectationFindings(this.parsed);
    const diagnostics = [...lintRobots(full, { sizeLimitCutAt: cut.cutAt }), ...expected.diagnostics];
    if (held) diagnostics.push(...held.diagnostics());
    return summarise(full, capPerCode(diagnostics), cut.cutAt, {
      expectations: expected.marks,
      elapsedMs: this.host.now() - t0,
      fromBytes: held !== null,
      looksLike: looksLike(text),
    });
  }

  /** Holds an opened file's bytes and answers the text they decode to (line ends as "\n"), its lines with invalid UTF-8, and whether it is only the part Google reads. */
  openBytes(bytes: ArrayBuffer) {
    this.bytes = new HeldBytes(new Uint8Array(bytes));
    const { editorText: text, invalidLines, shownPartOf } = this.bytes;
    return { text, invalidLines, shownPartOf };
  }

  /** The parse of `version`; throws when this worker has none. */
  parseFor(version: number): ParsedRobots {
    if (this.parsed && version === this.version) return this.parsed;
    throw new Error(`No parsed text for version ${version}.`);
  }

  /** The whole text's parse of `version` (not cut at the size limit); throws when there is none. */
  fullFor(version: number): ParsedRobots {
    this.parseFor(version);
    return this.full!;
  }

  /** The parse of `text` when it is the text held (a before/after comparison reuses it), else null. */
  parsedText(text: string): ParsedRobots | null {
    return text === this.text ? this.parsed : null;
  }

  /** Explains one cell: how the URL was read, which crawler, and the full verdict. */
  explain(a: ExplainArgs & { version: number }): ExplainResult {
    const parsed = this.parseFor(a.version);
    const crawler = resolveCrawler(a.crawler);
    const j = judgeUrl(a.url, a.normalise, a.robotsUrl);
    // A URL outside the editor's origin is explained by its own origin's file, when the page holds one.
    const origin = j.outOfScope ? urlOrigin(j.requestUrl) : null;
    const other = a.origins?.find((s) => origin !== null && s.origin === origin) ?? null;
    const file = other ? parseAsRead(other.text) : parsed;
    const outcome = other ? other.outcome : fetchOutcome(a.fetchStatus);
    // The other readers apply only when the rules decide, and only to a token the reference can obey.
    const judged = !j.error && (!j.outOfScope || other !== null);
    const lensed = judged && outcome.mode === 'rules' && crawler.info.valid;
    const result: ExplainResult = {
      input: a.url,
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
    return result;
  }
}
