import { describe, expect, it } from 'vitest';
import { formatUtc } from '../../src/ui/format';

describe('how the page writes an instant', () => {
  it('writes the minute in UTC, whatever zone the text was in', () => {
    expect(formatUtc(Date.UTC(2026, 8, 10, 6, 0, 59))).toBe('2026-09-10 06:00 UTC');
    expect(formatUtc('2026-11-27T09:30:00.000Z')).toBe('2026-11-27 09:30 UTC');
    expect(formatUtc('2026-11-27T09:30:00+02:00')).toBe('2026-11-27 07:30 UTC');
  });

  it('leaves text that is no date as it is, rather than failing', () => {
    expect(formatUtc('yesterday-ish')).toBe('yesterday-ish');
  });
});
