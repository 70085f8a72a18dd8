/**
 * The editor gets the diagnostics around its viewport, not all of them
 * (src/editor/lint.ts): a file of thousands of stray rules has a warning per
 * line, and handing CodeMirror every one cost seconds per parse. Positions
 * here are worked out from the text in the test.
 */
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import type { RobotsDiagnostic } from '../../src/core/lint';
import { diagnosticsAround } from '../../src/editor/lint';
import { diagnosticTable } from '../../src/worker/diagnosticTable';

/** `n` lines `Disallow: /p<i>`, each with a warning over the whole line; and where each line starts. */
function strayRules(n: number) {
  const starts: number[] = [];
  let text = '';
  for (let i = 0; i < n; i++) {
    starts.push(text.length);
    text += `Disallow: /p${i}\n`;
  }
  const diags: RobotsDiagnostic[] = starts.map((from, i) => ({
    from,
    to: from + `Disallow: /p${i}`.length,
    line: i + 1,
    severity: 'warning',
    code: 'rule-outside-group',
    message: `line ${i + 1}`,
    fixes: [{ label: 'comment out', from, to: from, insert: '# ' }],
  }));
  return { text, starts, diags };
}

describe('diagnostics around the viewport', () => {
  it('a few hundred are all handed over, and never again', () => {
    const { text, diags } = strayRules(500);
    const { shown, window } = diagnosticsAround(diagnosticTable(diags), null, 0, text.length);
    expect(shown).toHaveLength(500);
    expect(window.whole).toBe(true);
  });

  it('of thousands, those around the viewport: its own lines and some before and after', () => {
    const { text, starts, diags } = strayRules(20_000);
    const { shown, window } = diagnosticsAround(diagnosticTable(diags), null, starts[10_000], text.length);
    expect(window.whole).toBe(false);
    expect(shown.length).toBeLessThanOrEqual(900);
    const lines = shown.map((d) => d.line);
    // The viewport's first line and the next hundred lines (a screen or more), and lines above it.
    for (const l of [10_001, 10_100, 9_900]) expect(lines).toContain(l);
    expect(lines).not.toContain(1);
    expect(lines).not.toContain(20_000);
    expect(window.coverFrom).toBeLessThanOrEqual(starts[10_000]);
    expect(window.coverTo).toBeGreaterThan(starts[10_100]);
  });

  it('at the top of the file, from its first line', () => {
    const { text, diags } = strayRules(20_000);
    const { shown, window } = diagnosticsAround(diagnosticTable(diags), null, 0, text.length);
    expect(shown[0].line).toBe(1);
    expect(window.coverFrom).toBe(0);
  });

  it('edits made since the parse move them (and their fixes); a deleted line loses its warning', () => {
    const { text, starts, diags } = strayRules(20_000);
    const state = EditorState.create({ doc: text });
    const top = '# top\n';
    // One line added at the top, and line 10,002 deleted whole.
    const changes = state.changes([
      { from: 0, insert: top },
      { from: starts[10_001], to: starts[10_002] },
    ]);
    const viewFrom = starts[10_000] + top.length;
    const { shown } = diagnosticsAround(diagnosticTable(diags), changes.desc, viewFrom, changes.newLength);
    const byLine = new Map(shown.map((d) => [d.line, d]));
    expect(byLine.get(10_001)?.from).toBe(starts[10_000] + top.length);
    expect(byLine.get(10_001)?.fixes?.[0].from).toBe(starts[10_000] + top.length);
    expect(byLine.has(10_002)).toBe(false);
    // Past the deletion, lines come back by the deleted line's length.
    const gone = starts[10_002] - starts[10_001];
    expect(byLine.get(10_003)?.from).toBe(starts[10_002] + top.length - gone);
  });
});
