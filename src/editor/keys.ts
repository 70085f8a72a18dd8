/**
 * How Google's parser reads a key (docs/behaviour.md §12 Keys and values), for the grammar's
 * tokenizer and for completion. The classification itself is the engine's
 * (src/core/parse.ts): one source of truth for what a key means.
 */
import { classifyKey as classifyEngineKey, UNSUPPORTED_KEYS } from '../core/parse';
import { asciiLower } from '../core/reference';

export type KeyClass =
  | { kind: 'user-agent' | 'allow' | 'disallow' | 'sitemap'; typo: boolean; suffix: boolean }
  | { kind: 'other' | 'unknown'; typo: false; suffix: false };

/** Classifies a trimmed key: by case-insensitive prefix in the reference's order, then the known-but-unsupported keys exactly. */
export function classifyKey(key: string): KeyClass {
  const known = classifyEngineKey(key);
  if (known) return { kind: known.kind, typo: known.typo, suffix: key.length > known.keyword.length };
  if (UNSUPPORTED_KEYS.has(asciiLower(key))) return { kind: 'other', typo: false, suffix: false };
  return { kind: 'unknown', typo: false, suffix: false };
}
