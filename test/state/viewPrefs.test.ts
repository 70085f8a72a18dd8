import { describe, expect, it } from 'vitest';
import { loadViewQuery, sanitizeViewQuery, saveViewQuery, VIEW_KEY } from '../../src/state/viewPrefs';

const DEFAULT = { verdict: 'all', crawler: -1, rule: null, normalisedOnly: false, search: '', sort: null };

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    m,
  };
}

describe('filters and sort kept across reloads', () => {
  it('comes back as saved', () => {
    const st = memoryStorage();
    const q = {
      verdict: 'blocked' as const,
      crawler: 2,
      rule: 16,
      normalisedOnly: true,
      search: 'shoe',
      sort: { key: 'verdict' as const, col: 1, desc: true },
    };
    saveViewQuery(st, q);
    expect(loadViewQuery(st)).toEqual(q);
  });

  it('keeps the "where readers disagree" filter too (docs/behaviour.md §14)', () => {
    const st = memoryStorage();
    saveViewQuery(st, { ...DEFAULT, verdict: 'disagree', crawler: 1 } as never);
    expect(loadViewQuery(st)).toEqual({ ...DEFAULT, verdict: 'disagree', crawler: 1 });
  });

  it('stores nothing for the default view', () => {
    const st = memoryStorage();
    saveViewQuery(st, { ...DEFAULT, search: 'x' } as never);
    saveViewQuery(st, DEFAULT as never);
    expect(st.m.has(VIEW_KEY)).toBe(false);
  });

  it('reads a damaged entry field by field', () => {
    expect(sanitizeViewQuery({ verdict: 'maybe', crawler: 1.5, rule: -3, search: 7, sort: { key: 'x' } })).toEqual(
      DEFAULT,
    );
    expect(sanitizeViewQuery({ verdict: 'unjudged', sort: { key: 'url', col: 0, desc: false } })).toEqual({
      ...DEFAULT,
      verdict: 'unjudged',
      sort: { key: 'url', col: 0, desc: false },
    });
    const st = memoryStorage();
    st.setItem(VIEW_KEY, '{not json');
    expect(loadViewQuery(st)).toEqual(DEFAULT);
  });
});
