/**
 * The codes and defaults of the page–worker data (wire.ts): cell and row
 * flags, the "where readers disagree" bits, the view that keeps every row,
 * and rule labels read from a parse's rule table.
 */
import { ruleLabel } from '../core/matcher';
import type { RuleLabels, RuleTable, ViewQuery } from './wire';

const utf8 = new TextDecoder();

/**
 * Line → "Disallow: /x" for every rule of a parse, each label made when
 * asked for (a binary search and the decoding of one value): the table asks
 * for a screenful.
 */
export function ruleLabels(rules: RuleTable): RuleLabels {
  const { lines, kinds, raws, ends } = rules;
  return {
    get(line) {
      let lo = 0;
      let hi = lines.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (lines[mid] < line) lo = mid + 1;
        else if (lines[mid] > line) hi = mid - 1;
        else {
          const value = utf8.decode(raws.subarray(mid === 0 ? 0 : ends[mid - 1] + 1, ends[mid]));
          return ruleLabel(kinds[mid] === 0 ? 'allow' : 'disallow', value);
        }
      }
      return undefined;
    },
  };
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
