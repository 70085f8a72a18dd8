/**
 * Completion for robots.txt: keys at the start of a line, crawler product
 * tokens after `user-agent:`, and `/` after `allow:` / `disallow:`.
 */
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { CRAWLER_PROFILES } from '../core/profiles';
import { classifyKey } from './keys';

const IGNORED = 'Google ignores this';

/** The keys Google acts on, then the ones it knows but ignores (docs/behaviour.md §10): label, detail, info, boost. */
const KEYS: readonly [string, string, string, number][] = [
  ['User-agent', 'starts a group', 'Names a crawler by its product token, or * for all others.', 4],
  ['Disallow', 'rule', 'A path pattern the group may not fetch. Empty: allows everything.', 3],
  ['Allow', 'rule', 'A path pattern the group may fetch; the longest matching pattern wins.', 3],
  ['Sitemap', 'absolute URL', 'The absolute URL of a sitemap; tied to no group.', 2],
  ['Crawl-delay', IGNORED, 'Read by Bing and Yandex; Google ignores it.', 0],
  ['Clean-param', IGNORED, 'Read by Yandex; Google ignores it.', 0],
  ['Host', IGNORED, 'A Yandex directive, since retired; Google ignores it.', 0],
  ['Noindex', IGNORED, 'Google stopped honouring noindex in robots.txt in 2019.', -1],
  ['Request-rate', IGNORED, 'An old extension few crawlers read; Google ignores it.', -1],
  ['Visit-time', IGNORED, 'An old extension few crawlers read; Google ignores it.', -1],
  [
    'Content-signal',
    IGNORED,
    'States preferences on AI use of content (e.g. search=yes, ai-train=no); honouring it is up to each crawler. Google ignores it.',
    -1,
  ],
  [
    'Content-usage',
    IGNORED,
    'AI-usage preferences from the IETF AI-preferences work (a draft); honouring it is up to each crawler. Google ignores it.',
    -1,
  ],
];

/** Crawler tokens: `*` first, then every token of every profile, once (case-insensitively). */
const agentOptions: Completion[] = [{ label: '*', detail: 'every crawler not named elsewhere', boost: 10 }];
for (const p of CRAWLER_PROFILES)
  for (const token of p.tokens)
    if (!agentOptions.some((o) => o.label.toLowerCase() === token.toLowerCase()))
      agentOptions.push({ label: token, detail: p.operator, info: p.purpose, type: 'type' });

const keyOptions = KEYS.map(
  ([label, detail, info, boost]): Completion => ({ label, detail, info, boost, type: 'keyword', apply: `${label}: ` }),
);

/**
 * The completion source. Keys: while the line so far is one word (or empty).
 * Values: by the key before the separator, read as the grammar reads it
 * (prefix, typos, and the colon-less form), so completion works while the
 * line is still being typed.
 */
export function robotsCompletion(context: CompletionContext): CompletionResult | null {
  const before = context.state.sliceDoc(context.state.doc.lineAt(context.pos).from, context.pos);
  if (before.includes('#')) return null;
  const keyMatch = /^\s*([A-Za-z-]*)$/.exec(before);
  if (keyMatch) {
    if (!context.explicit && keyMatch[1] === '') return null;
    return { from: context.pos - keyMatch[1].length, options: keyOptions, validFor: /^[A-Za-z-]*$/ };
  }
  // The separator: the first ":", or (Google-specific) the whitespace after a first word.
  const sep = /^\s*([^:]*?)\s*:\s*/.exec(before) ?? /^\s*(\S+)[ \t]+/.exec(before);
  if (!sep) return null;
  const valueSoFar = before.slice(sep[0].length);
  const kind = classifyKey(sep[1]).kind;
  if (kind === 'user-agent') {
    if (!/^[A-Za-z_*-]*$/.test(valueSoFar)) return null;
    return { from: context.pos - valueSoFar.length, options: agentOptions, validFor: /^[A-Za-z_*-]*$/ };
  }
  if ((kind === 'allow' || kind === 'disallow') && valueSoFar === '') {
    return {
      from: context.pos,
      options: [
        { label: '/', detail: 'the whole site', type: 'constant' },
        { label: '/*.', detail: 'by file extension, e.g. /*.pdf$', type: 'constant' },
      ],
    };
  }
  return null;
}
