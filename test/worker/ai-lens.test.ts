import { describe, expect, it } from 'vitest';
import type { AiLensResult } from '../../src/model/wire';
import { RobotsApi } from '../../src/worker/api';
import { syncHost } from '../fakes/handler';

// The AI lens (src/worker/aiLens.ts): expected values written by
// hand from docs/behaviour.md §5 and §15.

function lens(text: string, ask = 1): AiLensResult {
  const api = new RobotsApi(syncHost());
  api.setText({ version: 1, text });
  return api.aiLens({ version: ask });
}

describe("the worker's AI lens", () => {
  // The * group needs a rule of its own: without one, its user-agent line and GPTBot's would make one group (§4).
  const text = 'User-agent: *\nAllow: /\nContent-Signal: ai-train=no\n\nUser-agent: GPTBot\nDisallow: /\n';

  it('answers with the matrix: OpenAI blocked at line 6, Cohere told no at line 3', () => {
    const result = lens(text);
    const train = result!.matrix.filter((c) => c.purpose === 'ai-train');
    const openai = train.find((c) => c.operator === 'OpenAI')!;
    expect([openai.state, openai.crawlers.map((c) => [c.name, c.line])]).toEqual(['blocked', [['GPTBot', 6]]]);
    const cohere = train.find((c) => c.operator === 'Cohere')!;
    expect([cohere.state, cohere.crawlers.map((c) => c.line)]).toEqual(['disallowed', [3]]);
  });

  it("answers with each intent's edits and their diff, which the page shows before applying", () => {
    const result = lens(text);
    expect(result!.suggestions.map((s) => s.intent)).toEqual(['block-training', 'block-ai-keep-search']);
    const block = result!.suggestions[0];
    // GPTBot's own group already blocks everything: no edit there.
    expect(block.edited).toEqual([]);
    // The * group's Content-Signal (line 3) is rewritten to the intent's words.
    expect(block.hunks[0]).toEqual({
      line: 3,
      lines: [
        { kind: 'removed', text: 'Content-Signal: ai-train=no' },
        { kind: 'added', text: 'Content-Signal: search=yes, ai-input=yes, ai-train=no' },
        { kind: 'added', text: 'Content-Usage: / train-ai=n, ai-use=y, search=y' },
      ],
    });
  });

  it('fails, and computes nothing, for a version it does not hold', () => {
    expect(() => lens(text, 7)).toThrow('No parsed text for version 7.');
  });
});
