/**
 * CodeMirror's background parse yields within a frame's time
 * (src/editor/parseSlices.ts): its parse worker stops when
 * `navigator.scheduling.isInputPending()` says so, and the wrapped parser
 * makes that answer yes once the current task has parsed for 20 ms. Time
 * is the test's own clock; the task's end is the microtask checkpoint.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { parser } from '../../src/editor/robots.grammar';

const clock = { now: 0 };
vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
let inputPending = false;
vi.stubGlobal('navigator', { scheduling: { isInputPending: () => inputPending } });
const { slicedParser } = await import('../../src/editor/parseSlices');
const pending = () =>
  (navigator as unknown as { scheduling: { isInputPending(): boolean } }).scheduling.isInputPending();

afterAll(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TEXT = 'User-agent: *\nDisallow: /a\n\n'.repeat(200);

describe('the background parse yields after 20 ms of a task', () => {
  it('says "input pending" once a task has parsed past 20 ms, and not in the next task', async () => {
    const parse = slicedParser(parser).startParse(TEXT);
    clock.now = 1000;
    parse.advance();
    clock.now = 1019;
    expect(pending()).toBe(false);
    clock.now = 1021;
    expect(pending()).toBe(true);
    // A new task: its slice starts when it first parses.
    await Promise.resolve();
    clock.now = 1030;
    expect(pending()).toBe(false);
    parse.advance();
    clock.now = 1045;
    expect(pending()).toBe(false);
    clock.now = 1051;
    expect(pending()).toBe(true);
  });

  it('still says so when input is really pending', async () => {
    await Promise.resolve();
    inputPending = true;
    expect(pending()).toBe(true);
    inputPending = false;
  });

  it('builds the same tree as the grammar alone', () => {
    const wrapped = slicedParser(parser).parse(TEXT);
    expect(wrapped.toString()).toBe(parser.parse(TEXT).toString());
  });
});
