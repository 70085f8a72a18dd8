/**
 * The idle scheduling of re-parses (docs/behaviour.md is not involved: this
 * is pacing). Fake timers drive the clock; every expected delay is worked
 * out by hand from the stated rules: alone, 5 ms plus 1 ms per 50,000
 * characters; in a burst (changes less than 40 ms apart), 5 ms plus 1 ms per
 * 400 characters, at least 60 ms; both at most 150 ms.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleDebounce, textWait } from '../../src/app/pacing';

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
  it('is 5 ms alone and 60 ms in a burst for an empty or small file', () => {
    expect(textWait('')).toEqual({ alone: 5, burst: 60 });
    expect(textWait('x'.repeat(399))).toEqual({ alone: 5, burst: 60 });
  });

  it('alone, stays short for a large file: 15 ms at 500,000 characters (a keystroke in the bench file)', () => {
    expect(textWait('x'.repeat(49_999)).alone).toBe(5);
    expect(textWait('x'.repeat(50_000)).alone).toBe(6);
    expect(textWait('x'.repeat(500_000)).alone).toBe(15);
  });

  it('alone, reaches its 150 ms ceiling near 7.3 MB and stays there', () => {
    expect(textWait('x'.repeat(7_249_999)).alone).toBe(149);
    expect(textWait('x'.repeat(7_250_000)).alone).toBe(150);
    expect(textWait('x'.repeat(10_000_000)).alone).toBe(150);
  });

  it('in a burst, passes 60 ms from about 22 KB and reaches 150 ms near 58 KB', () => {
    expect(textWait('x'.repeat(22_399)).burst).toBe(60);
    expect(textWait('x'.repeat(22_400)).burst).toBe(61);
    expect(textWait('x'.repeat(57_999)).burst).toBe(149);
    expect(textWait('x'.repeat(58_000)).burst).toBe(150);
    expect(textWait('x'.repeat(2_000_000)).burst).toBe(150);
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

  it('a keystroke alone waits its short wait; a burst after it waits the burst wait after its last change', () => {
    const { idle, calls } = counted();
    const wait = { alone: 15, burst: 150 };
    const start = Date.now();
    idle.poke(wait);
    vi.advanceTimersByTime(15);
    expect(calls).toEqual([start + 15]);
    vi.advanceTimersByTime(100);
    // Three changes a frame apart: the first is alone (115 ms after the last)
    // and goes after 15 ms, before the second shows the burst; the next two are one.
    const trio = Date.now();
    for (let i = 0; i < 3; i++) {
      if (i > 0) vi.advanceTimersByTime(16);
      idle.poke(wait);
    }
    const last = Date.now();
    expect(calls).toEqual([start + 15, trio + 15]);
    vi.advanceTimersByTime(149);
    expect(calls).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([start + 15, trio + 15, last + 150]);
  });

  it('a burst never waits under 60 ms, even when its own wait is shorter', () => {
    const { idle, calls } = counted();
    const wait = { alone: 5, burst: 20 };
    idle.poke(wait);
    vi.advanceTimersByTime(10);
    idle.poke(wait);
    const last = Date.now();
    vi.advanceTimersByTime(59);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(calls.at(-1)).toBe(last + 60);
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
