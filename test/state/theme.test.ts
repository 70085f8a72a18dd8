import { describe, expect, it } from 'vitest';
import { loadThemeChoice, resolveTheme, saveThemeChoice } from '../../src/state/theme';
import { memoryStorage } from '../fakes/storage';

/** The key, starting with the store's so that "Forget" removes it too. */
const THEME_KEY = 'robots-lab-theme';

describe('the colour theme choice', () => {
  it('follows the system until the user chooses', () => {
    const s = memoryStorage();
    expect(loadThemeChoice(s)).toBe('system');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });

  it('an explicit choice wins over the system and is kept', () => {
    const s = memoryStorage();
    saveThemeChoice(s, 'dark');
    expect(s.m.get(THEME_KEY)).toBe('dark');
    expect(loadThemeChoice(s)).toBe('dark');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('going back to the system stores nothing', () => {
    const s = memoryStorage();
    saveThemeChoice(s, 'light');
    saveThemeChoice(s, 'system');
    expect(s.m.has(THEME_KEY)).toBe(false);
  });

  it('a damaged entry or a refusing storage reads as the system', () => {
    const s = memoryStorage();
    s.m.set(THEME_KEY, '{"dark":true}');
    expect(loadThemeChoice(s)).toBe('system');
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(loadThemeChoice(refusing)).toBe('system');
    expect(() => saveThemeChoice(refusing, 'dark')).not.toThrow();
  });
});
