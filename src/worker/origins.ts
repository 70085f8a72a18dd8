/**
 * The robots.txt files of other origins beside the one in the editor: a URL
 * outside the editor's origin is judged by its own origin's file when the
 * page holds one (docs/page.md, "Several origins"), and says which origin
 * has no file otherwise. Each file is parsed and compiled once per run.
 */

import type { FetchOutcome } from '../core/fetch';
import { type CompiledRules, chooseGroups, compiledFor } from '../core/index';
import { parseAsRead } from '../core/parse';
import type { ParsedRobots } from '../core/types';
import { urlOrigin } from '../core/url';
import type { CrawlerInfo, OriginFileSpec } from '../model/wire';

/** A file ready to judge a run's rows for its crawlers. */
export interface FileChecks {
  outcome: FetchOutcome;
  parsed: ParsedRobots;
  /** Per crawler: the groups it obeys (docs/behaviour.md §5), or null when none. */
  obeyed: (number[] | null)[];
  /** Per crawler: index into `checks` (crawlers obeying the same groups share one). */
  checkOf: Int32Array;
  checks: (CompiledRules | null)[];
  /** Per check: its answer for the row being judged (lines, negative when blocking). */
  results: Int32Array;
}

/** `parsed`'s checks for `crawlers`, each group choice compiled once. */
export function fileChecks(parsed: ParsedRobots, crawlers: readonly CrawlerInfo[], outcome: FetchOutcome): FileChecks {
  const obeyed: (number[] | null)[] = [];
  const checks: (CompiledRules | null)[] = [];
  const checkOf = Int32Array.from(crawlers, (c) => {
    const choice = chooseGroups(parsed, c.tokens, c.ignoresGlobal);
    obeyed.push(choice.kind === 'none' ? null : [...choice.groups]);
    // compiledFor answers the same object for the same groups.
    const check = choice.kind === 'none' ? null : compiledFor(parsed, choice.groups);
    if (!checks.includes(check)) checks.push(check);
    return checks.indexOf(check);
  });
  return { outcome, parsed, obeyed, checkOf, checks, results: new Int32Array(checks.length) };
}

/** The files of other origins for one run's crawlers, found by a URL's origin. */
export class OriginFiles {
  private readonly byOrigin = new Map<string, FileChecks>();
  /** `scheme://host` as written → its origin; a list repeats few hosts, so each is parsed once. */
  private readonly prefixes = new Map<string, string | null>();

  constructor(specs: readonly OriginFileSpec[], crawlers: readonly CrawlerInfo[]) {
    for (const spec of specs)
      this.byOrigin.set(spec.origin, fileChecks(parseAsRead(spec.text), crawlers, spec.outcome));
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
  judgeOf(url: string): FileChecks | undefined {
    const origin = this.originOf(url);
    return origin === null ? undefined : this.byOrigin.get(origin);
  }
}

/** Why a URL of an origin without a file is not judged, in the row's note. */
export function noFileNote(origin: string | null): string {
  return origin === null
    ? 'not on the robots.txt origin'
    : `no robots.txt for ${origin} yet: add one under Origins beside the editor`;
}
