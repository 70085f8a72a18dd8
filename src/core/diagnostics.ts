/**
 * What the linter reports: a diagnostic's code, span, severity, message and
 * quick fixes. Types only, so that the linters of the AI-preference lines
 * (aipref/) and the main linter (lint.ts) can share them without importing
 * each other.
 */

/** Every kind of diagnostic the linter reports. */
export type RobotsDiagnosticCode =
  | 'typo-key'
  | 'near-miss-key'
  | 'prefix-key'
  | 'missing-colon'
  | 'invalid-line'
  | 'unknown-key'
  | 'ignored-key'
  | 'rule-outside-group'
  | 'path-no-slash'
  | 'full-url-path'
  | 'sitemap-not-absolute'
  | 'agent-ignored-chars'
  | 'agent-matches-nobody'
  | 'empty-agent'
  | 'line-too-long'
  | 'size-limit'
  | 'invalid-utf8'
  | 'agent-token-misspelt'
  | 'agent-token-cut'
  | 'agent-groups-merged'
  | 'aipref-key-misspelt'
  | 'aipref-outside-group'
  | 'aipref-splits-group'
  | 'aipref-no-path'
  | 'aipref-path-encoding'
  | 'aipref-uppercase'
  | 'aipref-syntax'
  | 'aipref-vocab-mixed'
  | 'aipref-unknown-label'
  | 'aipref-bad-value'
  | 'license-relative'
  | 'ai-train-contradiction'
  | 'search-blocked-contradiction'
  | 'control-token-mismatch'
  | 'answer-engine-blocked'
  | 'expectation-fails'
  | 'expectation-malformed'
  | 'expectation-unchecked';

/** A text edit that fixes a diagnostic: replace [from, to) with `insert`. */
export interface RobotsFix {
  label: string;
  from: number;
  to: number;
  insert: string;
}

/** One diagnostic. Offsets are into the parsed text; `line` is 1-based. */
export interface RobotsDiagnostic {
  from: number;
  to: number;
  line: number;
  severity: 'error' | 'warning' | 'info';
  code: RobotsDiagnosticCode;
  message: string;
  fixes?: RobotsFix[];
}
