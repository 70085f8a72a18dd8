import { useEffect, useState } from 'react';
import { EXAMPLE_ROBOTS_URL } from '../fixtures/example';
import { CELL } from '../model/codes';
import { originOf } from '../state/robotsUrl';
import { useRobotsLab } from '../state/store';
import { formatCount } from './format';
import { useRobotsUrlTyping } from './RobotsUrlField';
import { useListOrigins } from './useListOrigins';

/**
 * Keeps the robots.txt URL from hiding verdicts: when the field still holds
 * the example's address and the tested URLs are all on another site, it
 * switches to that site's robots.txt and says so; when most rows are outside
 * the robots.txt's origin anyway, one banner says why and offers the fix
 * (a robots.txt governs only its own origin, docs/behaviour.md §1). That
 * banner waits until the field is done with (Enter, or the focus leaves it).
 */
export function ScopeBanner() {
  const robotsUrl = useRobotsLab((s) => s.robotsUrl);
  const setRobotsUrl = useRobotsLab((s) => s.setRobotsUrl);
  const results = useRobotsLab((s) => s.results);
  useRobotsLab((s) => s.resultsTick);
  const spread = useListOrigins(results);
  const typing = useRobotsUrlTyping((s) => s.typing);
  const [switched, setSwitched] = useState<string | null>(null);
  const own = spread.main !== null && spread.mainCount === spread.absolute ? spread.main : null;

  useEffect(() => {
    if (robotsUrl !== EXAMPLE_ROBOTS_URL || own === null || own === originOf(EXAMPLE_ROBOTS_URL)) return;
    setRobotsUrl(`${own}/robots.txt`);
    setSwitched(`${own}/robots.txt`);
  }, [robotsUrl, own, setRobotsUrl]);
  useEffect(() => {
    if (switched !== null && robotsUrl !== switched) setSwitched(null);
  }, [robotsUrl, switched]);

  const t = results?.finished ? results.totals : null;
  const outside = t && results && results.crawlers.length > 0 ? t.verdicts[CELL.OUT_OF_SCOPE] : 0;
  const total = results?.total ?? 0;
  const fix = spread.main !== null && spread.main !== originOf(robotsUrl) ? `${spread.main}/robots.txt` : null;

  if (switched !== null) {
    return (
      <div className="banner info" role="status" data-testid="scope-switched">
        <span className="banner-text">
          The robots.txt URL is now <strong>{switched}</strong>, the site of your URLs (it held the example's).
        </span>
        <button type="button" className="secondary" onClick={() => setSwitched(null)}>
          OK
        </button>
      </div>
    );
  }
  if (typing || robotsUrl === '' || total === 0 || outside * 2 <= total) return null;
  return (
    <div className="banner warn" role="alert" data-testid="scope-banner">
      <span className="banner-text">
        {formatCount(outside)} of {formatCount(total)} URLs are not on {originOf(robotsUrl)}, so{' '}
        <strong>{robotsUrl}</strong> does not govern them: they are not judged.
        {spread.mainCount < spread.absolute && ' Add the other origins’ files under Origins, beside the editor.'}
      </span>
      {fix && (
        <button type="button" onClick={() => setRobotsUrl(fix)} data-testid="scope-fix">
          Use {fix}
        </button>
      )}
      <button type="button" className="secondary" onClick={() => setRobotsUrl('')} data-testid="scope-clear">
        Judge every URL
      </button>
    </div>
  );
}
