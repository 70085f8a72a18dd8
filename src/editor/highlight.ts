/**
 * Highlighting for robots.txt: the language's own tags (derived from the
 * standard @lezer/highlight tags, so any theme colours them sensibly) and a
 * HighlightStyle plus base theme that give each a distinct look.
 */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Prec } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { Tag, tags as t } from '@lezer/highlight';

/** Tags specific to robots.txt; each falls back to a standard tag. */
export const robotsTags = {
  /** The `user-agent` key: starts a group. */
  agentKey: Tag.define(t.definitionKeyword),
  /** The `allow` key. */
  allowKey: Tag.define(t.keyword),
  /** The `disallow` key. */
  disallowKey: Tag.define(t.keyword),
  /** The `sitemap` key. */
  sitemapKey: Tag.define(t.keyword),
  /** A key Google knows but ignores (crawl-delay, noindex, host, …). */
  ignoredKey: Tag.define(t.meta),
  /** A misspelling Google accepts (`useragent`, `disalow`, `site-map`). */
  typoKey: Tag.define(t.keyword),
  /** A key matched only by its prefix (`user-agents`, `Disallowed`). */
  prefixKey: Tag.define(t.keyword),
  /** `*` in a path pattern or as the global user agent. */
  wildcard: Tag.define(t.operator),
  /** `$` at the end of a pattern. */
  endAnchor: Tag.define(t.operator),
  /** Text after the product token that Google ignores (`/2.1` in `Googlebot/2.1`). */
  ignoredText: Tag.define(t.comment),
};

/**
 * Colours and marks for the robots.txt tags. Colours are the page's custom
 * properties (`--syn-*` in src/ui/styles.css, one set per theme); they
 * inherit into the editor's shadow root, so the dark theme needs no second style.
 */
const robotsHighlightStyle = HighlightStyle.define([
  { tag: robotsTags.agentKey, color: 'var(--syn-agent)', fontWeight: 'bold' },
  { tag: robotsTags.allowKey, color: 'var(--syn-allow)', fontWeight: 'bold' },
  { tag: robotsTags.disallowKey, color: 'var(--syn-disallow)', fontWeight: 'bold' },
  { tag: robotsTags.sitemapKey, color: 'var(--syn-sitemap)', fontWeight: 'bold' },
  { tag: robotsTags.ignoredKey, color: 'var(--syn-muted)', fontStyle: 'italic' },
  { tag: robotsTags.typoKey, textDecoration: 'underline wavy var(--syn-typo)' },
  { tag: robotsTags.prefixKey, textDecoration: 'underline dotted var(--syn-typo)' },
  { tag: t.className, color: 'var(--syn-class)' },
  { tag: t.string, color: 'var(--syn-string)' },
  { tag: robotsTags.wildcard, color: 'var(--syn-wildcard)', fontWeight: 'bold' },
  { tag: robotsTags.endAnchor, color: 'var(--syn-anchor)', fontWeight: 'bold' },
  { tag: t.url, color: 'var(--syn-sitemap)', textDecoration: 'underline' },
  { tag: t.lineComment, color: 'var(--syn-muted)', fontStyle: 'italic' },
  { tag: robotsTags.ignoredText, color: 'var(--syn-ignored-text)', textDecoration: 'line-through' },
  { tag: t.content, color: 'var(--syn-content)' },
  { tag: t.invalid, color: 'var(--syn-invalid)', textDecoration: 'underline wavy var(--syn-invalid)' },
  { tag: t.separator, color: 'var(--syn-muted)' },
]);

/** The highlighter as an extension, above CodeMirror's default style. */
export const robotsHighlighting = Prec.high(syntaxHighlighting(robotsHighlightStyle));

/** Base theme for the result highlight and the deciding-lines gutter (see decorations.ts). */
export const robotsBaseTheme = EditorView.baseTheme({
  '.cm-rl-group': { backgroundColor: 'var(--cm-group-bg)' },
  '.cm-rl-rule': { backgroundColor: 'var(--cm-rule-bg)', boxShadow: 'inset 3px 0 0 var(--cm-rule-edge)' },
  '.cm-rl-decides-gutter': { minWidth: '1.4em' },
  '.cm-rl-decides': {
    cursor: 'pointer',
    color: 'var(--cm-decides)',
    fontWeight: 'bold',
    textAlign: 'center',
  },
  '.cm-rl-decides:hover': { color: 'var(--cm-decides-hover)' },
});
