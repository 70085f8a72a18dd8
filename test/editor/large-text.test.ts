/**
 * Large texts in the editor without per-line work in one task (issue 10,
 * item 2): a large paste read in slices (src/editor/bigPaste.ts) and the
 * document's string kept from its changes (DocMirror, src/app/textSync.ts).
 * The oracles are a line splitter written here from CodeMirror's rule
 * (\n, \r\n and a lone \r end a line) and CodeMirror's own doc.toString().
 */
import { type ChangeSpec, EditorSelection, EditorState, type Text } from '@codemirror/state';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoalescedTextSync, DocMirror, type FrameScheduler } from '../../src/app/textSync';
import { followEdits, textInSlices } from '../../src/editor/bigPaste';

/** Lines as CodeMirror reads them, written out character by character. */
function linesOf(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\r' || c === '\n') {
      lines.push(line);
      line = '';
      if (c === '\r' && text[i + 1] === '\n') i++;
    } else line += c;
  }
  lines.push(line);
  return lines;
}

/** Tasks the test runs by hand, one at a time. */
function manualTasks() {
  const queue: (() => void)[] = [];
  return {
    next: (fn: () => void) => {
      queue.push(fn);
    },
    runOne: () => queue.shift()?.(),
    get size() {
      return queue.length;
    },
  };
}

const textArb = fc
  .array(fc.constantFrom('a', 'b', ' ', '\n', '\r', '\r\n', 'Disallow: /x\n'), { maxLength: 80 })
  .map((a) => a.join(''));

describe('a large paste is read in slices, one task each, into the same lines', () => {
  it('gives the lines CodeMirror would, for any text and slice size', () => {
    fc.assert(
      fc.property(textArb, fc.integer({ min: 1, max: 30 }), (text, size) => {
        const tasks = manualTasks();
        let result: Text | null = null;
        textInSlices(text, (doc) => (result = doc), tasks.next, size);
        expect(result).toBeNull();
        let steps = 0;
        while (tasks.size > 0) {
          tasks.runOne();
          steps++;
        }
        expect(result).not.toBeNull();
        expect(result!.toJSON()).toEqual(linesOf(text));
        // One slice per task (each slice ends at a line end at or past `size`), and the insertion in a task of its own.
        expect(steps).toBeLessThanOrEqual(Math.max(1, Math.ceil(text.length / size)) + 1);
      }),
    );
  });

  it('reads 1 MB in more than one task, and stops when told', () => {
    const text = 'Disallow: /p\n'.repeat(80_000);
    const tasks = manualTasks();
    let done = false;
    const stop = textInSlices(text, () => (done = true), tasks.next);
    tasks.runOne();
    tasks.runOne();
    expect(tasks.size).toBe(1);
    stop();
    while (tasks.size > 0) tasks.runOne();
    expect(done).toBe(false);
  });

  it('hands the document over in a task after the last slice, not in it', () => {
    const text = 'Disallow: /p\n'.repeat(1000);
    const tasks = manualTasks();
    let done = false;
    textInSlices(text, () => (done = true), tasks.next, text.length);
    tasks.runOne(); // the only slice
    expect(done).toBe(false);
    expect(tasks.size).toBe(1);
    tasks.runOne();
    expect(done).toBe(true);
  });

  it('does not hand the document over when stopped after the last slice', () => {
    const tasks = manualTasks();
    let done = false;
    const stop = textInSlices('a\nb\n', () => (done = true), tasks.next, 100);
    tasks.runOne();
    stop();
    while (tasks.size > 0) tasks.runOne();
    expect(done).toBe(false);
  });
});

describe('a paste still being read keeps its place, and never overwrites what is typed meanwhile', () => {
  const state = EditorState.create({ doc: 'User-agent: *\nDisallow: /a\n' }); // 27 characters
  const place = (sel: EditorSelection, changes: ChangeSpec) => {
    const r = followEdits(sel, state.changes(changes)).main;
    return [r.from, r.to];
  };

  it('a selection typed over goes to the start of what was typed: the typing stays after the paste', () => {
    expect(
      place(EditorSelection.create([EditorSelection.range(0, 27)]), { from: 0, to: 27, insert: '# typed' }),
    ).toEqual([0, 0]);
  });

  it('text typed at a cursor goes after the paste', () => {
    expect(place(EditorSelection.single(14), { from: 14, insert: 'Allow: /\n' })).toEqual([14, 14]);
  });

  it('edits before the selection move it; edits after it leave it whole', () => {
    const sel = EditorSelection.create([EditorSelection.range(14, 26)]);
    expect(place(sel, { from: 0, insert: '# top\n' })).toEqual([20, 32]);
    expect(place(sel, { from: 27, insert: 'Allow: /b\n' })).toEqual([14, 26]);
  });
});

/** A random edit of a document of `length` characters: replace a range with text, small or (rarely) large. */
const editArb = fc.record({
  from: fc.nat(),
  len: fc.nat({ max: 12 }),
  insert: fc.oneof(
    { weight: 5, arbitrary: textArb },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 40 }).map((n) => 'User-agent: *\n'.repeat(n)) },
  ),
  second: fc.boolean(),
  run: fc.nat({ max: 3 }),
});

function changesFor(doc: Text, e: { from: number; len: number; insert: string; second: boolean }): ChangeSpec[] {
  const from = e.from % (doc.length + 1);
  const to = Math.min(doc.length, from + e.len);
  const out: ChangeSpec[] = [{ from, to, insert: e.insert }];
  // Sometimes a second change in the same transaction (several cursors), before the first.
  if (e.second && from > 0) out.push({ from: 0, to: 0, insert: 'x\n' });
  return out;
}

describe('DocMirror: the document as a string, from its changes', () => {
  it('equals doc.toString() whenever it has a value, and after its slices are read', () => {
    fc.assert(
      fc.property(
        textArb,
        fc.array(editArb, { maxLength: 25 }),
        fc.integer({ min: 4, max: 64 }),
        (start, edits, size) => {
          let state = EditorState.create({ doc: start });
          const tasks = manualTasks();
          let readies = 0;
          const mirror = new DocMirror(state.doc, () => readies++, start, tasks.next, size);
          for (const e of edits) {
            const tr = state.update({ changes: changesFor(state.doc, e) });
            state = tr.state;
            mirror.update(tr.changes, state.doc);
            for (let i = 0; i < e.run; i++) tasks.runOne();
            const now = mirror.current();
            if (now !== null) expect(now).toBe(state.doc.toString());
          }
          const before = readies;
          const reading = mirror.current() === null;
          while (tasks.size > 0) tasks.runOne();
          expect(mirror.current()).toBe(state.doc.toString());
          // `ready` says when the string is whole again after it was not.
          if (reading) expect(readies).toBeGreaterThan(before);
          expect(mirror.now()).toBe(state.doc.toString());
        },
      ),
    );
  });

  it('reads a large insertion in slices, and `now` gives the text at once while it does', () => {
    let state = EditorState.create({ doc: 'User-agent: *\n' });
    const tasks = manualTasks();
    const mirror = new DocMirror(state.doc, () => {}, state.doc.toString(), tasks.next, 100);
    const tr = state.update({ changes: { from: state.doc.length, insert: 'Disallow: /p\n'.repeat(1000) } });
    state = tr.state;
    mirror.update(tr.changes, state.doc);
    expect(mirror.current()).toBeNull();
    expect(tasks.size).toBe(1);
    expect(mirror.now()).toBe(state.doc.toString());
    // The reading was given up: its remaining task does nothing.
    while (tasks.size > 0) tasks.runOne();
    expect(mirror.current()).toBe(state.doc.toString());
  });

  it('takes a text set from elsewhere as it is, unless the editor changed its line ends', () => {
    const tasks = manualTasks();
    const crlf = 'User-agent: *\r\nDisallow: /\r\n';
    const state = EditorState.create({ doc: crlf });
    const mirror = new DocMirror(state.doc, () => {}, crlf, tasks.next);
    expect(mirror.current()).toBe('User-agent: *\nDisallow: /\n');
    const lf = 'User-agent: *\nAllow: /\n';
    const next = EditorState.create({ doc: lf });
    mirror.reset(lf, next.doc);
    expect(mirror.current()).toBe(lf);
  });
});

describe('CoalescedTextSync waits for a text that is not ready, and loses nothing', () => {
  function frames() {
    const queued: (() => void)[] = [];
    const f: FrameScheduler = {
      request: (fn) => queued.push(fn),
      cancel: () => queued.splice(0),
    };
    const run = () => {
      for (const fn of queued.splice(0)) fn();
    };
    return { f, run };
  }

  it('writes nothing while the reader says null, then the text on resume', () => {
    const { f, run } = frames();
    let text: string | null = null;
    const written: string[] = [];
    const sync = new CoalescedTextSync(
      () => text,
      (t) => written.push(t),
      f,
    );
    sync.changed();
    run();
    expect(written).toEqual([]);
    text = 'Disallow: /a\n';
    sync.resume();
    run();
    expect(written).toEqual(['Disallow: /a\n']);
    // Nothing waits any more: resuming again writes nothing.
    sync.resume();
    run();
    expect(written).toHaveLength(1);
  });

  it('on flush, reads urgently a change whose frame found the text not ready', () => {
    const { f, run } = frames();
    const written: string[] = [];
    const sync = new CoalescedTextSync(
      (urgent) => (urgent ? 'typed\n' : null),
      (t) => written.push(t),
      f,
    );
    sync.changed();
    run();
    sync.flush();
    expect(written).toEqual(['typed\n']);
  });
});
