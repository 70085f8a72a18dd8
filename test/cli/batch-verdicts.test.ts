/**
 * `batch`'s own shortcuts (the groups an agent obeys found by bit mask, the
 * rules compiled once per set of groups, a line's file recognised by its
 * first bytes, verdict lines made once) against the reference's answers:
 * Google's unit-test vectors and the differential cases, with their
 * deciding lines, in file order and interleaved.
 */
import { describe, expect, it } from 'vitest';
import { differential, googleVectors } from '../conformance/load';
import { runCli } from './harness';

interface Query {
  robotstxt: string;
  useragent: string;
  url: string;
}

async function batch(queries: Query[]): Promise<{ allowed: boolean; line: number | null }[]> {
  const r = await runCli(['batch'], {}, `${queries.map((q) => JSON.stringify(q)).join('\n')}\n`);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
}

/** The differential cases, one per query, with the reference's verdict and deciding line (null: no rule). */
function differentialCases(): (Query & { allowed: boolean; line: number | null })[] {
  return differential().flatMap((f) =>
    f.cases.map((c) => ({
      robotstxt: f.robotstxt,
      useragent: c.useragent,
      url: c.url,
      allowed: c.allowed,
      line: c.line || null,
    })),
  );
}

describe('batch agrees with the reference', () => {
  it("on Google's unit-test vectors", async () => {
    const vectors = googleVectors();
    const got = await batch(vectors);
    expect(got.map((g, i) => `${i} ${g.allowed}`)).toEqual(vectors.map((v, i) => `${i} ${v.allowed}`));
  });

  it('on every differential case, verdict and deciding line, each file asked in a row', async () => {
    const cases = differentialCases();
    const got = await batch(cases);
    expect(got.map((g, i) => `${i} ${g.allowed} ${g.line}`)).toEqual(
      cases.map((c, i) => `${i} ${c.allowed} ${c.line}`),
    );
  });

  it('on every differential case with the files interleaved (no two neighbours share a file)', async () => {
    const byFile = differential().map((f) =>
      f.cases.map((c) => ({ robotstxt: f.robotstxt, useragent: c.useragent, url: c.url, expected: c })),
    );
    const cases: (Query & { expected: { allowed: boolean; line: number } })[] = [];
    for (let round = 0; byFile.some((f) => round < f.length); round++) {
      for (const f of byFile) if (round < f.length) cases.push(f[round]);
    }
    const got = await batch(cases);
    expect(got.map((g, i) => `${i} ${g.allowed} ${g.line}`)).toEqual(
      cases.map((c, i) => `${i} ${c.expected.allowed} ${c.expected.line || null}`),
    );
  });
});

describe('batch: cases the shortcuts could get wrong', () => {
  it('tells a file from the next one whose JSON text starts with it', async () => {
    const short = 'user-agent: *\ndisallow: /a';
    const long = `${short}\ndisallow: /b`;
    const got = await batch([
      { robotstxt: short, useragent: 'x', url: 'http://x.com/b' },
      { robotstxt: long, useragent: 'x', url: 'http://x.com/b' },
      { robotstxt: short, useragent: 'x', url: 'http://x.com/b' },
    ]);
    expect(got).toEqual([
      { allowed: true, line: null },
      { allowed: false, line: 3 },
      { allowed: true, line: null },
    ]);
  });

  it('reads a file again after a line of another file written with escapes', async () => {
    const a = JSON.stringify('user-agent: *\ndisallow: /a');
    const b = JSON.stringify('user-agent: *\ndisallow: /b');
    const r = await runCli(
      ['batch'],
      {},
      [
        `{"robotstxt":${a},"useragent":"x","url":"http://x.com/a"}`,
        `{"robotstxt":${b},"useragent":"x","url":"http:\\/\\/x.com\\/b"}`, // "/" escaped: JSON.parse reads the rest
        `{"robotstxt":${a},"useragent":"x","url":"http://x.com/b"}`,
        `{"robotstxt":${a},"useragent":"x","url":"http://x.com/a"}`,
      ].join('\n'),
    );
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual([
      { allowed: false, line: 2 },
      { allowed: false, line: 2 },
      { allowed: true, line: null },
      { allowed: false, line: 2 },
    ]);
  });

  it('compares agents case-insensitively, and a group naming the agent beside * is its own', async () => {
    const robotstxt = [
      'user-agent: *', // 1
      'disallow: /star', // 2
      '',
      'user-agent: FOOBOT', // 4
      'user-agent: *', // 5
      'disallow: /foo', // 6
      '',
      'user-agent: barbot/2.1', // 8
      'disallow: /bar', // 9
    ].join('\n');
    const ask = (useragent: string, path: string) => ({ robotstxt, useragent, url: `http://x.com${path}` });
    const got = await batch([
      ask('foobot', '/foo'),
      ask('FooBot', '/star'),
      ask('BarBot', '/bar'),
      ask('BARBOT', '/star'),
      ask('Other', '/star'),
      ask('Other', '/foo'),
      ask('foobot', '/star'),
    ]);
    expect(got).toEqual([
      { allowed: false, line: 6 },
      { allowed: true, line: null },
      { allowed: false, line: 9 },
      { allowed: true, line: null },
      // Both * groups, merged: line 2 and line 6 (the second * group names FOOBOT, not Other).
      { allowed: false, line: 2 },
      { allowed: false, line: 6 },
      { allowed: true, line: null },
    ]);
  });

  it('writes deciding lines past the first few hundred', async () => {
    const lines = ['user-agent: *'];
    while (lines.length < 400) lines.push(`# line ${lines.length + 1}`);
    const rule = (line: number, text: string) => {
      lines[line - 1] = text;
    };
    rule(255, 'disallow: /p255');
    rule(256, 'disallow: /p256');
    rule(257, 'allow: /p256/ok');
    rule(300, 'allow: /p300');
    const robotstxt = lines.join('\n');
    const got = await batch(
      ['/p255', '/p256', '/p256/ok', '/p300'].map((path) => ({
        robotstxt,
        useragent: 'x',
        url: `http://x.com${path}`,
      })),
    );
    expect(got).toEqual([
      { allowed: false, line: 255 },
      { allowed: false, line: 256 },
      { allowed: true, line: 257 },
      { allowed: true, line: 300 },
    ]);
  });

  it('obeys the groups of files with more groups than a mask holds', async () => {
    // Product tokens are letters, - and _ only: bot-aa, bot-ab, …
    const name = (i: number) => `bot-${String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26))}`;
    const groups = Array.from({ length: 40 }, (_, i) => `user-agent: ${name(i)}\ndisallow: /g${i}\n`);
    const robotstxt = `${groups.join('\n')}\nuser-agent: *\ndisallow: /star\n`;
    const got = await batch([
      { robotstxt, useragent: 'Bot-BN', url: 'http://x.com/g39' },
      { robotstxt, useragent: 'Bot-BN', url: 'http://x.com/star' },
      { robotstxt, useragent: 'nobody', url: 'http://x.com/star' },
    ]);
    // Group i sits on lines 3i+1 (agent) and 3i+2 (rule); * is line 121, its rule 122.
    expect(got).toEqual([
      { allowed: false, line: 3 * 39 + 2 },
      { allowed: true, line: null },
      { allowed: false, line: 122 },
    ]);
  });
});
