import { describe, expect, it } from 'vitest';
import type { CrawlerSpec } from '../../src/model/wire';
import { cellAnnouncement, runDoneAnnouncement, runStartAnnouncement } from '../../src/ui/announce';
import { RobotsApi } from '../../src/worker/api';
import { syncHost } from '../fakes/handler';

/** What the live region says for one cell of `text`, through the worker's parse and explain; expected sentences are written by hand. */
function spoken(text: string, url: string, crawler: CrawlerSpec, fetchStatus = 200): string {
  const api = new RobotsApi(syncHost());
  const parsed = api.setText({ version: 1, text });
  const explained = api.explain({ version: 1, url, crawler, normalise: true, robotsUrl: '', fetchStatus });
  return cellAnnouncement(explained, parsed);
}

const googlebot: CrawlerSpec = { kind: 'profile', id: 'googlebot' };

const FILE = [
  'User-agent: *', // 1
  'Disallow: /private/', // 2
  '', // 3
  'User-agent: Googlebot', // 4
  'Allow: /x/open', // 5
  'Disallow: /x', // 6
  '', // 7
  'User-agent: Bingbot', // 8
  'User-agent: Googlebot', // 9
  'Disallow: /y', // 10
].join('\n');

describe('the live region names verdict, deciding rule and obeyed group (docs/behaviour.md §5, §8)', () => {
  it('a blocked cell: the deciding line, its rule and the group of lines', () => {
    expect(spoken('User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nAllow: /a\nDisallow: /x\n', '/x', googlebot)).toBe(
      'Googlebot, /x: blocked by line 6, Disallow: /x, in the group of lines 4–6.',
    );
  });

  it('merged groups are named together; the * group is named as such', () => {
    expect(spoken(FILE, '/x/open/1', googlebot)).toBe(
      'Googlebot, /x/open/1: allowed by line 5, Allow: /x/open, in the group of lines 4–6 and 8–10.',
    );
    expect(spoken(FILE, '/private/a', { kind: 'token', token: 'otherbot' })).toBe(
      'otherbot, /private/a: blocked by line 2, Disallow: /private/, in the * group of lines 1–2.',
    );
  });

  it('no matching rule, and no group at all', () => {
    expect(spoken(FILE, '/z', googlebot)).toBe(
      'Googlebot, /z: allowed: no rule matches, in the group of lines 4–6 and 8–10.',
    );
    expect(spoken('User-agent: Bingbot\nDisallow: /\n', '/z', googlebot)).toBe(
      'Googlebot, /z: allowed: no group applies to this crawler.',
    );
  });

  it('a one-line group says "line", not "lines"', () => {
    expect(spoken('User-agent: Googlebot\n', '/z', googlebot)).toBe(
      'Googlebot, /z: allowed: no rule matches, in the group of line 1.',
    );
  });

  it('when the fetch result decides, says so instead of a rule', () => {
    const s = spoken(FILE, '/x', googlebot, 503);
    expect(s.startsWith('Googlebot, /x: ')).toBe(true);
    expect(s).not.toMatch(/line \d/);
  });
});

describe('a long run is announced at its start and end only', () => {
  it('says the size of the run', () => {
    expect(runStartAnnouncement(5000, 3)).toBe('Evaluating 5,000 URLs × 3 crawlers.');
    expect(runDoneAnnouncement(1, 1)).toBe('Done: 1 URL × 1 crawler evaluated.');
  });
});
