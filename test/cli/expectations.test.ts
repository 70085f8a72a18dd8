import { describe, expect, it } from 'vitest';
import { runCli } from './harness';

const GOOD = 'User-agent: *\nDisallow: /private/\n# expect: blocked GPTBot /private/\n# expect: allowed googlebot /\n';
const BAD = `${GOOD}# expect: allowed gptbot /private/x\n`;
const BROKEN = `${GOOD}# expect: maybe gptbot /x\n`;

describe('robots-lab check FILE --expectations', () => {
  it('exits 0 when every expectation holds, one line each', async () => {
    const r = await runCli(['check', 'robots.txt', '--expectations'], { 'robots.txt': GOOD });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'line 3: ✓ blocked GPTBot /private/ — GPTBot: blocked by line 2 (Disallow: /private/)\n' +
        'line 4: ✓ allowed Googlebot / — Googlebot: allowed (no rule matches)\n',
    );
    expect(r.stderr).toBe('2 of 2 expectations met\n');
  });

  it('exits 1 on a failing one and names the deciding line', async () => {
    const r = await runCli(['check', 'robots.txt', '--expectations'], { 'robots.txt': BAD });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'line 5: ✗ allowed GPTBot /private/x — GPTBot: expected allowed, but blocked by line 2 (Disallow: /private/)',
    );
    expect(r.stderr).toBe('2 of 3 expectations met, 1 failed\n');
  });

  it('exits 1 on a malformed one, with a diagnostic and no crash', async () => {
    const r = await runCli(['check', 'robots.txt', '--expectations'], { 'robots.txt': BROKEN });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('line 5: ! malformed: unknown verdict "maybe"');
    expect(r.stderr).toBe('2 of 3 expectations met, 1 malformed\n');
  });

  it('prints JSON with the outcome per crawler', async () => {
    const r = await runCli(['check', 'robots.txt', '--expectations', '-f', 'json'], { 'robots.txt': BAD });
    const rows = JSON.parse(r.stdout);
    expect(rows[2]).toEqual({
      line: 5,
      status: 'fail',
      expected: 'allowed',
      url: '/private/x',
      requestUrl: '/private/x',
      outcomes: [
        { crawler: 'GPTBot', allowed: false, decidingLine: { line: 2, text: 'Disallow: /private/' }, ok: false },
      ],
      message: 'GPTBot: expected allowed, but blocked by line 2 (Disallow: /private/)',
    });
  });

  it('is a usage error (exit 2) with no expectations, or with URLs or agents beside it', async () => {
    const none = await runCli(['check', 'robots.txt', '--expectations'], { 'robots.txt': 'User-agent: *\n' });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no expectations in robots.txt');
    const mixed = await runCli(['check', 'robots.txt', '--expectations', '-a', 'x', '/a'], { 'robots.txt': GOOD });
    expect(mixed.code).toBe(2);
  });
});
