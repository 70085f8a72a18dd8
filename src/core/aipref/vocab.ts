/**
 * The two vocabularies of AI-usage preferences that robots.txt files carry,
 * and the purposes Robots Lab reports them under (docs/behaviour.md §15).
 *
 * Sources, read 2026-11-22 (every aipref citation in src/core/aipref and
 * src/core/purposes.ts is to these two revisions):
 * - IETF aipref: draft-ietf-aipref-vocab-08 (13 September 2026, the newest
 *   revision the IETF datatracker lists), §4 the categories, §5.1 combining,
 *   §6.1 "Usage Category Labels", §6.2 "Preference Labels", §6.4 unknown
 *   labels and parameters are ignored, §6.5 the processing algorithm, §6.5.1
 *   repeated keys and parse failures, §6.5.2 parameters; and
 *   draft-ietf-aipref-attach-05 (18 August 2026), §3 the Content-Usage rule
 *   and its ABNF, §3.1 its semantics (longest match, fetchable paths only,
 *   percent-encoding), §3.2 processing (value up to CR, LF or "#"; the path
 *   starts with "/" and ends at SP or HTAB), §3.4 the example table. Section
 *   numbers were read from the working group's editor's copies
 *   (github.com/ietf-wg-aipref/drafts, draft-ietf-aipref-vocab.md with the
 *   -08 structure: §3.3 on trained models, §4.2 AI Use) and checked against
 *   the datatracker's revision list.
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
 * Content-Usage labels (draft-ietf-aipref-vocab-08 §6.1): each maps to the
 * Robots Lab purpose it is reported under. Labels are case sensitive (§6.1)
 * and values are the Tokens `y` and `n` (§6.2).
 */
export const CONTENT_USAGE_LABELS: Readonly<Record<string, Purpose>> = {
  'train-ai': 'ai-train',
  'ai-use': 'ai-input',
  search: 'search',
};

/**
 * Labels of earlier revisions of draft-ietf-aipref-vocab that -08 no longer
 * defines; readers of -08 ignore them (§6.4). `bots` and `train-genai` were
 * read in the -03 label table (the working group's build of September 2025);
 * `all` (-02) and `ai-output` (-04) come from the revisions' change history
 * as summarised elsewhere, not re-read in those revisions.
 */
export const LEGACY_CONTENT_USAGE_LABELS: Readonly<Record<string, string>> = {
  all: 'draft-ietf-aipref-vocab-02 ("Automated Processing")',
  bots: 'draft-ietf-aipref-vocab-03 and -04 ("Automated Processing")',
  'train-genai': 'draft-ietf-aipref-vocab-02 and -03 ("Generative AI Training")',
  'ai-output': 'draft-ietf-aipref-vocab-04 ("AI Output")',
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
