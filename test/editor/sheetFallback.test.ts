// The editor's style fallback (src/editor/sheetFallback.ts) with the few DOM
// objects it touches played by plain ones: vitest runs in node, with no DOM.
// The fake sheet takes a rule as insertRule does, one whole rule at a time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { styleThroughLinkedSheet } from '../../src/editor/sheetFallback';

class FakeStyle {
  constructor(readonly textContent: string) {}
}

/** A CSSStyleSheet's rule list; like a browser, it refuses a rule it cannot read (here, a `-moz-` selector). */
class FakeSheet {
  cssRules: string[] = [];
  insertRule(rule: string, index: number): number {
    if (rule.includes('-moz-')) throw new SyntaxError(`cannot read ${rule}`);
    this.cssRules.splice(index, 0, rule);
    return index;
  }
  deleteRule(index: number): void {
    this.cssRules.splice(index, 1);
  }
}

class FakeLink {
  rel = '';
  href = '';
  sheet: FakeSheet | null = null;
  readonly listeners = new Map<string, () => void>();
  addEventListener(type: string, f: () => void): void {
    this.listeners.set(type, f);
  }
  load(): void {
    this.sheet = new FakeSheet();
    this.listeners.get('load')?.();
  }
}

let link: FakeLink;
let root: { children: unknown[]; firstChild: unknown; insertBefore(node: unknown, child: unknown): unknown };

beforeEach(() => {
  link = new FakeLink();
  vi.stubGlobal('document', { createElement: () => link });
  vi.stubGlobal('HTMLStyleElement', FakeStyle);
  root = {
    children: [],
    get firstChild() {
      return this.children[0] ?? null;
    },
    insertBefore(node: unknown) {
      this.children.unshift(node);
      return node;
    },
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The rules in the linked sheet after CodeMirror's style element with `css` is inserted into the loaded root. */
function rulesFor(css: string): string[] {
  styleThroughLinkedSheet(root as unknown as ShadowRoot, () => undefined);
  link.load();
  (root as unknown as ShadowRoot).insertBefore(new FakeStyle(css) as unknown as Node, null);
  return link.sheet?.cssRules ?? [];
}

describe('the linked-sheet fallback: a style sheet cut into the rules insertRule takes one at a time', () => {
  it('links the same-origin sheet first and keeps the style element out of the root', () => {
    rulesFor('.a {b: c}');
    expect(root.children).toEqual([link]);
    expect(link.href).toBe('editor-fallback.css');
  });

  it('cuts rules written on one line or several', () => {
    expect(rulesFor('.a {color: red;}\n.b, .c {margin: 0; padding: 1px}.d{}')).toEqual([
      '.a {color: red;}',
      '.b, .c {margin: 0; padding: 1px}',
      '.d{}',
    ]);
  });

  it('keeps an at-rule whole with the rules nested in it', () => {
    expect(rulesFor('@media (prefers-color-scheme: dark) {.a {color: white} .b {color: grey}}\n.c {top: 0}')).toEqual([
      '@media (prefers-color-scheme: dark) {.a {color: white} .b {color: grey}}',
      '.c {top: 0}',
    ]);
  });

  it('does not count braces or semicolons inside quoted strings', () => {
    expect(rulesFor(`.a::before {content: "}{;"} .b::after {content: '\\'}'}`)).toEqual([
      '.a::before {content: "}{;"}',
      `.b::after {content: '\\'}'}`,
    ]);
  });

  it('takes a statement at-rule up to its semicolon, and nothing from blank text', () => {
    expect(rulesFor('@charset "utf-8"; .a {b: c}')).toEqual(['@charset "utf-8";', '.a {b: c}']);
    expect(rulesFor(' \n ')).toEqual([]);
  });

  it('leaves out a rule the browser cannot read and replaces the rules when CodeMirror mounts more', () => {
    expect(rulesFor('.a::-moz-selection {x: y} .b {c: d}')).toEqual(['.b {c: d}']);
    (root as unknown as ShadowRoot).insertBefore(new FakeStyle('.b {c: d} .e {f: g}') as unknown as Node, null);
    expect(link.sheet?.cssRules).toEqual(['.b {c: d}', '.e {f: g}']);
  });
});
