import { describe, expect, it } from 'vitest';
import { tabAfterKey } from '../../src/ui/tabKeys';

const TABS = [
  ['why', 'Why'],
  ['totals', 'Totals'],
  ['problems', 'Problems'],
] as const;

describe('the tab keys (ARIA tabs pattern)', () => {
  it('moves right and left, wrapping at the ends', () => {
    expect(tabAfterKey(TABS, 'ArrowRight', 'why')).toBe('totals');
    expect(tabAfterKey(TABS, 'ArrowRight', 'problems')).toBe('why');
    expect(tabAfterKey(TABS, 'ArrowLeft', 'why')).toBe('problems');
    expect(tabAfterKey(TABS, 'ArrowLeft', 'totals')).toBe('why');
  });

  it('jumps to the first and last tab with Home and End, and ignores other keys', () => {
    expect(tabAfterKey(TABS, 'Home', 'problems')).toBe('why');
    expect(tabAfterKey(TABS, 'End', 'why')).toBe('problems');
    expect(tabAfterKey(TABS, 'Enter', 'why')).toBeNull();
    expect(tabAfterKey(TABS, 'ArrowDown', 'why')).toBeNull();
  });
});
