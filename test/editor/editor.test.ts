// Editor logic on EditorState, without a DOM (STYLE: CodeMirror language packages).
// Vitest runs in node, so where the editor's own functions take an EditorView,
// `viewOf` stands in with the part of it they use (state, dispatch, focus).

import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { toggleComment } from '@codemirror/commands';
import { ensureSyntaxTree, foldable, highlightingFor, syntaxTree } from '@codemirror/language';
import { type Diagnostic, forEachDiagnostic } from '@codemirror/lint';
import { EditorState, type Extension, type Transaction, type TransactionSpec } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { highlightTree, type Tag } from '@lezer/highlight';
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/core';
import { lintRobots } from '../../src/core/lint';
import { CRAWLER_PROFILES } from '../../src/core/profiles';
import { robotsCompletion } from '../../src/editor/completion';
import { resultDecorations, setDecidingLines, showResultHighlight } from '../../src/editor/decorations';
import { robotsHighlighting } from '../../src/editor/highlight';
import { robots } from '../../src/editor/language';
import { pushDiagnostics } from '../../src/editor/lint';

function stateOf(doc: string, cursor = doc.length, extensions: Extension = resultDecorations()): EditorState {
  const state = EditorState.create({ doc, selection: { anchor: cursor }, extensions: [robots(), extensions] });
  // Finish the parse, then let an (empty) transaction publish the full tree to syntaxTree().
  ensureSyntaxTree(state, state.doc.length, 5000);
  const parsed = state.update({}).state;
  expect(syntaxTree(parsed).length).toBe(doc.length);
  return parsed;
}

function complete(doc: string, explicit = false): CompletionResult | null {
  const state = stateOf(doc);
  return robotsCompletion(new CompletionContext(state, doc.length, explicit)) as CompletionResult | null;
}

/** An editor over `state` as the editor's functions see it: its state, dispatch, and focus (so nothing scrolls). */
function viewOf(state: EditorState): EditorView {
  let current = state;
  const view = {
    get state() {
      return current;
    },
    dispatch(...specs: TransactionSpec[]) {
      current = current.update(...specs).state;
    },
    hasFocus: true,
  };
  return view as unknown as EditorView;
}

/** [line, class] of each Robots Lab line decoration the state hands to the view. */
function lineDecorations(state: EditorState): [number, string][] {
  const out: [number, string][] = [];
  for (const source of state.facet(EditorView.decorations)) {
    if (typeof source === 'function') continue;
    source.between(0, state.doc.length, (from, _to, deco) => {
      const cls = String(deco.spec.class);
      if (cls.startsWith('cm-rl-')) out.push([state.doc.lineAt(from).number, cls]);
    });
  }
  return out;
}

/** Presses Alt-Enter with the cursor at the start of `line`; whether the editor took the key. */
function altEnterOn(view: EditorView, line: number): boolean {
  view.dispatch({ selection: { anchor: view.state.doc.line(line).from } });
  const binding = view.state
    .facet(keymap)
    .flat()
    .find((b) => b.key === 'Alt-Enter');
  if (!binding?.run) throw new Error('no Alt-Enter binding');
  return binding.run(view);
}

describe('completion', () => {
  it('completes keys at the start of a line, the four Google acts on first', () => {
    const result = complete('Dis');
    expect(result?.from).toBe(0);
    const labels = result!.options.map((o) => o.label);
    expect(labels.slice(0, 4)).toEqual(['User-agent', 'Disallow', 'Allow', 'Sitemap']);
    expect(result!.options.find((o) => o.label === 'Disallow')?.apply).toBe('Disallow: ');
  });

  it('marks the keys Google ignores (docs/behaviour.md §10)', () => {
    const options = complete('Cr')!.options;
    for (const label of ['Crawl-delay', 'Noindex', 'Host', 'Clean-param', 'Content-signal', 'Content-usage'])
      expect(options.find((o) => o.label === label)?.detail).toBe('Google ignores this');
  });

  it('offers no key completion on an empty line unless asked', () => {
    expect(complete('user-agent: *\n')).toBeNull();
    expect(complete('user-agent: *\n', true)?.options.length).toBeGreaterThan(4);
  });

  it('completes crawler product tokens after user-agent:, with * first (docs/behaviour.md §5)', () => {
    const result = complete('User-agent: Goo');
    expect(result?.from).toBe('User-agent: '.length);
    const labels = result!.options.map((o) => o.label);
    expect(labels[0]).toBe('*');
    for (const p of CRAWLER_PROFILES)
      for (const t of p.tokens) expect(labels.map((l) => l.toLowerCase())).toContain(t.toLowerCase());
    expect(new Set(labels.map((l) => l.toLowerCase())).size).toBe(labels.length);
    const googlebot = result!.options.find((o) => o.label === 'Googlebot');
    expect(googlebot?.detail).toBe('Google');
  });

  it('completes tokens after a typo key Google accepts and after a missing colon', () => {
    expect(complete('useragent: ')?.options[0].label).toBe('*');
    expect(complete('user-agent ')?.options[0].label).toBe('*');
  });

  it('offers / after allow: and disallow:', () => {
    expect(complete('user-agent: *\ndisallow: ')?.options[0].label).toBe('/');
    expect(complete('user-agent: *\nAllow:')?.options[0].label).toBe('/');
    expect(complete('user-agent: *\ndisallow: /x')).toBeNull();
  });

  it('offers nothing inside a comment', () => {
    expect(complete('# Dis')).toBeNull();
  });
});

describe('folding', () => {
  const doc = [
    '# intro',
    'User-agent: a',
    'User-agent: b',
    'Disallow: /x',
    '',
    '# next',
    'User-agent: c',
    'Allow: /',
  ].join('\n');

  it('folds each group from its first line to its last keyed line, leaving trailing comments visible (docs/behaviour.md §4)', () => {
    const state = stateOf(doc);
    const line = (n: number) => state.doc.line(n);
    expect(foldable(state, line(2).from, line(2).to)).toEqual({ from: line(2).to, to: line(4).to });
    expect(foldable(state, line(7).from, line(7).to)).toEqual({ from: line(7).to, to: line(8).to });
    expect(foldable(state, line(1).from, line(1).to)).toBeNull();
  });

  it('does not fold a group of one line', () => {
    const state = stateOf('User-agent: a\n');
    expect(foldable(state, 0, state.doc.line(1).to)).toBeNull();
  });
});

describe('highlighting', () => {
  function classesAt(doc: string, text: string): string {
    const state = stateOf(doc, doc.length, robotsHighlighting);
    // The classes the editor's own highlighters give these tags, as its view would draw them.
    const editorHighlighter = { style: (tags: readonly Tag[]) => highlightingFor(state, tags) };
    const pos = doc.indexOf(text);
    let cls = '';
    highlightTree(syntaxTree(state), editorHighlighter, (from, to, c) => {
      if (from <= pos && pos < to) cls = c;
    });
    return cls;
  }
  it('styles *, $, paths, typos, unknown keys and sitemap URLs distinctly', () => {
    const doc = 'useragent: *\ndisallow: /a*b$\nunicorn: 1\nsitemap: https://e.com/s.xml\ncrawl-delay: 3';
    const star = classesAt(doc, '*\n');
    const wildcard = classesAt(doc, '*b');
    const anchor = classesAt(doc, '$');
    const path = classesAt(doc, '/a');
    const typo = classesAt(doc, 'useragent');
    const unknown = classesAt(doc, 'unicorn');
    const url = classesAt(doc, 'https');
    const ignored = classesAt(doc, 'crawl-delay');
    const disallow = classesAt(doc, 'disallow');
    for (const c of [star, wildcard, anchor, path, typo, unknown, url, ignored, disallow]) expect(c).not.toBe('');
    // `*` is the same mark in a user-agent value and in a pattern (where it also carries the path style).
    expect(wildcard.split(' ')).toContain(star);
    expect(new Set([wildcard, anchor, path, typo, unknown, url, ignored, disallow]).size).toBe(8);
  });
});

describe('toggle comment (Mod-/)', () => {
  it('comments and uncomments a line with #', () => {
    let state = stateOf('Disallow: /x', 0);
    const run = () =>
      toggleComment({
        state,
        dispatch: (tr: Transaction) => {
          state = tr.state;
        },
      });
    expect(run()).toBe(true);
    expect(state.doc.toString()).toBe('# Disallow: /x');
    run();
    expect(state.doc.toString()).toBe('Disallow: /x');
  });
});

describe('result decorations', () => {
  const doc = 'User-agent: a\nDisallow: /x\nAllow: /x/y\n\nUser-agent: *\nDisallow: /';

  it('marks the obeyed group lines with cm-rl-group and the winning rule with cm-rl-rule', () => {
    const view = viewOf(stateOf(doc));
    showResultHighlight(view, { groupLines: [1, 2, 3], ruleLine: 3 });
    expect(lineDecorations(view.state)).toEqual([
      [1, 'cm-rl-group'],
      [2, 'cm-rl-group'],
      [3, 'cm-rl-rule'],
    ]);
    showResultHighlight(view, null);
    expect(lineDecorations(view.state)).toEqual([]);
  });

  it('keeps the highlight on the same lines while the user edits above them', () => {
    const view = viewOf(stateOf(doc));
    showResultHighlight(view, { groupLines: [5, 6], ruleLine: 6 });
    view.dispatch({ changes: { from: 0, insert: '# new\n' } });
    expect(lineDecorations(view.state)).toEqual([
      [6, 'cm-rl-group'],
      [7, 'cm-rl-rule'],
    ]);
  });

  it('ignores lines outside the document', () => {
    const view = viewOf(stateOf(doc));
    showResultHighlight(view, { groupLines: [0, 99], ruleLine: 42 });
    expect(lineDecorations(view.state)).toEqual([]);
  });

  it('opens a marked line or the highlighted rule line with Alt-Enter, and lets the key through elsewhere', () => {
    const opened: number[] = [];
    const view = viewOf(
      stateOf(
        doc,
        0,
        resultDecorations((line) => opened.push(line)),
      ),
    );
    view.dispatch({ effects: setDecidingLines.of(new Map([[2, 12]])) });
    expect([altEnterOn(view, 2), altEnterOn(view, 3), altEnterOn(view, 1)]).toEqual([true, false, false]);
    showResultHighlight(view, { groupLines: [1, 2, 3], ruleLine: 3 });
    expect([altEnterOn(view, 3), altEnterOn(view, 1)]).toEqual([true, false]);
    expect(opened).toEqual([2, 3]);
  });
});

describe('diagnostics bridge', () => {
  /** [source, severity, text under it] of each diagnostic the editor holds, with the diagnostics themselves. */
  function held(view: EditorView): { diags: Diagnostic[]; rows: [string, string, string][] } {
    const diags: Diagnostic[] = [];
    forEachDiagnostic(view.state, (d, from, to) => diags.push({ ...d, from, to }));
    const text = view.state.doc.toString();
    return { diags, rows: diags.map((d) => [String(d.source), d.severity, text.slice(d.from, d.to)]) };
  }

  it('shows engine diagnostics in the editor with quick-fix actions that still land after an edit above', () => {
    const text = 'user-agent: *\ndisalow: fish/';
    const view = viewOf(stateOf(text));
    pushDiagnostics(view, lintRobots(parseRobotsTxt(text)));
    const { diags, rows } = held(view);
    expect(rows).toEqual([
      ['typo-key', 'warning', 'disalow'],
      ['path-no-slash', 'error', 'fish/'],
    ]);
    expect(diags[1].actions?.map((a) => a.name)).toEqual(['Add a leading /']);
    view.dispatch({ changes: { from: 0, insert: '# top\n' } });
    const moved = held(view).diags[1];
    moved.actions![0].apply(view, moved.from, moved.to);
    expect(view.state.doc.toString()).toBe('# top\nuser-agent: *\ndisalow: /fish/');
  });

  it('clamps stale diagnostics to the document', () => {
    const view = viewOf(stateOf('Allow: /x\n'));
    pushDiagnostics(view, [{ from: 50, to: 80, line: 9, severity: 'info', code: 'unknown-key', message: 'm' }]);
    expect(held(view).diags.map((d) => [d.from, d.to])).toEqual([[10, 10]]);
  });
});
