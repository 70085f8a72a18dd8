/**
 * AI-usage preferences in robots.txt: Content-Usage (IETF aipref),
 * Content-Signal (Cloudflare) and License (RSL 1.0) lines, their diagnostics,
 * contradictions with the file's rules, and suggestions for a stated intent.
 */

export { aiprefKeyOf, readAiprefLines, readDictionary } from './lines';
export { applyEdits, suggestForIntent } from './suggest';
export * from './vocab';
