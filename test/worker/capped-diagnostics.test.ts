// The linter's diagnostics reach the page capped per code: 200 of a kind, then
// one line that counts the rest. Expected counts are worked out by hand.
import { describe, expect, it } from 'vitest';
import { RobotsApi } from '../../src/worker/api';
import { syncHost } from '../fakes/handler';

function parse(text: string) {
  return new RobotsApi(syncHost()).setText({ version: 1, text }).diagnostics;
}

describe('diagnostics of one kind are capped with a summary line', () => {
  it('5,000 rules before any user-agent give 200 warnings and "… and 4,800 more like this"', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `Disallow: /stray-${i}`);
    const stray = parse(`${lines.join('\n')}\nUser-agent: *\nDisallow: /x\n`).filter(
      (d) => d.code === 'rule-outside-group',
    );
    expect(stray).toHaveLength(201);
    expect(stray.slice(0, 200).map((d) => d.line)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    const summary = stray[200];
    expect(summary.line).toBe(201);
    expect(summary.message).toBe('… and 4,800 more like this (from line 201 on).');
  });

  it('200 of a kind are all shown, with no summary line', () => {
    const lines = Array.from({ length: 200 }, (_, i) => `Disallow: /stray-${i}`);
    const stray = parse(`${lines.join('\n')}\n`).filter((d) => d.code === 'rule-outside-group');
    expect(stray).toHaveLength(200);
    expect(stray.some((d) => d.message.startsWith('…'))).toBe(false);
  });
});
