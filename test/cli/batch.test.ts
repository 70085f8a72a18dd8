import { describe, expect, it } from 'vitest';
import { runCli } from './harness';

function lines(stdout: string): unknown[] {
  return stdout
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);
}

describe('batch: JSON Lines in, one verdict line out per input line', () => {
  const robots = 'user-agent: FooBot\ndisallow: /a\nallow: /a/b\n\nuser-agent: *\ndisallow: /\n';

  it('answers in input order with the deciding line, or null when no rule decided', async () => {
    const input = [
      { robotstxt: robots, useragent: 'FooBot', url: 'http://x.com/a/c' },
      { robotstxt: robots, useragent: 'FooBot', url: 'http://x.com/a/b' },
      { robotstxt: robots, useragent: 'FooBot', url: 'http://x.com/z' },
      { robotstxt: robots, useragent: 'BarBot', url: 'http://x.com/z' },
      { robotstxt: '', useragent: 'BarBot', url: 'http://x.com/z' },
    ]
      .map((q) => JSON.stringify(q))
      .join('\n');
    const r = await runCli(['batch'], {}, `${input}\n`);
    expect(r.code).toBe(0);
    expect(lines(r.stdout)).toEqual([
      { allowed: false, line: 2 },
      { allowed: true, line: 3 },
      { allowed: true, line: null },
      { allowed: false, line: 6 },
      { allowed: true, line: null },
    ]);
  });

  it('does not normalise the URL and does not special-case /robots.txt, like the reference', async () => {
    const txt = 'user-agent: *\nallow: /ツ\ndisallow: /\n';
    const input = [
      { robotstxt: txt, useragent: 'x', url: 'http://x.com/ツ' },
      { robotstxt: txt, useragent: 'x', url: 'http://x.com/%E3%83%84' },
      { robotstxt: txt, useragent: 'x', url: 'http://x.com/robots.txt' },
    ]
      .map((q) => JSON.stringify(q))
      .join('\n');
    const r = await runCli(['batch'], {}, input);
    expect(lines(r.stdout)).toEqual([
      { allowed: false, line: 3 },
      { allowed: true, line: 2 },
      { allowed: false, line: 3 },
    ]);
  });

  it('answers a malformed line with an error line, keeps going, and exits non-zero at the end', async () => {
    const good = JSON.stringify({ robotstxt: robots, useragent: 'FooBot', url: '/a' });
    const input = [good, '{not json', JSON.stringify({ robotstxt: robots, url: '/a' }), '[1]', good].join('\n');
    const r = await runCli(['batch'], {}, input);
    expect(r.code).toBe(2);
    const out = lines(r.stdout) as Record<string, unknown>[];
    expect(out).toHaveLength(5);
    expect(out[0]).toEqual({ allowed: false, line: 2 });
    expect(out[1].error).toMatch(/^line 2: /);
    expect(out[2].error).toBe('line 3: "useragent" must be a string');
    expect(out[3].error).toBe('line 4: expected a JSON object');
    expect(out[4]).toEqual({ allowed: false, line: 2 });
    expect(r.stderr).toBe('robots-lab batch: 3 malformed input lines\n');
  });

  it('skips blank lines and accepts CR LF line ends', async () => {
    const q = JSON.stringify({ robotstxt: robots, useragent: 'FooBot', url: '/a' });
    const r = await runCli(['batch'], {}, `\r\n${q}\r\n\r\n${q}\r\n`);
    expect(lines(r.stdout)).toEqual([
      { allowed: false, line: 2 },
      { allowed: false, line: 2 },
    ]);
  });

  it('reads each line as JSON says, however the robots.txt is written (key order, escapes, repeated keys)', async () => {
    // The same file as \`robots\` above; line 2 is "disallow: /a", line 6 "disallow: /".
    const plain = '{"robotstxt":"user-agent: FooBot\\ndisallow: /a\\nallow: /a/b\\n\\nuser-agent: *\\ndisallow: /\\n"';
    const escaped =
      '{"robotstxt":"user-agent: FooBot\\ndisallow: /\\u0061\\nallow: /a/b\\n\\nuser-agent: *\\ndisallow: /\\n"';
    const input = [
      `${plain},"useragent":"FooBot","url":"/a"}`, // FooBot group: disallow /a (line 2)
      `${escaped},"useragent":"FooBot","url":"/a"}`, // \u0061 is "a": the same file
      `${plain},"useragent":"FooBot","url":"/a","robotstxt":"user-agent: *\\nallow: /\\n"}`, // the later key wins
      `{"url":"/a","useragent":"FooBot",${plain.slice(1)}}`, // robotstxt last
      `${plain},"useragent":"Foo\\u0042ot","url":"/z"}`, // FooBot again, escaped: no rule for /z
      `${plain},"useragent":"BarBot","url":"/z"}`, // * group: disallow / (line 6)
      `${plain},"useragent":7,"url":"/z"}`,
    ].join('\n');
    const r = await runCli(['batch'], {}, input);
    expect(lines(r.stdout)).toEqual([
      { allowed: false, line: 2 },
      { allowed: false, line: 2 },
      { allowed: true, line: 2 },
      { allowed: false, line: 2 },
      { allowed: true, line: null },
      { allowed: false, line: 6 },
      { error: 'line 7: "useragent" must be a string' },
    ]);
  });

  it('reads the user agent and URL as JSON says, escapes, spaces and stray characters included', async () => {
    const plain = '{"robotstxt":"user-agent: FooBot\\ndisallow: /a\\nallow: /a/b\\n\\nuser-agent: *\\ndisallow: /\\n"';
    const input = [
      `${plain},"useragent":"FooBot","url":"/a\\"b"}`, // the URL is /a"b: disallow /a (line 2)
      `${plain},"useragent":"FooBot","url":"/z\\/a"}`, // \/ is "/": /z/a, no FooBot rule
      `${plain},"useragent":"FooBot","url":"\\u002fa"}`, // \u002f is "/": /a
      `${plain}, "useragent" : "FooBot" ,"url":"/a"} `, // spaces JSON allows
      `${plain},"useragent":"FooBot","url":"/a\tb"}`, // a raw tab: JSON refuses it
      `${plain},"useragent":"FooBot","url":"/a"}x`,
      `${plain},"useragent":"Foo"Bot","url":"/a"}`,
      `${plain},"useragent":"FooBot","url":"/a"}`,
    ].join('\n');
    const r = await runCli(['batch'], {}, input);
    const out = lines(r.stdout) as Record<string, unknown>[];
    expect(out.slice(0, 4)).toEqual([
      { allowed: false, line: 2 },
      { allowed: true, line: null },
      { allowed: false, line: 2 },
      { allowed: false, line: 2 },
    ]);
    expect(out.slice(4, 7).map((o) => String(o.error).slice(0, 8))).toEqual(['line 5: ', 'line 6: ', 'line 7: ']);
    expect(out[7]).toEqual({ allowed: false, line: 2 });
  });

  it('rejects arguments', async () => {
    const r = await runCli(['batch', 'file.jsonl']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/batch reads standard input and takes no arguments/);
  });
});
