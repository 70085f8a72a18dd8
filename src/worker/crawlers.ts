/**
 * Which crawler a column stands for: a built-in profile or a typed product
 * token, and the verdict it gets for one URL.
 */
import { evaluate, evaluateProfile, isValidUserAgentToObey, toPlainVerdict } from '../core/index';
import { findProfile } from '../core/profiles';
import type { CrawlerProfile, ParsedRobots, Verdict } from '../core/types';
import type { CrawlerInfo, CrawlerSpec } from './protocol';

/** A crawler resolved for a run or an explanation. */
export interface Crawler {
  info: CrawlerInfo;
  profile: CrawlerProfile | null;
  token: string;
}

/** Resolves a crawler spec to a profile or a typed token, with what the header shows. */
export function resolveCrawler(spec: CrawlerSpec): Crawler {
  if (spec.kind === 'profile') {
    const profile = findProfile(spec.id);
    if (profile) {
      return {
        info: { label: profile.name, tokens: profile.tokens, valid: true, ignoresGlobal: profile.ignoresGlobal },
        profile,
        token: profile.tokens[0],
      };
    }
    return {
      info: { label: spec.id, tokens: [spec.id], valid: false, ignoresGlobal: false },
      profile: null,
      token: spec.id,
    };
  }
  const token = spec.token.trim();
  return {
    info: { label: token, tokens: [token], valid: isValidUserAgentToObey(token), ignoresGlobal: false },
    profile: null,
    token,
  };
}

/** The full verdict (every matching rule collected) of one crawler for one URL, as the explanation shows it. */
export function explainedVerdict(parsed: ParsedRobots, url: string, c: Crawler): Verdict {
  // The explanation is computed when read; a structured clone (postMessage)
  // runs no getters, so the worker sends the plain, fully read form.
  return toPlainVerdict(c.profile ? evaluateProfile(parsed, url, c.profile) : evaluate(parsed, url, c.token));
}
