/**
 * Robots Lab engine: parse a robots.txt once, then decide for any URL and
 * crawler whether it may be fetched, and why. Pure TypeScript: no DOM, no
 * worker globals; runs in the page's worker, in Node (CLI, benchmarks) and in
 * tests.
 */

export type { CompiledRules } from './compiled';
export { compileRules } from './compiled';
export type { Checker, CrawlerTokens, EvaluateOptions } from './evaluate';
export { chooseGroups, compiledFor, crawlerToken, createChecker, evaluate, evaluateProfile } from './evaluate';
export type { FetchKind, FetchMeaning, FetchOutcome, ObservedFetch, RobotsLocation } from './fetch';
export { fetchMeaning, fetchOutcome, MAX_REDIRECT_HOPS, robotsLocation } from './fetch';
export type { RedirectHop, RobotsFetchRecord } from './fetchRecord';
export { FETCH_RECORD_FORMAT, readFetchRecord } from './fetchRecord';
export { applyGoogleSizeLimit, GOOGLE_SIZE_LIMIT_BYTES, MAX_LINE_BYTES } from './limits';
export { parseRobotsTxt } from './parse';
export { escapePattern } from './pattern';
export { extractProductToken, getPathParamsQuery, isValidUserAgentToObey } from './reference';
export type * from './types';
export type { RequestUrl, ScopeCheck } from './url';
export { checkScope, isRequestForm, toRequestUrl } from './url';
export { toPlainVerdict } from './verdict';
