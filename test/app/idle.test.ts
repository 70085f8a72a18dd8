/**
 * The idle scheduling of re-parses (docs/behaviour.md is not involved: this
 * is pacing). Fake timers drive the clock; every expected delay is worked
 * out by hand from the stated rule: 5 ms plus 1 ms per 400 characters, at
 * most 150 ms, and at least 60 ms while changes come less than 40 ms apart.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleDebounce, textDelay } from '../../src/app/pacing';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A debounce on the faked clock, counting its calls. */
function counted() {
  const calls: number[] = [];
  const idle = new IdleDebounce(() => calls.push(Date.now()), {
    now: () => Date.now(),
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  });
  return { idle, calls };
}

describe('the wait before a re-parse grows with the file', () => {
  it('is 5 ms for an empty or small file', () => {
    expect(textDelay('')).toBe(5);
    expect(textDelay('x'.repeat(399))).toBe(5);
    expect(textDelay('x'.repeat(400))).toBe(6);
  });

  it('passes a frame (16 ms) from about 4.4 KB on', () => {
    expect(textDelay('x'.repeat(4_399))).toBe(15);
    expect(textDelay('x'.repeat(4_800))).toBe(17);
  });

  it('reaches its 150 ms ceiling near 58 KB and stays there', () => {
    expect(textDelay('x'.repeat(57_999))).toBe(149);
    expect(textDelay('x'.repeat(58_000))).toBe(150);
    expect(textDelay('x'.repeat(2_000_000))).toBe(150);
  });
});

describe('a change is handed on once input goes idle', () => {
  it('a single change waits exactly its delay', () => {
    const { idle, calls } = counted();
    idle.poke(5);
    vi.advanceTimersByTime(4);
    expect(calls).toHaveLength(0);
    expect(idle.pending).toBe(true);
    vi.advanceTimersByTime(1);
    expect(calls).toHaveLength(1);
    expect(idle.pending).toBe(false);
  });

  it('changes a frame apart (a burst of inserted lines) cost one call after the first, 60 ms after the last', () => {
    const { idle, calls } = counted();
    const start = Date.now();
    idle.poke(5);
    for (let i = 1; i < 100; i++) {
      vi.advanceTimersByTime(16);
      idle.poke(5);
    }
    const last = Date.now();
    // The first change had no predecessor: it went after its 5 ms, before the burst showed.
    expect(calls).toEqual([start + 5]);
    vi.advanceTimersByTime(59);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([start + 5, last + 60]);
    expect(last - start).toBe(99 * 16);
  });

  it('a large file keeps its own longer delay during a burst', () => {
    const { idle, calls } = counted();
    idle.poke(150);
    vi.advanceTimersByTime(16);
    idle.poke(150);
    vi.advanceTimersByTime(149);
    expect(calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(calls).toHaveLength(1);
  });

  it('typing slower than the burst gap keeps the short delay: each keystroke is parsed', () => {
    const { idle, calls } = counted();
    for (let i = 0; i < 3; i++) {
      idle.poke(5);
      vi.advanceTimersByTime(100);
    }
    expect(calls).toHaveLength(3);
  });

  it('a cancelled wait never calls', () => {
    const { idle, calls } = counted();
    idle.poke(5);
    idle.cancel();
    vi.advanceTimersByTime(1000);
    expect(calls).toHaveLength(0);
    expect(idle.pending).toBe(false);
  });
});
