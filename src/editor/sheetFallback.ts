/**
 * Editor styles for a browser without constructable stylesheets, under the
 * page's `style-src 'self'`.
 *
 * There CodeMirror (through style-mod) writes its rules into a `<style>`
 * element, which the policy refuses: the editor would be unstyled and a
 * violation logged. The policy does allow a stylesheet of the page's own
 * origin, and it does not govern the CSS object model. So each editor's
 * shadow root gets a `<link>` to an empty file (public/editor-fallback.css),
 * and the `<style>` element CodeMirror would insert is caught before it
 * reaches the root: its rules go into the linked sheet with `insertRule`.
 *
 * Weighed against the alternatives: a nonce in a static page is the same in
 * every copy, so it would let any injected `<style>` through in every
 * browser; CSS extracted at build time would depend on the order in which
 * style-mod numbers its class names at run time. This keeps the policy as
 * it is and styles the editor with the very rules CodeMirror made.
 */

/** The empty same-origin stylesheet the rules are inserted into (copied from public/ into the build). */
const FALLBACK_SHEET = 'editor-fallback.css';

/**
 * The top-level rules of a style sheet's text, each whole: a rule with its
 * block, an at-rule with its nested rules, or a statement ending in `;`.
 * Braces inside quoted strings do not count.
 */
function splitRules(css: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  let quote = 0;
  const push = (end: number) => {
    const rule = css.slice(start, end).trim();
    if (rule) rules.push(rule);
    start = end;
  };
  for (let i = 0; i < css.length; i++) {
    const c = css.charCodeAt(i);
    if (quote) {
      if (c === 0x5c) i++;
      else if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x7b) depth++;
    else if (c === 0x7d && depth > 0 && --depth === 0) push(i + 1);
    else if (c === 0x3b && depth === 0) push(i + 1);
  }
  push(css.length);
  return rules;
}

/** Puts `rules` in `sheet` in place of what it held; a rule this browser cannot read is left out, as a `<style>` element would. */
function replaceRules(sheet: CSSStyleSheet, rules: string[]): void {
  while (sheet.cssRules.length > 0) sheet.deleteRule(sheet.cssRules.length - 1);
  for (const rule of rules) {
    try {
      sheet.insertRule(rule, sheet.cssRules.length);
    } catch {
      // An unknown selector or at-rule (another engine's prefix): dropped.
    }
  }
}

const styled = new WeakSet<ShadowRoot>();

/**
 * Styles the editors in `root` through a linked same-origin sheet and the
 * CSS object model (see above). Calls `failed` if that sheet cannot be
 * loaded, so the page can say the editor is unstyled.
 */
export function styleThroughLinkedSheet(root: ShadowRoot, failed: () => void): void {
  if (styled.has(root)) return;
  styled.add(root);
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = FALLBACK_SHEET;
  let latest: string | null = null;
  let applied: string | null = null;
  const apply = () => {
    if (link.sheet && latest !== null && latest !== applied) {
      applied = latest;
      replaceRules(link.sheet, splitRules(latest));
    }
  };
  link.addEventListener('load', apply);
  link.addEventListener('error', failed);
  const insert = root.insertBefore.bind(root);
  // style-mod inserts its element with insertBefore each time it mounts new rules; the element holds them all.
  Object.defineProperty(root, 'insertBefore', {
    configurable: true,
    value<T extends Node>(node: T, child: Node | null): T {
      if (!(node instanceof HTMLStyleElement)) return insert(node, child);
      latest = node.textContent ?? '';
      apply();
      return node;
    },
  });
  insert(link, root.firstChild);
}
