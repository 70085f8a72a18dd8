/** Small saved values (src/persist/local.ts): a browser that blocks or fills localStorage never breaks the page. */
import { describe, expect, it } from 'vitest';
import { readLocal, writeLocal } from '../../src/persist/local';

const refusing = {
  getItem(): string | null {
    throw new Error('SecurityError: access denied');
  },
  setItem(): void {
    const e = new Error('The quota has been exceeded.');
    e.name = 'QuotaExceededError';
    throw e;
  },
  removeItem(): void {
    throw new Error('SecurityError: access denied');
  },
};

describe('small values in localStorage', () => {
  it('are written, read back and removed', () => {
    const data = new Map<string, string>();
    const local = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
    expect(writeLocal('k', 'dark', local)).toBe(true);
    expect(readLocal('k', local)).toBe('dark');
    expect(writeLocal('k', null, local)).toBe(true);
    expect(readLocal('k', local)).toBeNull();
  });

  it('read as nothing and are not kept where the browser refuses, without a throw', () => {
    expect(readLocal('k', refusing)).toBeNull();
    expect(writeLocal('k', 'dark', refusing)).toBe(false);
    expect(writeLocal('k', null, refusing)).toBe(false);
  });

  it('read as nothing where there is no localStorage at all', () => {
    expect(readLocal('k', undefined)).toBeNull();
  });
});
