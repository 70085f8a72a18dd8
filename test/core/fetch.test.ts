/**
 * docs/behaviour.md §2: what the robots.txt fetch result means. Expected
 * modes are written by hand from RFC 9309 §2.3.1 and Google's robots.txt
 * page ("Handling of errors and HTTP status codes").
 */
import { describe, expect, it } from 'vitest';
import { fetchOutcome } from '../../src/core';

describe('docs/behaviour.md §2: the fetch result', () => {
  const cases: [number, 'rules' | 'allow-all' | 'disallow-all'][] = [
    [200, 'rules'],
    [204, 'rules'],
    [301, 'allow-all'],
    [400, 'allow-all'],
    [401, 'allow-all'],
    [403, 'allow-all'],
    [404, 'allow-all'],
    [410, 'allow-all'],
    [428, 'allow-all'],
    [429, 'disallow-all'],
    [430, 'allow-all'],
    [500, 'disallow-all'],
    [503, 'disallow-all'],
    [0, 'disallow-all'],
  ];
  for (const [status, mode] of cases) {
    it(`HTTP ${status} → ${mode}`, () => {
      expect(fetchOutcome(status).mode).toBe(mode);
    });
  }

  it('says why a 429 blocks everything', () => {
    expect(fetchOutcome(429).reason).toMatch(/^HTTP 429: .*server error/);
  });
});
