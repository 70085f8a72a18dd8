/**
 * docs/behaviour.md §12 The URL: the tester puts a typed URL into the form a
 * crawler requests and names every change it made. Expectations by hand.
 */
import { describe, expect, it } from 'vitest';
import { toRequestUrl } from '../../src/core';

describe('toRequestUrl names what it changed', () => {
  it('a default port is dropped, and says so', () => {
    const r = toRequestUrl('https://example.com:443/a');
    expect(r.url).toBe('https://example.com/a');
    expect(r.changes).toEqual(['default port :443 removed']);
  });

  it('http :80 likewise', () => {
    expect(toRequestUrl('http://example.com:80/').changes).toEqual(['default port :80 removed']);
  });

  it('a port that is not the default stays, and nothing is said', () => {
    const r = toRequestUrl('https://example.com:8443/a');
    expect(r.url).toBe('https://example.com:8443/a');
    expect(r.changed).toBe(false);
    expect(r.changes).toEqual([]);
  });

  it('an empty port is dropped', () => {
    expect(toRequestUrl('https://example.com:/a').changes).toEqual(['empty port removed']);
  });

  it('a changed URL never comes without a reason', () => {
    for (const input of [
      'HTTPS://example.com/a',
      'https://example.com:443',
      'https://example.com/a/../b',
      'https://EXAMPLE.com:443/x',
    ]) {
      const r = toRequestUrl(input);
      expect(r.changed, input).toBe(true);
      expect(r.changes.length, input).toBeGreaterThan(0);
    }
  });
});
