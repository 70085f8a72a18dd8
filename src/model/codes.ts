/**
 * The codes and defaults of the page–worker data (wire.ts): cell and row
 * flags, the "where readers disagree" bits, the view that keeps every row,
 * and rule labels read from a parse's rule table.
 */
import { ruleLabel } from '../core/matcher';
import type { RuleLabels, RuleTable, ViewQuery } from './wire';

const utf8 = new TextDecoder();

/** Each parse's labels, made once: the grid and the totals both ask for them on every parse. */
const labelled = new WeakMap<RuleTable, RuleLabels>();

/** Line → "Disallow: /x" for every rule of a parse. */
export function ruleLabels(table: RuleTable): RuleLabels {
  let labels = labelled.get(table);
  if (!labels) {
    const { lines, kinds, raws } = table;
    const values = utf8.decode(raws).split('\n');
    labels = new Map(
      Array.from(lines, (line, i) => [line, ruleLabel(kinds[i] === 0 ? 'allow' : 'disallow', values[i])]),
    );
    labelled.set(table, labels);
  }
  return labels;
}

/** Cell outcomes, one byte per URL × crawler cell. */
export const CELL = {
  ALLOWED: 0,
  BLOCKED: 1,
  /** The URL is outside the robots.txt URL's scope: not judged. */
  OUT_OF_SCOPE: 2,
  /** The URL could not be read. */
  INVALID_URL: 3,
} as const;

/** Per-row flags (bit set). */
export const ROW = {
  NORMALISED: 1,
  OUT_OF_SCOPE: 2,
  INVALID: 4,
  ROBOTS_TXT: 8,
  /** Judged by another origin's file (worker/origins.ts): its deciding lines are that file's. */
  OTHER_ORIGIN: 16,
} as const;

/**
 * The readers the "where readers disagree" filter compares with Google's
 * verdict, in bit order: bit i of a mask is DISAGREE_READERS[i].
 */
export const DISAGREE_READERS = ['rfc9309', 'bing', 'yandex', 'legacy1994'] as const;

/** The query that shows every row in list order. */
export const ALL_ROWS: ViewQuery = {
  verdict: 'all',
  crawler: -1,
  rule: null,
  normalisedOnly: false,
  search: '',
  sort: null,
};

/** True when a query keeps every row in list order (the view is the identity). */
export function isAllRows(q: ViewQuery): boolean {
  return q.verdict === 'all' && q.rule === null && !q.normalisedOnly && q.search === '' && q.sort === null;
}

/** How many rules the totals' bar chart shows. */
export const TOP_RULES = 10;
