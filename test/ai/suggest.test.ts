// Suggestions for a stated intent (src/core/aipref/suggest.ts). Every
// expected text and verdict here is written by hand from docs/behaviour.md
// §5 (a crawler obeys every group that names it, merged; else the * group),
// the longest-match rule (§7; an Allow wins a tie) and §15 (what the AI tab
// shows for each purpose): an intent either edits the groups that already
// name the crawlers it blocks, or refuses with its reason.
import { describe, expect, it } from 'vitest';
import { evaluate, parseRobotsTxt } from '../../src/core';
import { readAiprefLines } from '../../src/core/aipref/lines';
import { type AiIntent, suggestForIntent } from '../../src/core/aipref/suggest';
import type { RobotsFix } from '../../src/core/lint';
import { lintRobots } from '../../src/core/lint';
import { purposeMatrix } from '../../src/core/purposes';

const fetchable = (text: string, agent: string, path = '/page') =>
  evaluate(parseRobotsTxt(text), `https://e.com${path}`, agent).allowed;

/** The text once the edits are made, as the editor makes them: from the last to the first, so offsets stay true. */
function applyEdits(text: string, edits: readonly RobotsFix[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.from - a.from)) out = out.slice(0, e.from) + e.insert + out.slice(e.to);
  return out;
}

const apply = (text: string, intent: AiIntent) =>
  applyEdits(text, suggestForIntent(parseRobotsTxt(text), intent).edits);

/** The AI tab's verdicts for one purpose after the edit: operator → state. */
function tab(text: string, purpose: string): Record<string, string> {
  const cells = purposeMatrix(parseRobotsTxt(text)).filter((c) => c.purpose === purpose);
  return Object.fromEntries(cells.map((c) => [c.operator, c.state]));
}

/** The training crawlers and control tokens of the catalogue, in its order, as a new group names them. */
const TRAINING_GROUP = [
  'User-agent: Google-Extended',
  'User-agent: Applebot-Extended',
  'User-agent: GPTBot',
  'User-agent: ClaudeBot',
  'User-agent: anthropic-ai',
  'User-agent: CCBot',
  'User-agent: Bytespider',
  'User-agent: meta-externalagent',
  'User-agent: cohere-ai',
  'User-agent: KimiBot',
  'User-agent: MistralAI-Training',
  'Disallow: /',
];
const without = (token: string) => TRAINING_GROUP.filter((l) => l !== `User-agent: ${token}`);
const STAR_TRAINING = [
  'Content-Signal: search=yes, ai-input=yes, ai-train=no',
  'Content-Usage: / train-ai=n, ai-use=y, search=y',
];
const TRAINING_OPERATORS = [
  'Google',
  'Apple',
  'OpenAI',
  'Anthropic',
  'Common Crawl',
  'ByteDance',
  'Meta',
  'Cohere',
  'Moonshot AI',
  'Mistral AI',
];
/** Operators with a crawler for AI answers or a user's fetch (the ai-input column). */
const AI_INPUT_OPERATORS = [
  'Google',
  'OpenAI',
  'Anthropic',
  'Perplexity',
  'Amazon',
  'Moonshot AI',
  'Diffbot',
  'DuckDuckGo',
  'Mistral AI',
];
/** Operators with a search crawler. */
const SEARCH_OPERATORS = ['Google', 'Microsoft', 'Apple', 'DuckDuckGo', 'Yandex', 'Baidu', 'Diffbot'];
const all = (operators: string[], state: string) => Object.fromEntries(operators.map((o) => [o, state]));

describe('block AI training, keep search and AI answers', () => {
  const WITH_GPTBOT = 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nAllow: /\nCrawl-delay: 5\n';

  it("edits GPTBot's existing group so that it blocks everything, and the diff shows that group's change", () => {
    const s = suggestForIntent(parseRobotsTxt(WITH_GPTBOT), 'block-training');
    expect(s.refused).toBeNull();
    expect(applyEdits(WITH_GPTBOT, s.edits)).toBe(
      [
        'User-agent: *',
        'Disallow: /private/',
        ...STAR_TRAINING,
        '',
        'User-agent: GPTBot',
        'Disallow: /',
        'Crawl-delay: 5',
        '',
        ...without('GPTBot'),
        '',
      ].join('\n'),
    );
    expect(s.edited).toEqual([{ line: 4, tokens: ['GPTBot'], how: 'rules' }]);
    expect(s.added).not.toContain('GPTBot');
  });

  it('after the edit GPTBot may fetch nothing, while search and answer crawlers keep their verdicts', () => {
    const after = apply(WITH_GPTBOT, 'block-training');
    for (const path of ['/', '/page', '/index.html']) expect(fetchable(after, 'GPTBot', path), path).toBe(false);
    for (const t of ['ClaudeBot', 'CCBot', 'Google-Extended', 'Applebot-Extended', 'Bytespider']) {
      expect(fetchable(after, t), t).toBe(false);
    }
    for (const t of ['Googlebot', 'bingbot', 'OAI-SearchBot', 'PerplexityBot', 'ChatGPT-User']) {
      expect(fetchable(after, t), t).toBe(true);
    }
    expect(fetchable(after, 'Googlebot', '/private/x')).toBe(false);
  });

  it('the AI tab then says what the label promised: training blocked for every operator, search and answers allowed', () => {
    const after = apply(WITH_GPTBOT, 'block-training');
    expect(tab(after, 'ai-train')).toEqual(all(TRAINING_OPERATORS, 'blocked'));
    // Everyone else reads the * group, which now says search=yes and ai-input=yes (line 3).
    expect(tab(after, 'search')).toEqual(all(SEARCH_OPERATORS, 'allowed'));
    expect(tab(after, 'ai-input')).toEqual(all(AI_INPUT_OPERATORS, 'allowed'));
  });

  it('on a file with no GPTBot group, a new group at the end blocks it with the others', () => {
    const text = 'User-agent: *\nAllow: /\n';
    const s = suggestForIntent(parseRobotsTxt(text), 'block-training');
    expect(s.edited).toEqual([]);
    expect(applyEdits(text, s.edits)).toBe(
      ['User-agent: *', 'Allow: /', ...STAR_TRAINING, '', ...TRAINING_GROUP, ''].join('\n'),
    );
    const after = applyEdits(text, s.edits);
    expect(fetchable(after, 'GPTBot', '/')).toBe(false);
    expect(fetchable(after, 'Googlebot', '/')).toBe(true);
    expect(tab(after, 'ai-train')).toEqual(all(TRAINING_OPERATORS, 'blocked'));
  });

  it('an Allow for /index.html goes too: it would let GPTBot fetch the root past Disallow: /', () => {
    // Google reads "Allow: /index.html" as also allowing "/$" (§7), which outweighs "Disallow: /" at the root.
    const text = 'User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nAllow: /index.html\nDisallow: /private\n';
    expect(fetchable(`${text}Disallow: /\n`, 'GPTBot', '/')).toBe(true);
    const after = apply(text, 'block-training');
    expect(after.split('\n').slice(4, 8)).toEqual(['', 'User-agent: GPTBot', 'Disallow: /', 'Disallow: /private']);
    expect(fetchable(after, 'GPTBot', '/')).toBe(false);
    expect(fetchable(after, 'GPTBot', '/index.html')).toBe(false);
  });

  it('every group that names GPTBot is edited, whatever the case or version the file writes', () => {
    const text =
      'User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /x\n\nUser-agent: gptbot/1.1\nAllow: /public/\n';
    const s = suggestForIntent(parseRobotsTxt(text), 'block-training');
    expect(s.edited).toEqual([
      { line: 4, tokens: ['GPTBot'], how: 'rules' },
      { line: 7, tokens: ['gptbot'], how: 'rules' },
    ]);
    const after = applyEdits(text, s.edits);
    expect(after.split('\n').slice(4, 11)).toEqual([
      '',
      'User-agent: GPTBot',
      'Disallow: /',
      'Disallow: /x',
      '',
      'User-agent: gptbot/1.1',
      'Disallow: /',
    ]);
    expect(fetchable(after, 'GPTBot', '/public/a')).toBe(false);
  });

  it('GPTBot leaves a group it shares with Googlebot, whose rules stay for Googlebot', () => {
    const text = 'User-agent: Googlebot\nUser-agent: GPTBot\nDisallow: /search\n';
    const s = suggestForIntent(parseRobotsTxt(text), 'block-training');
    expect(s.edited).toEqual([{ line: 1, tokens: ['GPTBot'], how: 'moved' }]);
    const after = applyEdits(text, s.edits);
    expect(after).toBe(
      [
        'User-agent: Googlebot',
        'Disallow: /search',
        '',
        ...TRAINING_GROUP,
        '',
        'User-agent: *',
        'Allow: /',
        ...STAR_TRAINING,
        '',
      ].join('\n'),
    );
    expect(fetchable(after, 'Googlebot', '/search')).toBe(false);
    expect(fetchable(after, 'Googlebot', '/page')).toBe(true);
    expect(fetchable(after, 'GPTBot', '/page')).toBe(false);
  });

  it('a search crawler the file already blocks is named and left as it is', () => {
    const text = 'User-agent: *\nAllow: /\n\nUser-agent: Bingbot\nDisallow: /\n';
    const s = suggestForIntent(parseRobotsTxt(text), 'block-training');
    expect(s.alreadyBlocked).toEqual([{ name: 'Bingbot', line: 5 }]);
    expect(fetchable(applyEdits(text, s.edits), 'bingbot')).toBe(false);
  });

  it('writes no errors or warnings of its own, and leaves no contradiction with an existing group', () => {
    for (const text of ['User-agent: *\nDisallow: /private/\n', WITH_GPTBOT]) {
      for (const intent of ['block-training', 'block-ai-keep-search'] as const) {
        const serious = lintRobots(parseRobotsTxt(apply(text, intent))).filter((d) => d.severity !== 'info');
        expect(serious, `${intent} on ${JSON.stringify(text)}`).toEqual([]);
      }
    }
  });

  it('puts the preference lines in the * group, after its rules, in both vocabularies', () => {
    const lines = readAiprefLines(parseRobotsTxt(apply(WITH_GPTBOT, 'block-training')));
    expect(lines.map((l) => [l.kind, l.line, l.group, l.dictionary?.text])).toEqual([
      ['content-signal', 3, 0, 'search=yes, ai-input=yes, ai-train=no'],
      ['content-usage', 4, 0, 'train-ai=n, ai-use=y, search=y'],
    ]);
  });

  it('adds a * group with the preferences when the file has none, and works on an empty file', () => {
    const after = apply('', 'block-training');
    expect(after).toBe([...TRAINING_GROUP, '', 'User-agent: *', 'Allow: /', ...STAR_TRAINING, ''].join('\n'));
  });
});

describe('block AI training and AI answers, keep search', () => {
  const text = 'User-agent: *\nAllow: /\n\nUser-agent: OAI-SearchBot\nAllow: /\n';

  it("edits OAI-SearchBot's own group; the AI tab then says answers and training are blocked, search allowed", () => {
    const s = suggestForIntent(parseRobotsTxt(text), 'block-ai-keep-search');
    expect(s.edited).toEqual([{ line: 4, tokens: ['OAI-SearchBot'], how: 'rules' }]);
    const after = applyEdits(text, s.edits);
    expect(after.split('\n').slice(4, 8)).toEqual(['', 'User-agent: OAI-SearchBot', 'Disallow: /', '']);
    for (const t of ['OAI-SearchBot', 'PerplexityBot', 'Claude-User', 'ClaudeBot', 'GPTBot'])
      expect(fetchable(after, t), t).toBe(false);
    expect(fetchable(after, 'Googlebot')).toBe(true);
    expect(tab(after, 'ai-input')).toEqual(all(AI_INPUT_OPERATORS, 'blocked'));
    expect(tab(after, 'ai-train')).toEqual(all(TRAINING_OPERATORS, 'blocked'));
    expect(tab(after, 'search')).toEqual(all(SEARCH_OPERATORS, 'allowed'));
  });

  it("keeps Google's testing tool (Search Console's URL Inspection) allowed: it reads Googlebot's group, it is search", () => {
    const s = suggestForIntent(parseRobotsTxt(text), 'block-ai-keep-search');
    const after = applyEdits(text, s.edits);
    expect(after).not.toContain('User-agent: Google-InspectionTool');
    expect(fetchable(after, 'Google-InspectionTool')).toBe(true);
    // With a Googlebot group of its own, the tool follows it: the intent leaves that group alone.
    const withGooglebot = `${text}\nUser-agent: Googlebot\nAllow: /\n`;
    const edited = apply(withGooglebot, 'block-ai-keep-search');
    expect(edited).toContain('User-agent: Googlebot\nAllow: /\n');
    expect(edited).not.toContain('Google-InspectionTool');
  });
});

describe('an intent that cannot keep its promise is refused, with the reason', () => {
  it('when the new group would join a group of user-agent lines with no rules, changing that crawler', () => {
    // Blank lines do not end a group (§4): "User-agent: Foo" would share the appended group's Disallow: /.
    const text = 'User-agent: *\nDisallow: /x\n\nUser-agent: Foo\n';
    expect(fetchable(`${text}User-agent: GPTBot\nDisallow: /\n`, 'Foo')).toBe(false);
    const s = suggestForIntent(parseRobotsTxt(text), 'block-training');
    expect(s.edits).toEqual([]);
    expect(s.refused).toBe(
      "The page cannot write this safely: Foo's verdict at / would change. Edit the file by hand.",
    );
  });

  it('when the edits would fall past the 500 KiB Google reads', () => {
    const filler = `# ${'x'.repeat(98)}\n`.repeat(5200); // 520,000 bytes of comments
    const text = `User-agent: *\nDisallow: /x\n${filler}`;
    const s = suggestForIntent(parseRobotsTxt(text), 'block-training');
    expect(s.edits).toEqual([]);
    expect(s.refused).toContain('Google reads only the first 500 KiB');
  });
});

describe('suggestForIntent rewrites what the * group already says', () => {
  it('an existing Content-Signal line is rewritten in place, not repeated', () => {
    const text = 'User-agent: *\nContent-Signal: search=yes, ai-train=yes # old\nAllow: /\n';
    const after = apply(text, 'block-ai-keep-search');
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
    expect(apply(text, 'block-training').split('\n').slice(0, 4)).toEqual([
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
