import { useEffect } from 'react';
import { useController } from '../app/context';
import type { SitemapReport } from '../model/wire';
import { useRobotsLab } from '../state/store';
import { countOf, formatCount } from './format';
import './infile.css';

type Blocked = NonNullable<NonNullable<SitemapReport['list']>['blocked']>;

/** Asks the worker for the Sitemaps report whenever the text, the list, its run or the chosen crawler change. */
function useSitemapReport(): void {
  const controller = useController();
  const parseVersion = useRobotsLab((s) => s.parseVersion);
  const robotsUrl = useRobotsLab((s) => s.robotsUrl);
  const list = useRobotsLab((s) => s.sitemapList);
  const urlText = useRobotsLab((s) => s.urlText);
  const held = useRobotsLab((s) => s.urlList);
  const runId = useRobotsLab((s) => s.results?.id ?? null);
  const finished = useRobotsLab((s) => s.results?.finished ?? false);
  const crawler = useRobotsLab((s) => s.sitemapCrawler);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the controller reads these from the store; they are listed so that the report follows them
  useEffect(() => {
    if (parseVersion < 0) return;
    let live = true;
    void controller.checkSitemaps(crawler).then((r) => {
      if (live && r) useRobotsLab.getState().setSitemapReport(r);
    });
    return () => {
      live = false;
    };
  }, [controller, parseVersion, robotsUrl, list, urlText, held, runId, finished, crawler]);
}

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
 * its URLs the rules block for a chosen crawler, by deciding line. It also
 * keeps the Sitemaps tab's report up to date.
 */
export function SitemapsBanner() {
  useSitemapReport();
  const list = useRobotsLab((s) => s.sitemapReport?.list);
  if (!list?.blocked) return null;
  return (
    <div className="sitemap-banner" role="status" data-testid="sitemap-banner">
      <SitemapBlockedSummary blocked={list.blocked} name={list.name} />
    </div>
  );
}
