/**
 * Highlighting for robots.txt: the language's own tags (derived from the
 * standard @lezer/highlight tags, so any theme colours them sensibly) and a
 * HighlightStyle plus base theme that give each a distinct look.
 */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
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

/** Colours and marks for the robots.txt tags, for light backgrounds. */
export const robotsHighlightStyle = HighlightStyle.define([
  { tag: robotsTags.agentKey, color: '#7c3aed', fontWeight: 'bold' },
  { tag: robotsTags.allowKey, color: '#15803d', fontWeight: 'bold' },
  { tag: robotsTags.disallowKey, color: '#b91c1c', fontWeight: 'bold' },
  { tag: robotsTags.sitemapKey, color: '#0369a1', fontWeight: 'bold' },
  { tag: robotsTags.ignoredKey, color: '#6b7280', fontStyle: 'italic' },
  { tag: robotsTags.typoKey, textDecoration: 'underline wavy #d97706' },
  { tag: robotsTags.prefixKey, textDecoration: 'underline dotted #d97706' },
  { tag: t.className, color: '#9333ea' },
  { tag: t.string, color: '#1f2937' },
  { tag: robotsTags.wildcard, color: '#c2410c', fontWeight: 'bold' },
  { tag: robotsTags.endAnchor, color: '#be185d', fontWeight: 'bold' },
  { tag: t.url, color: '#0369a1', textDecoration: 'underline' },
  { tag: t.lineComment, color: '#6b7280', fontStyle: 'italic' },
  { tag: robotsTags.ignoredText, color: '#9ca3af', textDecoration: 'line-through' },
  { tag: t.content, color: '#4b5563' },
  { tag: t.invalid, color: '#dc2626', textDecoration: 'underline wavy #dc2626' },
  { tag: t.separator, color: '#6b7280' },
]);

/** The highlighter as an extension. */
export const robotsHighlighting = syntaxHighlighting(robotsHighlightStyle);

/** Base theme for the result highlight and the deciding-lines gutter (see decorations.ts). */
export const robotsBaseTheme = EditorView.baseTheme({
  '.cm-rl-group': { backgroundColor: 'rgba(124, 58, 237, 0.07)' },
  '.cm-rl-rule': { backgroundColor: 'rgba(234, 179, 8, 0.28)', boxShadow: 'inset 3px 0 0 #ca8a04' },
  '.cm-rl-decides-gutter': { minWidth: '1.4em' },
  '.cm-rl-decides': {
    cursor: 'pointer',
    color: '#ca8a04',
    fontWeight: 'bold',
    textAlign: 'center',
  },
  '.cm-rl-decides:hover': { color: '#854d0e' },
});
