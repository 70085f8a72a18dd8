import type { SitemapReport } from '../model/wire';
import { useRobotsLab } from '../state/store';
import { countOf, formatCount } from './format';
import './infile.css';

type Blocked = NonNullable<NonNullable<SitemapReport['list']>['blocked']>;

/** "12 URLs listed in your sitemap are blocked for [crawler]: 10 by line 4 (Disallow: /x) …", and a way to see them. */
export function SitemapBlockedSummary({ blocked, name }: { blocked: Blocked; name: string }) {
  const crawlers = useRobotsLab((s) => s.results?.crawlers);
  const setCrawler = useRobotsLab((s) => s.setSitemapCrawler);
  const setQuery = useRobotsLab((s) => s.setViewQuery);
  const soFar = blocked.finished ? '' : ` (${formatCount(blocked.judged)} judged so far)`;
  const pick = (
    <select
      aria-label="Crawler the sitemap is checked for"
      value={blocked.crawler}
      onChange={(e) => setCrawler(Number(e.target.value))}
      data-testid="sitemap-crawler"
    >
      {(crawlers ?? []).map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is positional (item i is crawler column i) and is replaced whole
        <option key={i} value={i}>
          {c.label}
        </option>
      ))}
    </select>
  );
  if (blocked.count === 0) {
    return (
      <p className="sitemap-blocked ok" data-testid="sitemap-blocked">
        No URL listed in your sitemap {name} is blocked for {pick}
        {soFar}.
      </p>
    );
  }
  const lines = blocked.byLine.slice(0, 3).map((b) => `${formatCount(b.count)} by line ${b.line} (${b.text})`);
  const more = blocked.byLine.length > 3 ? `, and ${blocked.byLine.length - 3} more lines` : '';
  return (
    <p className="sitemap-blocked" data-testid="sitemap-blocked">
      <span aria-hidden="true">⚠ </span>
      <strong data-testid="sitemap-blocked-count">{countOf(blocked.count, 'URL')}</strong> listed in your sitemap {name}{' '}
      {blocked.count === 1 ? 'is' : 'are'} blocked for {pick}
      {soFar}: <span data-testid="sitemap-blocked-lines">{lines.join(', ') + more}</span>. A sitemap asks crawlers to
      fetch its URLs, so this is most likely a mistake.{' '}
      <button
        type="button"
        onClick={() =>
          setQuery({ verdict: 'blocked', crawler: blocked.crawler, rule: null, search: '', normalisedOnly: false })
        }
        data-testid="sitemap-show-blocked"
      >
        Show them in the table
      </button>
    </p>
  );
}

/**
 * Above the verdicts, while the URL list is an imported sitemap: how many of
 * its URLs the rules block for a chosen crawler, by deciding line (the
 * controller keeps the report up to date).
 */
export function SitemapsBanner() {
  const list = useRobotsLab((s) => s.sitemapReport?.list);
  if (!list?.blocked) return null;
  return (
    <div className="sitemap-banner" role="status" data-testid="sitemap-banner">
      <SitemapBlockedSummary blocked={list.blocked} name={list.name} />
    </div>
  );
}
