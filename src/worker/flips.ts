/**
 * Before/after in the worker: the verdict flips between the deployed and the
 * edited robots.txt for a URL list × crawlers (docs/behaviour.md §5, §8),
 * streamed in time slices like a run (bulk.ts), kept compactly (a row, a
 * crawler and a shared "pair" per flip) for the page's filtered, sorted views
 * and for exports.
 */
import { csvRecord } from '../core/csv';
import { FLIP_COLUMNS, flipCsvRecord } from '../core/diff/csv';
import { compareRobots, type DiffCrawler, emptyCounts, type Flip, verdictFlips } from '../core/diff/index';
import type { LineDiff } from '../core/diff/lines';
import { chooseGroups } from '../core/index';
import { parseAsRead } from '../core/parse';
import type { ParsedRobots } from '../core/types';
import type { ExportFormat, FlipQuery, FlipRecord, FlipsParams, FlipTally } from '../model/wire';
import { type HeldList, IntList, ListJob } from './bulk';
import { resolveCrawler } from './crawlers';
import { textBlob } from './exportFile';
import { judgeUrl, scopeChecker } from './judge';
import { byText } from './view';

/** What every flip of one crawler between one pair of deciding lines shares. */
type FlipPair = Pick<Flip, 'kind' | 'oldLine' | 'newLine' | 'causes'> & { crawlerIndex: number };

/**
 * The rules a crawler obeys in a file, in order, as one string: the groups it
 * chooses (docs/behaviour.md §5) decide every verdict by their rules alone
 * (§8), so when this is the same in both files no verdict of that crawler can
 * flip, and its URLs need no check.
 */
function obeyedRules(parsed: ParsedRobots, c: DiffCrawler): string {
  const choice = chooseGroups(parsed, c.spec.tokens, c.spec.ignoresGlobal ?? false);
  if (choice.kind === 'none') return 'none';
  let out = '';
  for (const g of choice.groups) for (const r of parsed.groups[g].rules) out += `${r.kind} ${r.pattern}\n`;
  return out;
}

/**
 * The two files and their line diff, made only when a flip needs its causes:
 * a keystroke that flips nothing (most of them) costs no diff of the files.
 */
function lazyComparison(before: ParsedRobots, after: ParsedRobots): Comparison {
  let lines: LineDiff | null = null;
  return {
    before,
    after,
    get lines() {
      lines ??= compareRobots(before, after).lines;
      return lines;
    },
  };
}

type Comparison = Parameters<typeof verdictFlips>[0];

/** What a crawler reads of a text: up to Google's 500 KiB (docs/behaviour.md §9), the last text's parse kept. */
export function parseCache(): (text: string) => ParsedRobots {
  let last: { text: string; parsed: ParsedRobots } | null = null;
  return (text) => (last?.text === text ? last : (last = { text, parsed: parseAsRead(text) })).parsed;
}

/** One comparison of a URL list × crawlers, and the flips it found so far. */
export class FlipRun extends ListJob {
  /** Per flip: its row, and its pair (crawler, kind, lines, causes). */
  readonly flipRows = new IntList();
  readonly flipPairs = new IntList();
  readonly pairs: FlipPair[] = [];
  /** Request forms that differ from what was typed, by row. */
  readonly requestUrls = new Map<number, string>();
  private readonly pairIndex = new Map<string, number>();
  private readonly counts = emptyCounts();
  private skipped = 0;
  /** URLs judged (read and in scope). */
  private judged = 0;
  private readonly comparison: Comparison;
  /** Labelled by their index, so that two crawlers with one name stay apart. */
  private readonly crawlers: DiffCrawler[];
  readonly labels: string[];
  /** The crawlers whose verdicts can flip (see obeyedRules); the others are counted, not checked. */
  private readonly changed: DiffCrawler[];
  private readonly scope: (url: string) => string | null;

  /** Comparison `p.run` of `before` and `after` (what a crawler reads of each text) on `list`. */
  constructor(
    private readonly p: FlipsParams & { run: number },
    list: HeldList,
    before: ParsedRobots,
    after: ParsedRobots,
  ) {
    super(p.run, list);
    this.scope = scopeChecker(p.robotsUrl);
    this.comparison = lazyComparison(before, after);
    const infos = p.crawlers.map((c) => resolveCrawler(c).info);
    this.crawlers = infos.map((spec, i) => ({ label: String(i), spec }));
    this.labels = uniqueLabels(infos.map((c) => c.label));
    this.changed = this.crawlers.filter((c) => obeyedRules(before, c) !== obeyedRules(after, c));
  }

  step(deadline: () => boolean): void {
    let current = -1;
    const rows = (function* (run: FlipRun) {
      while (run.done < run.rows) {
        const row = run.done++;
        const input = run.url(row);
        const j = judgeUrl(input, run.p.normalise, run.p.robotsUrl, run.scope);
        if (j.error !== null || j.outOfScope !== null) run.skipped++;
        else {
          if (j.requestUrl !== input) run.requestUrls.set(row, j.requestUrl);
          run.judged++;
          current = row;
          yield j.requestUrl;
        }
        if ((run.done & 63) === 0 && deadline()) return;
      }
    })(this);
    for (const flip of verdictFlips(this.comparison, rows, this.changed, this.counts)) this.keep(flip, current);
  }

  private keep(flip: Flip, row: number): void {
    const key = `${flip.crawler}|${flip.kind}|${flip.oldLine?.line ?? 0}|${flip.newLine?.line ?? 0}`;
    let p = this.pairIndex.get(key);
    if (p === undefined) {
      p = this.pairs.length;
      this.pairIndex.set(key, p);
      const { kind, oldLine, newLine, causes } = flip;
      this.pairs.push({ crawlerIndex: Number(flip.crawler), kind, oldLine, newLine, causes });
    }
    this.flipRows.push(row);
    this.flipPairs.push(p);
  }

  /** The counts so far, per crawler in the order asked. */
  tally(): FlipTally {
    const c = this.counts;
    return {
      checked: c.checked + this.judged * (this.crawlers.length - this.changed.length),
      skipped: this.skipped,
      allowedToBlocked: c.allowedToBlocked,
      blockedToAllowed: c.blockedToAllowed,
      byCrawler: this.labels.map((label, i) => {
        const by = c.byCrawler.get(String(i));
        return { label, allowedToBlocked: by?.allowedToBlocked ?? 0, blockedToAllowed: by?.blockedToAllowed ?? 0 };
      }),
    };
  }

  /** The flips `q` keeps (by position), in its order. */
  private select(q: FlipQuery): number[] {
    const out: number[] = [];
    const pairs = this.pairs;
    const fp = this.flipPairs.data;
    for (let i = 0; i < this.flipPairs.length; i++) {
      const p = pairs[fp[i]];
      if ((q.kind === 'all' || p.kind === q.kind) && (q.crawler < 0 || p.crawlerIndex === q.crawler)) out.push(i);
    }
    if (q.sort === 'list') return q.desc ? out.reverse() : out;
    const sign = q.desc ? -1 : 1;
    const fr = this.flipRows.data;
    if (q.sort === 'url') return byText(out, (i) => this.url(fr[i]), q.desc);
    const field = (i: number) =>
      q.sort === 'crawler' ? pairs[fp[i]].crawlerIndex : pairs[fp[i]].kind === 'allowed-to-blocked' ? 0 : 1;
    return out.sort((a, b) => sign * (field(a) - field(b)) || a - b);
  }

  /** The first `query.limit` flips the query keeps, and how many it keeps. */
  view(query: FlipQuery) {
    const kept = this.select(query);
    return { run: this.id, records: kept.slice(0, query.limit).map((i) => this.record(i)), count: kept.length };
  }

  /** Every flip the query keeps as CSV (the columns of `robots-lab diff --format csv`) or JSON. */
  export(query: FlipQuery, format: ExportFormat): { blob: Blob; records: number } {
    const kept = this.select(query);
    const lines = format === 'csv' ? flipsCsv(this, kept) : flipsJson(this, kept);
    return { blob: textBlob(format, lines), records: kept.length };
  }

  /** Flip `i` as the page shows it. */
  record(i: number): FlipRecord {
    const row = this.flipRows.data[i];
    const p = this.pairs[this.flipPairs.data[i]];
    const url = this.url(row);
    return {
      index: i,
      url,
      requestUrl: this.requestUrls.get(row) ?? url,
      crawler: this.labels[p.crawlerIndex],
      crawlerIndex: p.crawlerIndex,
      kind: p.kind,
      oldLine: p.oldLine,
      newLine: p.newLine,
      causes: p.causes,
    };
  }
}

/** Labels made unique ("Slurp", "Slurp (2)"): they name the columns of an export and the keys of its counts. */
function uniqueLabels(labels: string[]): string[] {
  const seen = new Set<string>();
  return labels.map((label) => {
    let name = label;
    for (let n = 2; seen.has(name); n++) name = `${label} (${n})`;
    seen.add(name);
    return name;
  });
}

function* flipsCsv(run: FlipRun, kept: number[]): Generator<string> {
  yield csvRecord(FLIP_COLUMNS);
  for (const i of kept) yield flipCsvRecord(run.record(i));
}

/** `{ flips, counts }` as `robots-lab diff --format json` writes it. */
function* flipsJson(run: FlipRun, kept: number[]): Generator<string> {
  const { skipped: _, byCrawler, ...totals } = run.tally();
  const counts = { ...totals, byCrawler: Object.fromEntries(byCrawler.map(({ label, ...c }) => [label, c])) };
  yield '{"flips":[';
  let sep = '';
  for (const i of kept) {
    const { index: _i, crawlerIndex: _c, ...flip } = run.record(i);
    yield `${sep}\n${JSON.stringify(flip)}`;
    sep = ',';
  }
  yield `\n],"counts":${JSON.stringify(counts)}}\n`;
}
