/**
 * How Google's parser reads a key (SPEC "Keys and values"), for the grammar's
 * tokenizer and for completion. Colouring only: the engine in src/core is the
 * source of truth for what a line means.
 */

/** The reference's known-but-unsupported keys, matched exactly (case-insensitively). */
export const UNSUPPORTED_KEYS = [
  'clean-param',
  'content-signal',
  'content-usage',
  'crawl-delay',
  'domain',
  'host',
  'noarchive',
  'nofollow',
  'noindex',
  'request-rate',
  'revisit-after',
  'visit-time',
] as const;

export type KeyClass =
  | { kind: 'user-agent' | 'allow' | 'disallow' | 'sitemap'; typo: boolean; suffix: boolean }
  | { kind: 'other' | 'unknown'; typo: false; suffix: false };

const SPELLINGS: { kind: 'user-agent' | 'allow' | 'disallow' | 'sitemap'; words: string[] }[] = [
  { kind: 'user-agent', words: ['user-agent', 'useragent', 'user agent'] },
  { kind: 'allow', words: ['allow'] },
  { kind: 'disallow', words: ['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'] },
  { kind: 'sitemap', words: ['sitemap', 'site-map'] },
];

/** Classifies a trimmed key the way the reference does: by case-insensitive prefix, in order. */
export function classifyKey(key: string): KeyClass {
  const lower = key.toLowerCase();
  for (const { kind, words } of SPELLINGS) {
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      if (lower.startsWith(w)) return { kind, typo: i > 0, suffix: lower.length > w.length };
    }
  }
  if ((UNSUPPORTED_KEYS as readonly string[]).includes(lower)) return { kind: 'other', typo: false, suffix: false };
  return { kind: 'unknown', typo: false, suffix: false };
}
