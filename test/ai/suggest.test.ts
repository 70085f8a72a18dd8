// Suggestions for a stated intent (src/core/aipref/suggest.ts). The expected
// outcomes are written by hand: after applying "block training, keep search
// and answers", training crawlers may not fetch, search and answer crawlers
// still may, and the file states the preferences in both vocabularies.
import { describe, expect, it } from 'vitest';
import { evaluate, parseRobotsTxt } from '../../src/core';
import { applyEdits, readAiprefLines, suggestForIntent } from '../../src/core/aipref';
import { lintRobots } from '../../src/core/lint';

const BEFORE = 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nAllow: /\n';
const fetchable = (text: string, agent: string, path = '/page') =>
  evaluate(parseRobotsTxt(text), `https://e.com${path}`, agent).allowed;

describe('suggestForIntent', () => {
  it('block-training: blocks training crawlers and control tokens, keeps search and answers', () => {
    const s = suggestForIntent(parseRobotsTxt(BEFORE), 'block-training');
    const after = applyEdits(BEFORE, s.edits);
    for (const t of ['ClaudeBot', 'CCBot', 'Google-Extended', 'Applebot-Extended', 'Bytespider']) {
      expect(fetchable(after, t), t).toBe(false);
    }
    for (const t of ['Googlebot', 'bingbot', 'OAI-SearchBot', 'PerplexityBot', 'ChatGPT-User']) {
      expect(fetchable(after, t), t).toBe(true);
    }
    // The * group's own rule still holds.
    expect(fetchable(after, 'Googlebot', '/private/x')).toBe(false);
  });

  it('leaves a crawler that already has a group alone, and says so (adding one would merge groups)', () => {
    const s = suggestForIntent(parseRobotsTxt(BEFORE), 'block-training');
    expect(s.skipped).toEqual(['GPTBot']);
    expect(fetchable(applyEdits(BEFORE, s.edits), 'GPTBot')).toBe(true);
  });

  it('puts the preference lines in the * group, after its rules, in both vocabularies', () => {
    const after = applyEdits(BEFORE, suggestForIntent(parseRobotsTxt(BEFORE), 'block-training').edits);
    const lines = readAiprefLines(parseRobotsTxt(after));
    expect(lines.map((l) => [l.kind, l.line, l.group, l.dictionary?.text])).toEqual([
      ['content-signal', 3, 0, 'search=yes, ai-input=yes, ai-train=no'],
      ['content-usage', 4, 0, 'train-ai=n, ai-use=y, search=y'],
    ]);
  });

  it('writes no errors or warnings of its own; a crawler it left alone is named by the contradiction note', () => {
    const clean = 'User-agent: *\nDisallow: /private/\n';
    for (const intent of ['block-training', 'block-ai-keep-search'] as const) {
      const after = applyEdits(clean, suggestForIntent(parseRobotsTxt(clean), intent).edits);
      const serious = lintRobots(parseRobotsTxt(after)).filter((d) => d.severity !== 'info');
      expect(serious, intent).toEqual([]);
    }
    const after = applyEdits(BEFORE, suggestForIntent(parseRobotsTxt(BEFORE), 'block-training').edits);
    const serious = lintRobots(parseRobotsTxt(after)).filter((d) => d.severity !== 'info');
    expect(serious.map((d) => d.code)).toEqual(['ai-train-contradiction', 'ai-train-contradiction']);
    expect(serious[0].message).toContain('GPTBot');
  });

  it('block-ai-keep-search: also blocks answer engines and user fetchers, keeps Googlebot', () => {
    const after = applyEdits(BEFORE, suggestForIntent(parseRobotsTxt(BEFORE), 'block-ai-keep-search').edits);
    for (const t of ['OAI-SearchBot', 'PerplexityBot', 'Claude-User', 'ClaudeBot'])
      expect(fetchable(after, t), t).toBe(false);
    expect(fetchable(after, 'Googlebot')).toBe(true);
  });

  it('adds a * group with the preferences when the file has none, and works on an empty file', () => {
    const after = applyEdits('', suggestForIntent(parseRobotsTxt(''), 'block-training').edits);
    expect(after).toMatch(/^User-agent: [A-Za-z-]+\n/);
    expect(after).toContain('\n\nUser-agent: *\nAllow: /\nContent-Signal: search=yes, ai-input=yes, ai-train=no\n');
    expect(fetchable(after, 'GPTBot')).toBe(false);
    expect(fetchable(after, 'Googlebot')).toBe(true);
  });
});

describe('suggestForIntent rewrites what the * group already says', () => {
  it('an existing Content-Signal line is rewritten in place, not repeated', () => {
    const text = 'User-agent: *\nContent-Signal: search=yes, ai-train=yes # old\nAllow: /\n';
    const s = suggestForIntent(parseRobotsTxt(text), 'block-ai-keep-search');
    const after = applyEdits(text, s.edits);
    const lines = after.split('\n');
    // The key and value change; the comment stays; the missing Content-Usage line follows the group's last line.
    expect(lines.slice(0, 4)).toEqual([
      'User-agent: *',
      'Content-Signal: search=yes, ai-input=no, ai-train=no # old',
      'Allow: /',
      'Content-Usage: / train-ai=n, ai-use=n, search=y',
    ]);
    expect(readAiprefLines(parseRobotsTxt(after)).filter((l) => l.kind === 'content-signal')).toHaveLength(1);
  });

  it('a misspelt Content-Signals key in the * group is the line rewritten', () => {
    const text = 'User-agent: *\nDisallow: /tmp/\nContent-Signals: ai-train=no\n';
    const after = applyEdits(text, suggestForIntent(parseRobotsTxt(text), 'block-training').edits);
    expect(after.split('\n').slice(0, 4)).toEqual([
      'User-agent: *',
      'Disallow: /tmp/',
      'Content-Signal: search=yes, ai-input=yes, ai-train=no',
      'Content-Usage: / train-ai=n, ai-use=y, search=y',
    ]);
  });

  it('a * group that already says the intent gets no edit of its own', () => {
    const text =
      'User-agent: *\nAllow: /\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nContent-Usage: / train-ai=n, ai-use=y, search=y\n';
    const s = suggestForIntent(parseRobotsTxt(text), 'block-training');
    // Only the appended group of training crawlers remains, at the end of the text.
    expect(s.edits.map((e) => e.from)).toEqual([text.length]);
  });
});
