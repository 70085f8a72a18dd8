/**
 * Robots Lab engine: parse a robots.txt once, then decide for any URL and
 * crawler whether it may be fetched, and why. Pure TypeScript: no DOM, no
 * worker globals; runs in the page's worker, in Node (CLI, benchmarks) and in
 * tests.
 */
export type * from './types';
export { parseRobotsTxt } from './parse';
export { evaluate, evaluateProfile, evaluateTokens, chooseGroups, createChecker, compiledFor } from './evaluate';
export type { EvaluateOptions, Checker, CrawlerSpec } from './evaluate';
export { compileRules } from './compiled';
export type { CompiledRules, MatchDetail } from './compiled';
export { getPathParamsQuery, isValidUserAgentToObey, extractProductToken } from './reference';
export { escapePattern } from './pattern';
export { ruleLabel } from './matcher';
export { toRequestUrl, isRequestForm, checkScope } from './url';
export type { RequestUrl, ScopeCheck } from './url';
export { applyGoogleSizeLimit, GOOGLE_SIZE_LIMIT_BYTES, MAX_LINE_BYTES } from './limits';
export { fetchOutcome } from './fetch';
export type { FetchOutcome } from './fetch';
