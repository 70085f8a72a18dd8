/**
 * The robots.txt files of other origins beside the one in the editor: a URL
 * outside the editor's origin is judged by its own origin's file when the
 * page holds one (docs/page.md, "Several origins"), and says which origin
 * has no file otherwise. Each file is parsed and compiled once per run.
 */
import type { FetchOutcome } from '../core/fetch';
import { applyGoogleSizeLimit, type CompiledRules, chooseGroups, compiledFor, parseRobotsTxt } from '../core/index';
import { ruleLabel } from '../core/matcher';
import type { ParsedRobots } from '../core/types';
import type { BulkCrawler } from './bulk';

/** One other origin's robots.txt as the page sends it. */
export interface OriginFileSpec {
  /** `scheme://host[:port]`, as `URL#origin` writes it. */
  origin: string;
  text: string;
  /** The fetch status simulated, or the one a saved record carries (0: no answer). */
  fetchStatus: number;
  /** What the fetch means: the status's outcome, or the saved record's. */
  outcome: FetchOutcome;
}

/** One origin's file, ready to judge rows. */
export interface OriginJudge {
  spec: OriginFileSpec;
  parsed: ParsedRobots;
  /** Per crawler: index into `checks` (crawlers obeying the same groups share one). */
  checkOf: Int32Array;
  checks: (CompiledRules | null)[];
}

/**
 * The origin of an absolute http(s) URL, lower-cased host and default port
 * dropped as `URL#origin` does; null for anything else.
 */
export function urlOrigin(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Parses a file as a crawler reads it: cut at Google's size limit. */
export function parseAsRead(text: string): ParsedRobots {
  return parseRobotsTxt(applyGoogleSizeLimit(text).text);
}

/** The files of other origins for one run's crawlers, found by a URL's origin. */
export class OriginFiles {
  private readonly byOrigin = new Map<string, OriginJudge>();
  /** `scheme://host` as written → its origin; a list repeats few hosts, so each is parsed once. */
  private readonly prefixes = new Map<string, string | null>();

  constructor(specs: readonly OriginFileSpec[], crawlers: readonly BulkCrawler[]) {
    for (const spec of specs) {
      const parsed = parseAsRead(spec.text);
      const keys = new Map<string, number>();
      const checks: (CompiledRules | null)[] = [];
      const checkOf = new Int32Array(crawlers.length);
      crawlers.forEach((c, i) => {
        const choice = chooseGroups(parsed, c.tokens, c.ignoresGlobal);
        const key = choice.kind === 'none' ? 'none' : choice.groups.join(',');
        let k = keys.get(key);
        if (k === undefined) {
          k = checks.length;
          keys.set(key, k);
          checks.push(choice.kind === 'none' ? null : compiledFor(parsed, choice.groups));
        }
        checkOf[i] = k;
      });
      this.byOrigin.set(spec.origin, { spec, parsed, checkOf, checks });
    }
  }

  /** The origin of `url`, read once per distinct `scheme://host` prefix. */
  originOf(url: string): string | null {
    const slash = url.indexOf('/', url.indexOf('//') + 2);
    const prefix = slash === -1 ? url : url.slice(0, slash);
    let origin = this.prefixes.get(prefix);
    if (origin === undefined) {
      origin = urlOrigin(prefix);
      this.prefixes.set(prefix, origin);
    }
    return origin;
  }

  /** The file that judges `url`, or undefined when the page holds none for its origin. */
  judgeOf(url: string): OriginJudge | undefined {
    const origin = this.originOf(url);
    return origin === null ? undefined : this.byOrigin.get(origin);
  }

  /** The text of line `line` of the file that judged `url` ("Disallow: /x"), or ''. */
  ruleText(url: string, line: number): string {
    const j = this.judgeOf(url);
    for (const g of j?.parsed.groups ?? [])
      for (const r of g.rules) if (r.line === line) return ruleLabel(r.kind, r.raw);
    return '';
  }
}

/** Why a URL of an origin without a file is not judged, in the row's note. */
export function noFileNote(origin: string | null): string {
  return origin === null
    ? 'not on the robots.txt origin'
    : `no robots.txt for ${origin} yet: add one under Origins beside the editor`;
}
