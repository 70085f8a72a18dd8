/**
 * The robots.txt language for CodeMirror: the Lezer parser with its
 * highlighting and folding props, and `robots()` as a LanguageSupport.
 */
import { foldNodeProp, LanguageSupport, LRLanguage } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { SyntaxNode } from '@lezer/common';
import { styleTags, tags as t } from '@lezer/highlight';
import { robotsCompletion } from './completion';
import { robotsTags } from './highlight';
import { parser } from './robots.grammar';

/** Line node names, in the tree the grammar builds. */
const LINE_NODES = new Set('UserAgentLine AllowLine DisallowLine SitemapLine OtherLine UnknownLine Invalid'.split(' '));

/**
 * Fold a group from the end of its first line to the end of its last line
 * with a key (user-agent, rule, sitemap, …): trailing blank lines and
 * comments, which usually introduce the next group, stay visible.
 */
function foldGroup(node: SyntaxNode, state: EditorState): { from: number; to: number } | null {
  let last: SyntaxNode | null = null;
  for (let child = node.lastChild; child; child = child.prevSibling) {
    if (LINE_NODES.has(child.name)) {
      last = child;
      break;
    }
  }
  if (!last) return null;
  const from = state.doc.lineAt(node.from).to;
  const to = state.doc.lineAt(last.to).to;
  return to > from ? { from, to } : null;
}

/** The robots.txt language: parser, highlighting, folding per group, comment token. */
const robotsLanguage = LRLanguage.define({
  name: 'robots.txt',
  parser: parser.configure({
    props: [
      styleTags({
        'UserAgentLine/Key': robotsTags.agentKey,
        'UserAgentLine/TypoKey': [robotsTags.agentKey, robotsTags.typoKey],
        'UserAgentLine/PrefixKey': [robotsTags.agentKey, robotsTags.prefixKey],
        'AllowLine/Key': robotsTags.allowKey,
        'AllowLine/PrefixKey': [robotsTags.allowKey, robotsTags.prefixKey],
        'DisallowLine/Key': robotsTags.disallowKey,
        'DisallowLine/TypoKey': [robotsTags.disallowKey, robotsTags.typoKey],
        'DisallowLine/PrefixKey': [robotsTags.disallowKey, robotsTags.prefixKey],
        'SitemapLine/Key': robotsTags.sitemapKey,
        'SitemapLine/TypoKey': [robotsTags.sitemapKey, robotsTags.typoKey],
        'SitemapLine/PrefixKey': [robotsTags.sitemapKey, robotsTags.prefixKey],
        'OtherLine/Key': robotsTags.ignoredKey,
        'UnknownLine/Key': t.invalid,
        ProductToken: t.className,
        AgentSuffix: robotsTags.ignoredText,
        IgnoredText: robotsTags.ignoredText,
        'Pattern/...': t.string,
        Wildcard: robotsTags.wildcard,
        EndAnchor: robotsTags.endAnchor,
        SitemapUrl: t.url,
        Value: t.content,
        Comment: t.lineComment,
        Invalid: t.invalid,
        '":"': t.separator,
      }),
      foldNodeProp.add({ Group: foldGroup }),
    ],
  }),
  languageData: { commentTokens: { line: '#' } },
});

/** robots.txt support: the language plus key and crawler-token completion. */
export function robots(): LanguageSupport {
  return new LanguageSupport(robotsLanguage, [robotsLanguage.data.of({ autocomplete: robotsCompletion })]);
}
