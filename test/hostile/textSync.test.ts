import { describe, expect, it } from 'vitest';
import { CoalescedTextSync, type FrameScheduler } from '../../src/app/textSync';

/** Frames the test runs by hand. */
function manualFrames() {
  const queued = new Map<number, () => void>();
  let next = 1;
  const frames: FrameScheduler = {
    request: (fn) => {
      queued.set(next, fn);
      return next++;
    },
    cancel: (h) => {
      queued.delete(h as number);
    },
  };
  const runFrame = () => {
    const fns = [...queued.values()];
    queued.clear();
    for (const fn of fns) fn();
  };
  return { frames, runFrame, queued };
}

describe('CoalescedTextSync: one copy of the text per frame, nothing lost', () => {
  it('many changes within a frame read and write the text once, the last one', () => {
    const { frames, runFrame } = manualFrames();
    let doc = '';
    let reads = 0;
    const written: string[] = [];
    const sync = new CoalescedTextSync(
      () => {
        reads++;
        return doc;
      },
      (t) => written.push(t),
      frames,
    );
    for (let i = 0; i < 2000; i++) {
      doc += `Allow: /${i}\n`;
      sync.changed();
    }
    expect(reads).toBe(0);
    runFrame();
    expect(reads).toBe(1);
    expect(written).toEqual([doc]);
    expect(sync.pending).toBe(false);
  });

  it('flush writes a pending change at once and leaves no frame behind', () => {
    const { frames, runFrame, queued } = manualFrames();
    const written: string[] = [];
    const sync = new CoalescedTextSync(
      () => 'typed last',
      (t) => written.push(t),
      frames,
    );
    sync.changed();
    sync.flush();
    expect(written).toEqual(['typed last']);
    expect(queued.size).toBe(0);
    runFrame();
    sync.flush();
    expect(written).toEqual(['typed last']);
  });

  it('cancel drops the pending change (text replaced from elsewhere wins)', () => {
    const { frames, runFrame } = manualFrames();
    const written: string[] = [];
    const sync = new CoalescedTextSync(
      () => 'stale',
      (t) => written.push(t),
      frames,
    );
    sync.changed();
    sync.cancel();
    runFrame();
    expect(written).toEqual([]);
  });
});
