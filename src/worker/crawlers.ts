/**
 * Which crawler a column stands for: a built-in profile or a typed product
 * token, and the verdict it gets for one URL.
 */

import { readAiprefLines } from '../core/aipref/lines';
import { evaluate, evaluateProfile, isValidUserAgentToObey, toPlainVerdict } from '../core/index';
import { type CatalogueProfile, type CrawlerCategory, findProfile } from '../core/profiles';
import { purposeView } from '../core/purposes';
import { readAll } from '../core/readers/index';
import type { ParsedRobots, Verdict } from '../core/types';
import type { CrawlerInfo, CrawlerSpec, ExplainLenses } from '../model/wire';

/** A crawler resolved for a run or an explanation. */
export interface Crawler {
  info: CrawlerInfo;
  profile: CatalogueProfile | null;
  token: string;
}

/** Resolves a crawler spec to a profile or a typed token, with what the header shows; an unknown profile id is an invalid token. */
export function resolveCrawler(spec: CrawlerSpec): Crawler {
  const profile = spec.kind === 'profile' ? findProfile(spec.id) : undefined;
  if (profile) {
    const { name: label, tokens, ignoresGlobal } = profile;
    return { info: { label, tokens, valid: true, ignoresGlobal }, profile, token: tokens[0] };
  }
  const token = spec.kind === 'profile' ? spec.id : spec.token.trim();
  const valid = spec.kind === 'token' && isValidUserAgentToObey(token);
  return { info: { label: token, tokens: [token], valid, ignoresGlobal: false }, profile: null, token };
}

/** The full verdict (every matching rule collected) of one crawler for one URL, as the explanation shows it. */
export function explainedVerdict(parsed: ParsedRobots, url: string, c: Crawler): Verdict {
  // The explanation is computed when read; a structured clone (postMessage)
  // runs no getters, so the worker sends the plain, fully read form.
  return toPlainVerdict(c.profile ? evaluateProfile(parsed, url, c.profile) : evaluate(parsed, url, c.token));
}

/** The catalogue categories whose crawlers are AI crawlers: their purposes are shown even in a file without preferences. */
const AI_CATEGORIES: ReadonlySet<CrawlerCategory> = new Set(['ai-training', 'ai-answers', 'control-token']);

/** Whether the file has a Content-Usage or Content-Signal line (License lines express no purpose). */
function hasPreferenceLines(parsed: ParsedRobots): boolean {
  return readAiprefLines(parsed).some((l) => l.kind !== 'license');
}

/**
 * How the other readers decide the cell, and what the file expresses for each
 * AI purpose (docs/behaviour.md §14, §15). Everything here is plain data: the
 * readers' verdicts and purpose findings hold no getters or functions.
 */
export function explainLenses(parsed: ParsedRobots, url: string, c: Crawler): ExplainLenses {
  const ai = c.profile !== null && AI_CATEGORIES.has(c.profile.category);
  return {
    readers: readAll(parsed, url, c.info),
    purposes: ai || hasPreferenceLines(parsed) ? purposeView(parsed, url, c.info).findings : null,
  };
}
