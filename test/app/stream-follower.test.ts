/**
 * The page's one stream consumer (src/app/pacing.ts) on hand-made streams:
 * which pieces reach the fold, when the screen is shown, how a stream is
 * replaced, cancelled or failed, and which answer to a question is kept.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StreamFollower } from '../../src/app/pacing';

/** A stream the test drives: its pieces, its answer or its failure. */
interface Driven {
  id: number;
  piece(p: string): void;
  end(e: string): void;
  fail(e: Error): void;
  signal: AbortSignal;
}

function setup(showAtOnce: (p: string) => boolean = () => false) {
  const events: string[] = [];
  const follower = new StreamFollower<string, string>({
    piece: (p) => {
      events.push(`piece ${p}`);
      return showAtOnce(p);
    },
    show: () => events.push('show'),
    end: (e) => events.push(`end ${e}`),
    failed: (m) => events.push(`failed ${m}`),
  });
  const streams: Driven[] = [];
  const start = () => {
    let end: (e: string) => void = () => {};
    let fail: (e: Error) => void = () => {};
    follower.start((id, onPiece, signal) => {
      const answer = new Promise<string>((resolve, reject) => {
        end = resolve;
        fail = reject;
      });
      streams.push({ id, piece: onPiece, end: (e) => end(e), fail: (e) => fail(e), signal });
      return answer;
    });
    return streams.at(-1)!;
  };
  return { follower, events, start };
}

beforeEach(() => {
  vi.useFakeTimers();
  // Node has no animation frames: a show waits for its turn only.
  vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) => fn(0));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a stream followed on the page', () => {
  it('folds each piece in, shows at most every 150 ms, and shows once more at the end', async () => {
    const { events, start } = setup();
    const s = start();
    s.piece('a');
    s.piece('b');
    expect(events).toEqual(['piece a', 'piece b']);
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['piece a', 'piece b', 'show']);
    s.piece('c');
    await vi.advanceTimersByTimeAsync(140);
    expect(events.at(-1)).toBe('piece c');
    await vi.advanceTimersByTimeAsync(10);
    expect(events.at(-1)).toBe('show');
    s.end('done');
    await vi.advanceTimersByTimeAsync(0);
    expect(events.slice(-2)).toEqual(['end done', 'show']);
  });

  it('shows a piece at once when the fold asks for it', () => {
    const { events, start } = setup((p) => p === 'first rows');
    start().piece('first rows');
    expect(events).toEqual(['piece first rows', 'show']);
  });

  it('a new stream cancels the one going on, whose late pieces and end are dropped', async () => {
    const { events, start } = setup();
    const a = start();
    const b = start();
    expect([a.id, b.id]).toEqual([1, 2]);
    expect(a.signal.aborted).toBe(true);
    expect(b.signal.aborted).toBe(false);
    a.piece('old');
    a.end('old end');
    b.piece('new');
    b.end('new end');
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['piece new', 'end new end', 'show']);
  });

  it("reports the worker's failure, but not a cancellation", async () => {
    const { follower, events, start } = setup();
    start().fail(new Error('bad run'));
    await vi.advanceTimersByTimeAsync(0);
    const cancelled = start();
    follower.cancel();
    cancelled.fail(new DOMException('cancelled', 'AbortError'));
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['failed bad run']);
  });

  it('fail ends the stream going on once, with the message; with none going on it does nothing', async () => {
    const { follower, events, start } = setup();
    const s = start();
    follower.fail('The worker crashed and was restarted.');
    expect(s.signal.aborted).toBe(true);
    s.piece('late');
    s.fail(new Error('the worker restarted'));
    await vi.advanceTimersByTimeAsync(0);
    follower.fail('again');
    expect(events).toEqual(['failed The worker crashed and was restarted.']);
  });

  it('keeps only the answer to the latest question asked', async () => {
    const { follower } = setup();
    let answerOld: (v: string) => void = () => {};
    const old = follower.ask(
      new Promise<string>((r) => {
        answerOld = r;
      }),
    );
    const latest = follower.ask(Promise.resolve('new'));
    answerOld('old');
    await expect(old).resolves.toBeNull();
    await expect(latest).resolves.toBe('new');
  });
});
