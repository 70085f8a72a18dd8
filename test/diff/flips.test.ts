import { describe, expect, it } from 'vitest';
import {
  compareRobots,
  type DiffCrawler,
  emptyCounts,
  type Flip,
  type LineEdit,
  verdictFlips,
} from '../../src/core/diff/index';
import { parseRobotsTxt } from '../../src/core/index';
import { findProfile } from '../../src/core/profiles';

const token = (t: string): DiffCrawler => ({ label: t, spec: { tokens: [t] } });

function flips(before: string[], after: string[], urls: string[], crawlers: DiffCrawler[]): Flip[] {
  const cmp = compareRobots(parseRobotsTxt(before.join('\n')), parseRobotsTxt(after.join('\n')));
  return [...verdictFlips(cmp, urls, crawlers)];
}

/** A cause as a short hand-checkable string: "changed 2→2", "added -→5". */
const cause = (e: LineEdit) => `${e.kind} ${e.oldLine ?? '-'}→${e.newLine ?? '-'}`;

const summary = (f: Flip) => ({
  url: f.url,
  crawler: f.crawler,
  kind: f.kind,
  old: f.oldLine ? `${f.oldLine.line} ${f.oldLine.text}` : null,
  new: f.newLine ? `${f.newLine.line} ${f.newLine.text}` : null,
  causes: f.causes.map(cause),
});

describe('verdict flips and their causes (docs/behaviour.md §5, §8)', () => {
  it('an edit that flips nothing yields no flip', () => {
    const before = ['User-agent: *', 'Disallow: /private', ''];
    const after = ['# reviewed 2026', 'User-agent: *', 'Disallow: /private   # keep', 'Crawl-delay: 5', ''];
    expect(flips(before, after, ['/private/a', '/public', '/'], [token('Googlebot')])).toEqual([]);
  });

  it('a rule made longer unblocks what only the old prefix matched', () => {
    const before = ['User-agent: *', 'Disallow: /shop', ''];
    const after = ['User-agent: *', 'Disallow: /shop/', ''];
    const out = flips(before, after, ['/shop.html', '/shop/cart', '/shopping'], [token('Googlebot')]);
    expect(out.map(summary)).toEqual([
      {
        url: '/shop.html',
        crawler: 'Googlebot',
        kind: 'blocked-to-allowed',
        old: '2 Disallow: /shop',
        new: null,
        causes: ['changed 2→2'],
      },
      {
        url: '/shopping',
        crawler: 'Googlebot',
        kind: 'blocked-to-allowed',
        old: '2 Disallow: /shop',
        new: null,
        causes: ['changed 2→2'],
      },
    ]);
  });

  it('a longer allow added under a disallow flips to allowed, caused by the new line only', () => {
    const before = ['User-agent: *', 'Disallow: /a', ''];
    const after = ['User-agent: *', 'Disallow: /a', 'Allow: /a/open', ''];
    const [f] = flips(before, after, ['/a/open/1', '/a/closed'], [token('x')]);
    expect(summary(f)).toEqual({
      url: '/a/open/1',
      crawler: 'x',
      kind: 'blocked-to-allowed',
      old: '2 Disallow: /a',
      new: '3 Allow: /a/open',
      causes: ['added -→3'],
    });
  });

  it('a moved rule that lands in another group is the cause (§4: groups, §5: one group obeyed)', () => {
    const before = ['User-agent: bingbot', 'Disallow: /tmp', 'Disallow: /y', '', 'User-agent: *', 'Disallow: /x', ''];
    const after = ['User-agent: bingbot', 'Disallow: /y', '', 'User-agent: *', 'Disallow: /x', 'Disallow: /tmp', ''];
    // bingbot: /tmp left its group, so /tmp opens. Others: /tmp is now blocked.
    const out = flips(before, after, ['/tmp/1'], [token('bingbot'), token('OtherBot')]).map(summary);
    expect(out).toEqual([
      {
        url: '/tmp/1',
        crawler: 'bingbot',
        kind: 'blocked-to-allowed',
        old: '2 Disallow: /tmp',
        new: null,
        causes: ['moved 2→6'],
      },
      {
        url: '/tmp/1',
        crawler: 'OtherBot',
        kind: 'allowed-to-blocked',
        old: null,
        new: '6 Disallow: /tmp',
        causes: ['moved 2→6'],
      },
    ]);
  });

  it('moving a rule within its group flips nothing', () => {
    const before = ['User-agent: *', 'Disallow: /a', 'Allow: /a/b', 'Disallow: /c', ''];
    const after = ['User-agent: *', 'Disallow: /c', 'Allow: /a/b', 'Disallow: /a', ''];
    expect(flips(before, after, ['/a/1', '/a/b', '/c', '/d'], [token('x')])).toEqual([]);
  });

  it('a second bingbot group is merged with the first (§5): its rule and its user-agent line cause the flip', () => {
    const before = ['User-agent: bingbot', 'Disallow: /a', '', 'User-agent: *', 'Disallow: /b', ''];
    const after = [
      'User-agent: bingbot',
      'Disallow: /a',
      '',
      'User-agent: *',
      'Disallow: /b',
      '',
      'User-agent: bingbot',
      'Disallow: /c',
      '',
    ];
    const out = flips(before, after, ['/a', '/b', '/c'], [token('bingbot'), token('OtherBot')]).map(summary);
    expect(out).toEqual([
      {
        url: '/c',
        crawler: 'bingbot',
        kind: 'allowed-to-blocked',
        old: null,
        new: '8 Disallow: /c',
        causes: ['added -→7', 'added -→8'],
      },
    ]);
  });

  it('a changed user-agent line sends the crawler to the * group (§5)', () => {
    const before = ['User-agent: bingbot', 'Disallow: /a', '', 'User-agent: *', 'Disallow: /b', ''];
    const after = ['User-agent: bingbot-old', 'Disallow: /a', '', 'User-agent: *', 'Disallow: /b', ''];
    const out = flips(before, after, ['/a', '/b', '/c'], [token('bingbot')]).map(summary);
    expect(out).toEqual([
      {
        url: '/a',
        crawler: 'bingbot',
        kind: 'blocked-to-allowed',
        old: '2 Disallow: /a',
        new: null,
        causes: ['changed 1→1'],
      },
      {
        url: '/b',
        crawler: 'bingbot',
        kind: 'allowed-to-blocked',
        old: null,
        new: '5 Disallow: /b',
        causes: ['changed 1→1'],
      },
    ]);
  });

  it('a user-agent line inserted between rules splits the group (§4): the rules after it leave the crawler', () => {
    const before = ['User-agent: bingbot', 'Disallow: /a', 'Disallow: /b', ''];
    const after = ['User-agent: bingbot', 'Disallow: /a', 'User-agent: msnbot', 'Disallow: /b', ''];
    const out = flips(before, after, ['/a', '/b'], [token('bingbot'), token('msnbot')]).map(summary);
    expect(out).toEqual([
      {
        url: '/b',
        crawler: 'bingbot',
        kind: 'blocked-to-allowed',
        old: '3 Disallow: /b',
        new: null,
        causes: ['added -→3'],
      },
      {
        url: '/b',
        crawler: 'msnbot',
        kind: 'allowed-to-blocked',
        old: null,
        new: '4 Disallow: /b',
        causes: ['added -→3'],
      },
    ]);
  });

  it('a removed disallow is the cause of the URLs it blocked', () => {
    const before = ['User-agent: *', 'Disallow: /old', 'Disallow: /keep', ''];
    const after = ['User-agent: *', 'Disallow: /keep', ''];
    expect(flips(before, after, ['/old/1', '/keep/1'], [token('x')]).map(summary)).toEqual([
      {
        url: '/old/1',
        crawler: 'x',
        kind: 'blocked-to-allowed',
        old: '2 Disallow: /old',
        new: null,
        causes: ['removed 2→-'],
      },
    ]);
  });

  it('follows a profile through its fallback token (Googlebot-Image obeys the googlebot group, §5)', () => {
    const image = findProfile('googlebot-image')!;
    const crawler: DiffCrawler = { label: image.name, spec: { tokens: image.tokens } };
    const before = ['User-agent: Googlebot', 'Disallow: /photos', ''];
    const after = ['User-agent: Googlebot', 'Disallow: /photos', '', 'User-agent: Googlebot-Image', 'Disallow:', ''];
    expect(flips(before, after, ['/photos/1.jpg'], [crawler]).map(summary)).toEqual([
      {
        url: '/photos/1.jpg',
        crawler: 'Googlebot-Image',
        kind: 'blocked-to-allowed',
        old: '2 Disallow: /photos',
        new: null,
        causes: ['added -→4'],
      },
    ]);
  });

  it('counts per crawler and per kind, and streams from a generator without keeping the URLs', () => {
    const before = parseRobotsTxt('User-agent: *\nDisallow: /a\n');
    const after = parseRobotsTxt('User-agent: *\nDisallow: /b\n\nUser-agent: bingbot\nDisallow:\n');
    function* urls() {
      for (let i = 0; i < 3000; i++) yield i % 3 === 0 ? `/a/${i}` : i % 3 === 1 ? `/b/${i}` : `/c/${i}`;
    }
    const counts = emptyCounts();
    for (const _ of verdictFlips(compareRobots(before, after), urls(), [token('x'), token('bingbot')], counts)) {
      // verdictFlips keeps the counts as it streams.
    }
    expect(counts.checked).toBe(6000);
    // x: /a opens (1000), /b closes (1000). bingbot: /a opens (1000), /b stays open.
    expect(counts.blockedToAllowed).toBe(2000);
    expect(counts.allowedToBlocked).toBe(1000);
    expect(counts.byCrawler.get('x')).toEqual({ allowedToBlocked: 1000, blockedToAllowed: 1000 });
    expect(counts.byCrawler.get('bingbot')).toEqual({ allowedToBlocked: 0, blockedToAllowed: 1000 });
  });

  it('takes /robots.txt itself as always allowed in both files', () => {
    expect(
      flips(['User-agent: *', 'Allow: /'], ['User-agent: *', 'Disallow: /'], ['/robots.txt'], [token('x')]),
    ).toEqual([]);
  });
});
