import { describe, expect, it } from 'vitest';
import { loadViewQuery, saveViewQuery } from '../../src/state/viewPrefs';
import { memoryStorage } from '../fakes/storage';

/** The key, starting with the store's so that "Forget" removes it too. */
const VIEW_KEY = 'robots-lab-view';

const DEFAULT = { verdict: 'all', crawler: -1, rule: null, normalisedOnly: false, search: '', sort: null };

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
    const st = memoryStorage();
    const stored = (v: unknown) => {
      st.setItem(VIEW_KEY, JSON.stringify(v));
      return loadViewQuery(st);
    };
    expect(stored({ verdict: 'maybe', crawler: 1.5, rule: -3, search: 7, sort: { key: 'x' } })).toEqual(DEFAULT);
    expect(stored({ verdict: 'unjudged', sort: { key: 'url', col: 0, desc: false } })).toEqual({
      ...DEFAULT,
      verdict: 'unjudged',
      sort: { key: 'url', col: 0, desc: false },
    });
    st.setItem(VIEW_KEY, '{not json');
    expect(loadViewQuery(st)).toEqual(DEFAULT);
  });
});
