// AI-preference lines never change a Google verdict: Google's reference lists
// content-signal and content-usage among the keys it knows and does not act
// on, and License is a key it does not know (docs/behaviour.md §10, §15).
// The oracle is the reference's own verdicts in the conformance vectors:
// each file, with preference lines inserted after every line (between
// user-agent lines too), must still give the reference's answer.
import { describe, expect, it } from 'vitest';
import { evaluate, parseRobotsTxt } from '../../src/core';
import { googleVectors, seedExamples } from '../conformance/load';

const INSERTS = [
  'Content-Signal: search=yes, ai-train=no',
  'Content-Usage: / train-ai=n',
  'content-usage: /private/ train-ai=y, search=n',
  'License: https://example.com/license.xml',
  'Content-Signals: ai-input=no',
  'CONTENT-SIGNAL: Search=Yes,,',
];

/** The file with one preference line after each of its lines (line endings kept). */
function withPreferences(text: string, k: number): string {
  const parts = text.split(/(\r\n|\r|\n)/);
  let out = '';
  for (let i = 0; i < parts.length; i += 2) {
    const eol = parts[i + 1] ?? '';
    out += parts[i] + (eol || '\n') + INSERTS[(i / 2 + k) % INSERTS.length] + (eol || '\n');
  }
  return out;
}

describe('preference lines leave every Google verdict as the reference gives it (docs/behaviour.md §15)', () => {
  const vectors = googleVectors();

  it('google/robotstxt test vectors', () => {
    expect(vectors.length).toBeGreaterThan(100);
    for (const v of vectors) {
      for (const k of [0, 3]) {
        const text = withPreferences(v.robotstxt, k);
        expect(evaluate(parseRobotsTxt(text), v.url, v.useragent).allowed, `${v.test}:${v.line} (+${k})`).toBe(
          v.allowed,
        );
      }
    }
  });

  it('seed examples', () => {
    for (const v of seedExamples()) {
      const text = withPreferences(v.robotstxt, 1);
      expect(evaluate(parseRobotsTxt(text), v.url, v.useragent).allowed, v.source).toBe(v.allowed);
    }
  });
});
