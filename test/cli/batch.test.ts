import { describe, expect, it } from 'vitest';
import { modelDecide } from '../model/reference-model';
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

describe('batch: a body that is not UTF-8', () => {
  it('takes it as robotstxt_base64 and judges its bytes as the reference model does', async () => {
    // Latin-1 bytes: é is 0xE9, which is no UTF-8.
    const body = Buffer.concat([Buffer.from('User-agent: *\nDisallow: /caf'), Buffer.from([0xe9]), Buffer.from('\n')]);
    const urls = ['/caf%E9', '/caf%C3%A9', '/other'];
    const input = urls
      .map((url) => JSON.stringify({ robotstxt_base64: body.toString('base64'), useragent: 'FooBot', url }))
      .join('\n');
    const r = await runCli(['batch'], {}, `${input}\n`);
    expect(r.code).toBe(0);
    const got = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    const want = urls.map((url) => {
      const m = modelDecide(new Uint8Array(body), url, 'FooBot');
      return { allowed: m.allowed, line: m.line === 0 ? null : m.line };
    });
    expect(got).toEqual(want);
    expect(got.some((v) => !v.allowed)).toBe(true);
  });

  it('says what is wrong with a line that gives both bodies, or bad base64', async () => {
    const both = JSON.stringify({ robotstxt: '', robotstxt_base64: '', useragent: 'a', url: '/' });
    const bad = JSON.stringify({ robotstxt_base64: 'no!', useragent: 'a', url: '/' });
    const r = await runCli(['batch'], {}, `${both}\n${bad}\n`);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe(
      '{"error":"line 1: give one of \\"robotstxt\\" and \\"robotstxt_base64\\""}\n' +
        '{"error":"line 2: \\"robotstxt_base64\\" must be base64 (RFC 4648, padded)"}\n',
    );
  });
});
