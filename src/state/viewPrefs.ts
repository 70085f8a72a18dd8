/**
 * Keeps the table's filters and sort across reloads, apart from the inputs
 * (they are a way of looking, not something the user entered). A damaged or
 * foreign entry is read field by field; what is not valid takes the default.
 */

import { ALL_ROWS } from '../model/codes';
import type { ViewQuery } from '../model/wire';
import { readLocal, writeLocal } from '../persist/local';

/** The localStorage key (it starts with the store's, so "Forget" removes it too). */
const VIEW_KEY = 'robots-lab-view';

const VERDICTS: readonly ViewQuery['verdict'][] = ['all', 'allowed', 'blocked', 'unjudged', 'disagree'];

/** Reads a stored query of any shape. */
function sanitizeViewQuery(raw: unknown): ViewQuery {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const sort = r.sort as Record<string, unknown> | null | undefined;
  const validSort =
    sort &&
    typeof sort === 'object' &&
    (sort.key === 'url' || sort.key === 'verdict') &&
    Number.isInteger(sort.col) &&
    (sort.col as number) >= 0 &&
    typeof sort.desc === 'boolean';
  return {
    verdict: VERDICTS.includes(r.verdict as ViewQuery['verdict']) ? (r.verdict as ViewQuery['verdict']) : 'all',
    crawler: Number.isInteger(r.crawler) && (r.crawler as number) >= -1 ? (r.crawler as number) : -1,
    rule: Number.isInteger(r.rule) && (r.rule as number) > 0 ? (r.rule as number) : null,
    normalisedOnly: r.normalisedOnly === true,
    search: typeof r.search === 'string' ? r.search : '',
    sort: validSort
      ? { key: sort.key as 'url' | 'verdict', col: sort.col as number, desc: sort.desc as boolean }
      : null,
  };
}

/** The query saved by the last visit, or every row in list order. */
export function loadViewQuery(storage: Pick<Storage, 'getItem'> | undefined): ViewQuery {
  try {
    const text = readLocal(VIEW_KEY, storage);
    return text ? sanitizeViewQuery(JSON.parse(text)) : ALL_ROWS;
  } catch {
    return ALL_ROWS;
  }
}

/** Saves the query (nothing when it is the default); where storage refuses, the filters hold for this visit. */
export function saveViewQuery(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, q: ViewQuery): void {
  const text = JSON.stringify(q);
  writeLocal(VIEW_KEY, text === JSON.stringify(ALL_ROWS) ? null : text, storage);
}
