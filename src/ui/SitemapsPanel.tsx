import { useRobotsLab } from '../state/store';
import { countOf, formatCount } from './format';
import { LineLink } from './lenses/LineLink';
import { SitemapBlockedSummary } from './SitemapsBanner';
import './infile.css';

/** Lines listed at most: a hostile file with thousands of Sitemap: lines would make one long render. */
const SHOWN_LINES = 200;

/**
 * The Sitemaps tab (docs/behaviour.md §10): every `Sitemap:` line of the
 * file, usable or not and why, with notes (another host, repeats, the
 * sitemaps.org limits); and, when the URL list is an imported sitemap, its
 * size against those limits and its URLs the rules block.
 */
export function SitemapsPanel() {
  const report = useRobotsLab((s) => s.sitemapReport);
  if (!report) return <p className="hint">Reading the file…</p>;
  return (
    <div className="sitemaps" data-testid="sitemaps">
      <h3>Sitemap lines</h3>
      {report.lines.length === 0 ? (
        <p className="hint" data-testid="sitemaps-empty">
          No Sitemap: lines. A line such as "Sitemap: https://example.com/sitemap.xml" tells every crawler where the
          sitemap is.
        </p>
      ) : (
        <ol className="sitemap-lines" aria-label="Sitemap lines">
          {report.lines.slice(0, SHOWN_LINES).map((l) => (
            <li key={l.line} className={l.ok ? 'ok' : 'bad'} data-testid="sitemap-line" data-line={l.line}>
              <span className="sitemap-head">
                <span aria-hidden="true">{l.ok ? '✓ ' : '✗ '}</span>
                <span className="visually-hidden">{l.ok ? 'Usable: ' : 'Not usable: '}</span>
                <LineLink line={l.line} /> <code>{l.url || '(empty)'}</code>
              </span>
              {l.problems.map((p) => (
                <span key={p} className="sitemap-problem">
                  {p}
                </span>
              ))}
              {l.notes.map((n) => (
                <span key={n} className="sitemap-note">
                  {n}
                </span>
              ))}
            </li>
          ))}
        </ol>
      )}
      {report.lines.length > SHOWN_LINES && (
        <p className="hint" data-testid="sitemaps-more">
          And {formatCount(report.lines.length - SHOWN_LINES)} more Sitemap: lines (
          {formatCount(report.lines.filter((l) => !l.ok).length)} not usable in all).
        </p>
      )}
      <h3>Imported sitemap</h3>
      {report.list ? (
        <div data-testid="sitemap-import">
          <p>
            {report.list.name}: {countOf(report.list.count, 'URL')}.
          </p>
          {report.list.limits.map((m) => (
            <p key={m} className="sitemap-problem">
              {m}
            </p>
          ))}
          {report.list.blocked ? (
            <SitemapBlockedSummary blocked={report.list.blocked} name={report.list.name} />
          ) : (
            <p className="hint">Judging its URLs…</p>
          )}
        </div>
      ) : (
        <p className="hint">
          Load your sitemap as the URL list ("Load a file…" above the URLs) to see which of its URLs the rules block.
        </p>
      )}
    </div>
  );
}
