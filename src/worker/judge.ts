/**
 * How one typed URL is read before it is matched: normalised to the
 * crawler's request form when asked, and checked against the robots.txt
 * URL's scope (docs/behaviour.md §1).
 */

import { parseUrl } from '../core/globals';
import { checkScope, toRequestUrl } from '../core/index';
import { ABSOLUTE_URL } from '../core/url';
import { ROW } from '../model/codes';

/**
 * Scope checks for one robots.txt URL (docs/behaviour.md §1). A URL that
 * starts with the robots.txt origin followed by `/` (`scheme://host/`) is in
 * scope without parsing it again; anything else gets the engine's full check
 * and its reason.
 */
export function scopeChecker(robotsUrl: string): (url: string) => string | null {
  const u = checkScope(robotsUrl, robotsUrl).inScope ? parseUrl(robotsUrl.trim()) : null;
  const prefix = u && `${u.protocol}//${u.host}/`;
  return (url) => {
    if (prefix !== null && url.lastIndexOf(prefix, 0) === 0) return null;
    const scope = checkScope(robotsUrl, url);
    return scope.inScope ? null : scope.reason;
  };
}

/** Reads one typed URL the way the run and the explanation both do; answers it as read, with the row flags it earns. */
export function judgeUrl(
  input: string,
  normalise: boolean,
  robotsUrl: string,
  scope: (url: string) => string | null = scopeChecker(robotsUrl),
) {
  let requestUrl = input;
  let changes: string[] = [];
  let error: string | null = null;
  let flags = 0;
  if (normalise) {
    const r = toRequestUrl(input, robotsUrl || undefined);
    if (r.error) {
      error = r.error;
      flags |= ROW.INVALID;
    } else {
      requestUrl = r.url;
      changes = r.changes;
      if (r.changed) flags |= ROW.NORMALISED;
    }
  }
  let outOfScope: string | null = null;
  if (!error && robotsUrl && ABSOLUTE_URL.test(requestUrl)) {
    outOfScope = scope(requestUrl);
    if (outOfScope !== null) flags |= ROW.OUT_OF_SCOPE;
  }
  return { requestUrl, changes, error, outOfScope, flags };
}
