import { useEffect, useId, useState } from 'react';
import { useController } from '../app/context';
import type { CrawlerInfo, ViewQuery } from '../model/wire';
import { useRobotsLab } from '../state/store';
import { CloseButton } from './CloseButton';
import { formatCount } from './format';

const NO_CRAWLERS: readonly CrawlerInfo[] = [];

/** Sort choices: list order, by URL, or by one crawler's verdict. */
function sortValue(q: ViewQuery): string {
  if (!q.sort) return 'none';
  return q.sort.key === 'url'
    ? `url:${q.sort.desc ? 'desc' : 'asc'}`
    : `verdict:${q.sort.col}:${q.sort.desc ? 'desc' : 'asc'}`;
}

function parseSort(v: string): ViewQuery['sort'] {
  if (v === 'none') return null;
  const [key, a, b] = v.split(':');
  if (key === 'url') return { key: 'url', col: 0, desc: a === 'desc' };
  return { key: 'verdict', col: Number(a), desc: b === 'desc' };
}

/** Filters, search, sort and export of the verdict table; all computed in the worker. */
export function ResultsTools() {
  const controller = useController();
  const q = useRobotsLab((s) => s.viewQuery);
  const setQuery = useRobotsLab((s) => s.setViewQuery);
  const crawlers = useRobotsLab((s) => s.results?.crawlers ?? NO_CRAWLERS);
  const view = useRobotsLab((s) => s.view);
  const total = useRobotsLab((s) => s.results?.total ?? 0);
  const normalised = useRobotsLab((s) => (s.results?.normalised.size ?? 0) > 0);
  const [search, setSearch] = useState(q.search);
  const id = useId();

  // Typing in the search box asks the worker once typing pauses.
  useEffect(() => {
    if (search === q.search) return;
    const t = setTimeout(() => setQuery({ search }), 150);
    return () => clearTimeout(t);
  }, [search, q.search, setQuery]);
  useEffect(() => setSearch(q.search), [q.search]);

  const shown = view ? view.count : total;
  return (
    <search className="results-tools" aria-label="Filter the verdicts">
      <input
        type="search"
        aria-label="Search URLs"
        placeholder="Search URLs…"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-testid="search-urls"
      />
      <label>
        <span className="visually-hidden">Verdict</span>
        <select
          aria-label="Verdict"
          value={q.verdict}
          onChange={(e) => setQuery({ verdict: e.target.value as ViewQuery['verdict'] })}
          data-testid="filter-verdict"
        >
          <option value="all">All verdicts</option>
          <option value="blocked">Blocked only</option>
          <option value="allowed">Allowed only</option>
          <option value="unjudged">Out of scope / invalid</option>
          <option value="disagree">Where readers disagree</option>
        </select>
      </label>
      <select
        aria-label="For crawler"
        className="crawler-filter"
        title={q.crawler >= 0 && crawlers[q.crawler] ? `for ${crawlers[q.crawler].label}` : 'for any crawler'}
        value={q.crawler}
        onChange={(e) => setQuery({ crawler: Number(e.target.value) })}
        data-testid="filter-crawler"
      >
        <option value={-1}>for any crawler</option>
        {crawlers.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is positional (item i is column or crawler i) and is replaced whole, never reordered
          <option key={i} value={i}>
            for {c.label}
          </option>
        ))}
      </select>
      {/* Only where normalisation changed a URL (or the filter is on): elsewhere it would keep nothing. */}
      {(normalised || q.normalisedOnly) && (
        <label className="checkbox" htmlFor={`${id}-norm`}>
          <input
            id={`${id}-norm`}
            type="checkbox"
            checked={q.normalisedOnly}
            onChange={(e) => setQuery({ normalisedOnly: e.target.checked })}
            data-testid="filter-normalised"
          />
          Changed by normalisation
        </label>
      )}
      <select
        aria-label="Sort"
        value={sortValue(q)}
        onChange={(e) => setQuery({ sort: parseSort(e.target.value) })}
        data-testid="sort"
      >
        <option value="none">List order</option>
        <option value="url:asc">URL A → Z</option>
        <option value="url:desc">URL Z → A</option>
        {crawlers.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is positional (item i is column or crawler i) and is replaced whole, never reordered
          <option key={i} value={`verdict:${i}:asc`}>
            {c.label}: blocked first
          </option>
        ))}
        {crawlers.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is positional (item i is column or crawler i) and is replaced whole, never reordered
          <option key={`d${i}`} value={`verdict:${i}:desc`}>
            {c.label}: allowed first
          </option>
        ))}
      </select>
      {q.rule !== null && (
        <span className="chip" data-testid="filter-rule">
          Decided by line {q.rule}
          <CloseButton
            label="Clear the rule filter"
            onClick={() => {
              setQuery({ rule: null });
              controller.highlightRuleLine(null);
            }}
          />
        </span>
      )}
      <span className="hint" data-testid="view-count">
        {view && view.rows === null && !view.query.search ? '' : `${formatCount(shown)} of ${formatCount(total)} rows`}
        {view && !view.complete && view.rows !== null ? ' so far' : ''}
      </span>
    </search>
  );
}
