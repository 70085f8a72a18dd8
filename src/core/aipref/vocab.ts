/**
 * The two vocabularies of AI-usage preferences that robots.txt files carry,
 * and the purposes Robots Lab reports them under (docs/behaviour.md §15).
 *
 * Sources, read 2026-11-22:
 * - IETF aipref: draft-ietf-aipref-vocab (editor's copy in
 *   github.com/ietf-wg-aipref/drafts; the newest published revision then was
 *   -08), §6.1 "Usage Category Labels" and §6.2 "Preference Labels"; and
 *   draft-ietf-aipref-attach (editor's copy; newest published -05), §3.
 * - Cloudflare's Content Signals Policy (contentsignals.org, CC0): keys
 *   search, ai-input, ai-train with yes or no; and the later `use` key
 *   ("how AI systems may consume the content (immediate, reference, or
 *   full)", in the policy text of Cloudflare's managed robots.txt; the
 *   Cloudflare changelog of 2026-08-31 calls it the maximum level at which
 *   content may be used).
 * - RSL 1.0, rslstandard.org/guide/robots-txt: `License: [absoluteURL]`, a
 *   global line naming the licence file by a fully qualified URL.
 */

/** The purposes a preference can be about, in Robots Lab's words. */
export type Purpose = 'search' | 'ai-input' | 'ai-train' | 'use';

/** Every purpose, in the order views show them. */
export const PURPOSES: readonly Purpose[] = ['search', 'ai-input', 'ai-train', 'use'];

/** What a preference line can say about one purpose. */
export type Preference = 'allow' | 'disallow' | 'unknown';

/** Which kind of line a preference comes from. */
export type PreferenceSource = 'content-usage' | 'content-signal';

/**
 * Content-Usage labels (draft-ietf-aipref-vocab editor's copy §6.1): each
 * maps to the Robots Lab purpose it is reported under. Labels are case
 * sensitive (§6.1) and values are the Tokens `y` and `n` (§6.2).
 */
export const CONTENT_USAGE_LABELS: Readonly<Record<string, Purpose>> = {
  'train-ai': 'ai-train',
  'ai-use': 'ai-input',
  search: 'search',
};

/**
 * Labels of earlier revisions of draft-ietf-aipref-vocab that the current
 * text no longer defines; readers of the current draft ignore them (§6.4).
 */
export const LEGACY_CONTENT_USAGE_LABELS: Readonly<Record<string, string>> = {
  all: 'an earlier revision of draft-ietf-aipref-vocab ("Automated Processing")',
  'train-genai': 'an earlier revision of draft-ietf-aipref-vocab ("Generative AI Training")',
};

/**
 * Content-Signal keys (Cloudflare's Content Signals Policy): `search`,
 * `ai-input`, `ai-train` take `yes` or `no`; `use` (the later key) takes a
 * level: `immediate`, `reference` or `full`.
 */
export const CONTENT_SIGNAL_LABELS: Readonly<Record<string, Purpose>> = {
  search: 'search',
  'ai-input': 'ai-input',
  'ai-train': 'ai-train',
  use: 'use',
};

/** The levels the `use=` key takes, least to most reuse. */
export const USE_LEVELS: readonly string[] = ['immediate', 'reference', 'full'];

/** A label of one vocabulary written in the other: the label meant. */
export const CROSS_VOCABULARY: Readonly<Record<PreferenceSource, Readonly<Record<string, string>>>> = {
  'content-usage': { 'ai-train': 'train-ai', 'ai-input': 'ai-use' },
  'content-signal': { 'train-ai': 'ai-train', 'ai-use': 'ai-input' },
};

/** The value tokens each vocabulary takes for allow and disallow. */
export const VALUE_TOKENS: Readonly<Record<PreferenceSource, { allow: string; disallow: string }>> = {
  'content-usage': { allow: 'y', disallow: 'n' },
  'content-signal': { allow: 'yes', disallow: 'no' },
};
