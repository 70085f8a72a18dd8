/**
 * The Sitemaps tab's facts, computed in the worker (docs/behaviour.md §10):
 * the file's `Sitemap:` lines checked (absolute http(s) URL, another host,
 * repeats, the sitemaps.org limits), and, when the URL list came from the
 * site's own sitemap, its URLs that the rules block for one crawler, counted
 * by deciding line. A sitemap says "please crawl these", so each is most
 * likely a mistake. The counts come from the run's arrays: no URL is judged
 * twice, and a million-row list costs one pass over bytes.
 */
import { lineText } from '../core/expectations';
import { checkSitemapLines, checkSitemapSize } from '../core/sitemaps';
import type { ParsedRobots } from '../core/types';
import { CELL, ROW } from '../model/codes';
import type { SitemapListInfo, SitemapReport } from '../model/wire';
import type { BulkRun } from './bulk';

/** How many blocked URLs the report names as examples. */
const EXAMPLES = 5;

/** The sitemap lines of `parsed` and, for a sitemap list, what `run` found blocked for column `crawler`. */
export function answerSitemaps(
  robotsUrl: string,
  list: SitemapListInfo | null,
  crawler: number,
  parsed: ParsedRobots,
  run: BulkRun | null,
): SitemapReport {
  const lines = checkSitemapLines(parsed, robotsUrl || undefined).map(({ span: _span, ...l }) => l);
  return {
    lines,
    list: list && {
      name: list.name,
      count: list.count,
      limits: checkSitemapSize(list.count, list.bytes),
      blocked: run && run.id === list.run ? blockedIn(run, parsed, crawler) : null,
    },
  };
}

/** The run's blocked cells in column `col`, counted by deciding line, with the first few URLs. */
function blockedIn(run: BulkRun, parsed: ParsedRobots, col: number): NonNullable<SitemapReport['list']>['blocked'] {
  const c = Math.min(Math.max(col, 0), run.cols - 1);
  const byLine = new Map<number, number>();
  const examples: { row: number; url: string; line: number }[] = [];
  let count = 0;
  for (let row = 0; row < run.done; row++) {
    const k = row * run.cols + c;
    // The editor's file lists the sitemaps: rows another origin's file judged are not its to count.
    if (run.status[k] !== CELL.BLOCKED || run.rowFlags[row] & ROW.OTHER_ORIGIN) continue;
    count++;
    const line = run.lines[k];
    byLine.set(line, (byLine.get(line) ?? 0) + 1);
    if (examples.length < EXAMPLES) examples.push({ row, url: run.url(row), line });
  }
  return {
    crawler: c,
    label: run.crawlers[c].label,
    judged: run.done,
    finished: run.finished,
    count,
    byLine: [...byLine]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      // No text for line 0 (no rule decided), nor for a line the parse lacks (the run is of an older text).
      .map(([line, n]) => ({ line, text: parsed.lines[line - 1] ? lineText(parsed, line) : '', count: n })),
    examples,
  };
}
