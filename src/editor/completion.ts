/**
 * Completion for robots.txt: keys at the start of a line, crawler product
 * tokens after `user-agent:`, and `/` after `allow:` / `disallow:`.
 */
import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import type { Extension } from '@codemirror/state';
import { CRAWLER_PROFILES } from '../core/profiles';
import type { CrawlerProfile } from '../core/types';
import { classifyKey } from './keys';

interface KeyInfo {
  label: string;
  detail: string;
  info: string;
  boost: number;
}

/** The keys Google acts on, then the ones it knows but ignores (docs/behaviour.md §10). */
const KEY_COMPLETIONS: readonly KeyInfo[] = [
  {
    label: 'User-agent',
    detail: 'starts a group',
    info: 'Names a crawler by its product token, or * for all others.',
    boost: 4,
  },
  {
    label: 'Disallow',
    detail: 'rule',
    info: 'A path pattern the group may not fetch. Empty: allows everything.',
    boost: 3,
  },
  {
    label: 'Allow',
    detail: 'rule',
    info: 'A path pattern the group may fetch; the longest matching pattern wins.',
    boost: 3,
  },
  { label: 'Sitemap', detail: 'absolute URL', info: 'The absolute URL of a sitemap; tied to no group.', boost: 2 },
  {
    label: 'Crawl-delay',
    detail: 'Google ignores this',
    info: 'Read by Bing and Yandex; Google ignores it.',
    boost: 0,
  },
  { label: 'Clean-param', detail: 'Google ignores this', info: 'Read by Yandex; Google ignores it.', boost: 0 },
  {
    label: 'Host',
    detail: 'Google ignores this',
    info: 'A Yandex directive, since retired; Google ignores it.',
    boost: 0,
  },
  {
    label: 'Noindex',
    detail: 'Google ignores this',
    info: 'Google stopped honouring noindex in robots.txt in 2019.',
    boost: -1,
  },
  {
    label: 'Request-rate',
    detail: 'Google ignores this',
    info: 'An old extension few crawlers read; Google ignores it.',
    boost: -1,
  },
  {
    label: 'Visit-time',
    detail: 'Google ignores this',
    info: 'An old extension few crawlers read; Google ignores it.',
    boost: -1,
  },
  {
    label: 'Content-signal',
    detail: 'Google ignores this',
    info: 'States preferences on AI use of content (e.g. search=yes, ai-train=no); honouring it is up to each crawler. Google ignores it.',
    boost: -1,
  },
  {
    label: 'Content-usage',
    detail: 'Google ignores this',
    info: 'AI-usage preferences from the IETF AI-preferences work (a draft); honouring it is up to each crawler. Google ignores it.',
    boost: -1,
  },
];

/** Completion options for crawler tokens: `*` first, then every token of every profile, once. */
function agentCompletions(profiles: readonly CrawlerProfile[] = CRAWLER_PROFILES): Completion[] {
  const options: Completion[] = [{ label: '*', detail: 'every crawler not named elsewhere', boost: 10 }];
  const seen = new Set<string>(['*']);
  for (const p of profiles) {
    for (const token of p.tokens) {
      const key = token.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      options.push({ label: token, detail: p.operator, info: p.purpose, type: 'type' });
    }
  }
  return options;
}

const keyOptions: Completion[] = KEY_COMPLETIONS.map((k) => ({
  label: k.label,
  detail: k.detail,
  info: k.info,
  boost: k.boost,
  type: 'keyword',
  apply: `${k.label}: `,
}));

/** The longest line prefix the source reads while typing (a key, a separator and a crawler token fit easily). */
const LONGEST_COMPLETED_PREFIX = 256;

/**
 * The completion source. Keys: while the line so far is one word (or empty).
 * Values: by the key before the separator, read as the grammar reads it
 * (prefix, typos, and the colon-less form), so completion works while the
 * line is still being typed.
 */
export function robotsCompletion(context: CompletionContext): CompletionResult | null {
  const line = context.state.doc.lineAt(context.pos);
  // Past this column nothing is worth completing: skip reading (and regex-scanning) a huge pasted line.
  if (context.pos - line.from > LONGEST_COMPLETED_PREFIX && !context.explicit) return null;
  const before = context.state.sliceDoc(line.from, context.pos);
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
    return { from: context.pos - valueSoFar.length, options: agentCompletions(), validFor: /^[A-Za-z_*-]*$/ };
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

/**
 * Completion as the editor mounts it: our one source given outright. Without
 * `override`, the completion state asks the syntax tree for the language's
 * sources (`languageDataAt`) on every transaction, so each inserted line of a
 * burst (an IME, dictation, a text expander) paid for it; the source itself
 * runs once the burst pauses (CodeMirror's typing delay).
 */
export function robotsAutocompletion(): Extension {
  return autocompletion({ override: [robotsCompletion] });
}
