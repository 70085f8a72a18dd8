// The linter (src/core/lint.ts) on real parses. Each test is named after the
// rule it proves and cites the docs/behaviour.md section the rule comes from.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyGoogleSizeLimit, MAX_LINE_BYTES, parseRobotsTxt } from '../src/core';
import { editDistance } from '../src/core/aipref/distance';
import { lintRobots, type RobotsDiagnostic, type RobotsDiagnosticCode } from '../src/core/lint';

function lint(text: string, options?: Parameters<typeof lintRobots>[1]): RobotsDiagnostic[] {
  return lintRobots(parseRobotsTxt(text), options);
}

function only(text: string, code: RobotsDiagnosticCode): RobotsDiagnostic[] {
  return lint(text).filter((d) => d.code === code);
}

/** Applies a diagnostic's first fix to the text. */
function applyFix(text: string, d: RobotsDiagnostic): string {
  const fix = d.fixes?.[0];
  if (!fix) throw new Error(`no fix for ${d.code}`);
  return text.slice(0, fix.from) + fix.insert + text.slice(fix.to);
}

describe('lintRobots', () => {
  it('reports nothing for a clean file (docs/behaviour.md §3, §4)', () => {
    const text =
      'User-agent: Googlebot\nDisallow: /private/\nAllow: /private/ok$\n\nUser-agent: *\nDisallow:\n\nSitemap: https://example.com/sitemap.xml\n';
    expect(lint(text)).toEqual([]);
  });

  it('typo-key: a misspelling Google accepts is flagged with its correct spelling (docs/behaviour.md §12 Keys and values)', () => {
    const text = 'useragent: a\ndisalow: /x\nsite-map: https://e.com/s.xml';
    const diags = only(text, 'typo-key');
    expect(diags.map((d) => [d.line, text.slice(d.from, d.to), d.fixes?.[0].insert])).toEqual([
      [1, 'useragent', 'User-agent'],
      [2, 'disalow', 'Disallow'],
      [3, 'site-map', 'Sitemap'],
    ]);
    expect(applyFix(text, diags[1])).toBe('useragent: a\nDisallow: /x\nsite-map: https://e.com/s.xml');
    expect(diags[0].severity).toBe('warning');
  });

  it('near-miss-key: a misspelling Google does not accept is an error with a fix (docs/behaviour.md §12 Keys and values)', () => {
    const text = 'usr-agent: a\ndisallo: /x\nalow: /y\ncrawl_delay: 5';
    const diags = only(text, 'near-miss-key');
    expect(diags.map((d) => [d.line, d.severity, d.fixes?.[0].insert])).toEqual([
      [1, 'error', 'User-agent'],
      [2, 'error', 'Disallow'],
      [3, 'error', 'Allow'],
      [4, 'warning', 'Crawl-delay'],
    ]);
    expect(diags[1].message).toContain('Did you mean Disallow?');
    expect(applyFix(text, diags[0]).split('\n')[0]).toBe('User-agent: a');
    expect(only(text, 'unknown-key')).toEqual([]);
  });

  it('near-miss-key: the edit distance counts swaps as one edit, and distant keys are not near misses', () => {
    expect(editDistance('disallow', 'dsiallow')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(only('unicorn: /x', 'near-miss-key')).toEqual([]);
    expect(only('agent: x', 'near-miss-key')).toEqual([]);
    expect(only('sitmap: https://e.com/s.xml', 'near-miss-key').map((d) => d.message)).toEqual([
      '"sitmap" is not a key Google knows, so it ignores this line. Did you mean Sitemap?',
    ]);
    // A key that starts with a known key is Google's (by prefix), never a near miss.
    expect(lint('Sitemapp: https://e.com/s.xml').map((d) => d.code)).toEqual(['prefix-key']);
  });

  it('prefix-key: a key matched only by its prefix is flagged (docs/behaviour.md §12 Keys and values)', () => {
    const text = 'User-agents: a\nDisallowed: /x\nAllowance: /y';
    const diags = only(text, 'prefix-key');
    expect(diags.map((d) => [d.line, text.slice(d.from, d.to), d.fixes?.[0].insert])).toEqual([
      [1, 'User-agents', 'User-agent'],
      [2, 'Disallowed', 'Disallow'],
      [3, 'Allowance', 'Allow'],
    ]);
  });

  it('missing-colon: "disallow /x" is read by Google but flagged, fix inserts the colon (docs/behaviour.md §12 Keys and values)', () => {
    const text = 'user-agent a\ndisallow /x';
    const diags = only(text, 'missing-colon');
    expect(diags.map((d) => d.line)).toEqual([1, 2]);
    expect(applyFix(text, diags[1])).toBe('user-agent a\ndisallow: /x');
  });

  it('invalid-line: a line with no separator is ignored and flagged (docs/behaviour.md §3: only valid lines count)', () => {
    const text = 'user-agent: *\ndisallow /a /b\n<html>\n: /x';
    const diags = only(text, 'invalid-line');
    expect(diags.map((d) => [d.line, text.slice(d.from, d.to)])).toEqual([
      [2, 'disallow /a /b'],
      [3, '<html>'],
      [4, ': /x'],
    ]);
    expect(applyFix(text, diags[0]).split('\n')[1]).toBe('disallow: /a /b');
    expect(diags[1].fixes).toBeUndefined();
  });

  it('unknown-key: a key no crawler knows is flagged (docs/behaviour.md §3)', () => {
    const diags = only('user-agent: *\nunicorn: /value', 'unknown-key');
    expect(diags).toHaveLength(1);
    expect(diags[0]).toMatchObject({ line: 2, severity: 'warning' });
  });

  it('ignored-key: keys Google ignores say who reads them (docs/behaviour.md §10)', () => {
    const text = [
      'crawl-delay: 5',
      'noindex: /x',
      'host: example.com',
      'clean-param: ref /',
      'request-rate: 1/5',
      'visit-time: 0600-0845',
      'content-signal: search=yes, ai-train=no',
      'content-usage: train-ai=n',
    ].join('\n');
    const diags = only(text, 'ignored-key');
    expect(diags.map((d) => d.severity)).toEqual(Array(8).fill('info'));
    const byLine = new Map(diags.map((d) => [d.line, d.message]));
    expect(byLine.get(1)).toMatch(/Bing and Yandex/);
    expect(byLine.get(2)).toMatch(/2019/);
    expect(byLine.get(3)).toMatch(/Yandex.*retired/);
    expect(byLine.get(4)).toMatch(/Yandex/);
    expect(byLine.get(7)).toMatch(/not an access rule/);
    expect(byLine.get(8)).toMatch(/IETF/);
    for (const m of byLine.values()) expect(m).toMatch(/Google/);
  });

  it('rule-outside-group: rules before the first user-agent line are flagged (docs/behaviour.md §4)', () => {
    const text = 'disallow: /x\nallow: /y\nuser-agent: *\ndisallow: /z';
    const diags = only(text, 'rule-outside-group');
    expect(diags.map((d) => d.line)).toEqual([1, 2]);
    expect(applyFix(text, diags[0]).startsWith('User-agent: *\ndisallow: /x')).toBe(true);
  });

  it('path-no-slash: a pattern starting with neither / nor * never matches; fix prepends / (docs/behaviour.md §6)', () => {
    const text = 'user-agent: *\ndisallow: fish/\nallow: *.css\ndisallow: /ok\ndisallow:';
    const diags = only(text, 'path-no-slash');
    expect(diags.map((d) => [d.line, d.severity])).toEqual([[2, 'error']]);
    expect(applyFix(text, diags[0]).split('\n')[1]).toBe('disallow: /fish/');
  });

  it('full-url-path: a full URL as a pattern never matches; fix keeps its path (docs/behaviour.md §6, §11)', () => {
    const text = 'user-agent: *\ndisallow: https://example.com/private?x=1';
    const diags = only(text, 'full-url-path');
    expect(diags).toHaveLength(1);
    expect(applyFix(text, diags[0]).split('\n')[1]).toBe('disallow: /private?x=1');
    expect(only(text, 'path-no-slash')).toEqual([]);
  });

  it('sitemap-not-absolute: a sitemap must be an absolute http(s) URL (docs/behaviour.md §10)', () => {
    const text =
      'sitemap: /sitemap.xml\nsitemap: https://example.com/s.xml\nsitemap: ftp://example.com/s.xml\nsitemap:';
    expect(only(text, 'sitemap-not-absolute').map((d) => d.line)).toEqual([1, 3, 4]);
  });

  it('agent-ignored-chars: Google matches only the product token (docs/behaviour.md §5)', () => {
    const text = 'user-agent: Googlebot/2.1\nuser-agent: * # all\nuser-agent: * and more\nuser-agent: Bingbot';
    const diags = only(text, 'agent-ignored-chars');
    expect(diags.map((d) => [d.line, text.slice(d.from, d.to)])).toEqual([
      [1, '/2.1'],
      [3, ' and more'],
    ]);
    expect(diags[0].message).toContain('"Googlebot"');
    expect(applyFix(text, diags[0]).split('\n')[0]).toBe('user-agent: Googlebot');
  });

  it("agent-token-cut: a name of several words is cut at the space by Google's parser, with a one-token fix (docs/behaviour.md §5)", () => {
    const text = 'User-agent: ChatGPT Agent\nDisallow: /\n\nUser-agent: Googlebot News # news\nDisallow: /x\n';
    const ds = only(text, 'agent-token-cut');
    expect(ds.map((d) => [d.line, d.severity, text.slice(d.from, d.to)])).toEqual([
      [1, 'warning', 'ChatGPT Agent'],
      [4, 'warning', 'Googlebot News'],
    ]);
    expect(ds[0].message).toContain('reads "ChatGPT Agent" as "ChatGPT"');
    // Googlebot News goes to Googlebot itself: the message says so, and the fix is the catalogue's token.
    expect(ds[1].message).toContain('the token of Googlebot');
    expect(applyFix(text, ds[0]).split('\n')[0]).toBe('User-agent: ChatGPT-Agent');
    expect(applyFix(text, ds[1]).split('\n')[3]).toBe('User-agent: Googlebot-News # news');
    // Not also reported as ignored characters.
    expect(only(text, 'agent-ignored-chars')).toEqual([]);
  });

  it("agent-token-cut: AI2Bot and MJ12bot are read as AI and MJ, with advice that keeps the crawler's real token and no truncating edit", () => {
    const text = 'User-agent: AI2Bot\nUser-agent: MJ12bot/1.4\nDisallow: /\n\nUser-agent: Googlebot2\nDisallow: /x\n';
    const ds = only(text, 'agent-token-cut');
    expect(ds.map((d) => [d.line, d.severity, text.slice(d.from, d.to)])).toEqual([
      [1, 'warning', 'AI2Bot'],
      [2, 'warning', 'MJ12bot'],
      [5, 'warning', 'Googlebot2'],
    ]);
    expect(ds[0].message).toContain('reads "AI2Bot" as "AI"');
    expect(ds[0].message).toContain('crawlers named AI, not to "AI2Bot"');
    expect(ds[1].message).toContain('reads "MJ12bot" as "MJ"');
    // Googlebot2 is read as Googlebot, a crawler of its own: the group goes to it, and the advice says so.
    expect(ds[2].message).toContain('the token of Googlebot');
    expect(ds[2].message).toContain('if it is not meant for Googlebot, remove the line');
    expect(ds.map((d) => d.message.includes('keep the line as it is'))).toEqual([true, true, false]);
    for (const d of ds) expect(d.fixes).toBeUndefined();
    // The version after MJ12bot is not reported apart.
    expect(only(text, 'agent-ignored-chars')).toEqual([]);
  });

  it('agent-token-cut: not for a version or a comment after the token', () => {
    const text = 'User-agent: Googlebot/2.1\nUser-agent: Googlebot (compatible)\nDisallow: /\n';
    expect(only(text, 'agent-token-cut')).toEqual([]);
    expect(only(text, 'agent-ignored-chars').map((d) => d.line)).toEqual([1, 2]);
  });

  it('agent-groups-merged: an info note where Google merges two groups others may read apart (docs/behaviour.md §5)', () => {
    const text =
      'User-agent: bingbot\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n\nUser-agent: Bingbot\nDisallow: /c\n';
    const ds = only(text, 'agent-groups-merged');
    expect(ds.map((d) => [d.line, d.severity, text.slice(d.from, d.to)])).toEqual([[7, 'info', 'Bingbot']]);
    expect(ds[0].message).toContain('line 1');
    // Two names in one group are one group, not a merge.
    expect(only('User-agent: bingbot\nUser-agent: BINGBOT\nDisallow: /\n', 'agent-groups-merged')).toEqual([]);
  });

  it('agent-token-misspelt: a near miss of a catalogue token, with the real one as the fix', () => {
    const text = 'User-agent: Claude-Bot\nUser-agent: CloudVertexBot\nUser-agent: ClaudeBot\nDisallow: /\n';
    const ds = only(text, 'agent-token-misspelt');
    expect(ds.map((d) => [d.line, d.fixes?.[0].insert])).toEqual([
      [1, 'ClaudeBot'],
      [2, 'Google-CloudVertexBot'],
    ]);
    expect(applyFix(text, ds[0]).split('\n')[0]).toBe('User-agent: ClaudeBot');
  });

  it('agent-matches-nobody: a value with no product token matches no crawler (docs/behaviour.md §12 Groups and agents)', () => {
    const text = 'user-agent: *foo\nuser-agent: 2bot\ndisallow: /';
    expect(only(text, 'agent-matches-nobody').map((d) => d.line)).toEqual([1, 2]);
  });

  it('empty-agent: a user-agent line with an empty value is flagged; an empty last group is not (docs/behaviour.md §4)', () => {
    const text = 'user-agent:\ndisallow: /\n\nuser-agent: h\n';
    const diags = lint(text);
    expect(diags.map((d) => [d.code, d.line])).toEqual([['empty-agent', 1]]);
  });

  it('line-too-long: Google cuts a line after 16,663 bytes; the rest is marked (docs/behaviour.md §12 Lines)', () => {
    const text = `user-agent: *\ndisallow: /${'a'.repeat(MAX_LINE_BYTES)}\nallow: /`;
    const diags = only(text, 'line-too-long');
    expect(diags).toHaveLength(1);
    const lineStart = text.indexOf('disallow');
    expect(diags[0]).toMatchObject({ line: 2, from: lineStart + MAX_LINE_BYTES, to: text.indexOf('\nallow') });
    expect(diags[0].message).toContain('16,663');
  });

  it('size-limit: content past 500 KiB is marked "Google stops reading here" (docs/behaviour.md §3)', () => {
    const body = 'disallow: /aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n'.repeat(12_000);
    const text = `user-agent: *\n${body}`;
    const { cutAt } = applyGoogleSizeLimit(text);
    expect(cutAt).not.toBeNull();
    const diags = lintRobots(parseRobotsTxt(text), { sizeLimitCutAt: cutAt }).filter((d) => d.code === 'size-limit');
    expect(diags).toHaveLength(1);
    expect(diags[0]).toMatchObject({ from: cutAt, to: text.length, severity: 'error' });
    expect(diags[0].message).toMatch(/^Google stops reading here/);
    expect(diags[0].line).toBe(text.slice(0, cutAt!).split('\n').length);
    expect(lintRobots(parseRobotsTxt(text)).some((d) => d.code === 'size-limit')).toBe(false);
  });

  it('returns diagnostics sorted by position, each inside the text and on its line', () => {
    const text = 'disallow: x\nuseragent: Googlebot/2\nunicorn: 1\ndisallow /a /b\nsitemap: s.xml\n';
    const parsed = parseRobotsTxt(text);
    const diags = lintRobots(parsed);
    expect(diags.length).toBeGreaterThan(5);
    for (let i = 1; i < diags.length; i++) expect(diags[i].from).toBeGreaterThanOrEqual(diags[i - 1].from);
    for (const d of diags) {
      const line = parsed.lines[d.line - 1];
      expect(d.from).toBeGreaterThanOrEqual(line.span.from);
      expect(d.to).toBeLessThanOrEqual(line.span.to);
    }
  });

  it("matches the reference's per-line facts: every typo, missing colon, unused key, unknown key and cut line has its diagnostic, and only those", () => {
    interface LineReport {
      input: { robotstxt?: string };
      check: string;
      expected: {
        line_num: number;
        tag_name: string;
        metadata: {
          is_empty: boolean;
          is_comment: boolean;
          has_directive: boolean;
          is_acceptable_typo: boolean;
          is_line_too_long: boolean;
          is_missing_colon_separator: boolean;
        };
      };
    }
    const vectors = (
      JSON.parse(
        readFileSync(join(import.meta.dirname, 'conformance', 'google-other-vectors.json'), 'utf8'),
      ) as (LineReport & { kind: string })[]
    ).filter(
      (v) =>
        v.kind === 'ParseRobotsTxt+RobotsParsingReporter' &&
        v.check === 'parsed_line' &&
        typeof v.input.robotstxt === 'string',
    );
    expect(vectors.length).toBeGreaterThan(10);
    for (const v of vectors) {
      const { line_num: line, tag_name: tag, metadata: m } = v.expected;
      const codes = lint(v.input.robotstxt!)
        .filter((d) => d.line === line)
        .map((d) => d.code);
      const where = `${JSON.stringify(v.input.robotstxt)} line ${line}`;
      expect(codes.includes('typo-key'), where).toBe(m.is_acceptable_typo);
      expect(codes.includes('missing-colon'), where).toBe(m.is_missing_colon_separator);
      expect(codes.includes('line-too-long'), where).toBe(m.is_line_too_long);
      expect(codes.includes('ignored-key'), where).toBe(tag === 'Unused');
      expect(codes.includes('unknown-key') || codes.includes('near-miss-key'), where).toBe(
        tag === 'Unknown' && m.has_directive,
      );
      expect(codes.includes('invalid-line'), where).toBe(!m.has_directive && !m.is_empty && !m.is_comment);
    }
  });

  it('lints every conformance robots.txt with each diagnostic inside its own line', () => {
    const texts = new Set<string>();
    for (const name of ['google-vectors.json', 'seed-examples.json'])
      for (const v of JSON.parse(readFileSync(join(import.meta.dirname, 'conformance', name), 'utf8')) as {
        robotstxt: string;
      }[])
        texts.add(v.robotstxt);
    for (const line of readFileSync(join(import.meta.dirname, 'conformance', 'differential.jsonl'), 'utf8').split('\n'))
      if (line.trim()) texts.add((JSON.parse(line) as { robotstxt: string }).robotstxt);
    let count = 0;
    for (const text of texts) {
      const parsed = parseRobotsTxt(text);
      for (const d of lintRobots(parsed)) {
        count++;
        const span = parsed.lines[d.line - 1].span;
        expect(d.from >= span.from && d.to <= span.to && d.from <= d.to, `${d.code} in ${JSON.stringify(text)}`).toBe(
          true,
        );
        for (const f of d.fixes ?? []) expect(f.from >= span.from && f.to <= span.to).toBe(true);
      }
    }
    expect(count).toBeGreaterThan(100);
  });
});
