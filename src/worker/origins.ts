/**
 * The robots.txt files of other origins beside the one in the editor: a URL
 * outside the editor's origin is judged by its own origin's file when the
 * page holds one (docs/page.md, "Several origins"), and says which origin
 * has no file otherwise. Each file is parsed and compiled once per run.
 */
import { type CompiledRules, chooseGroups, compiledFor } from '../core/index';
import { ruleLabel } from '../core/matcher';
import { parseAsRead } from '../core/parse';
import type { ParsedRobots } from '../core/types';
import { urlOrigin } from '../core/url';
import type { OriginFileSpec } from '../model/wire';
import type { BulkCrawler } from './bulk';

/** One origin's file, ready to judge rows. */
export interface OriginJudge {
  spec: OriginFileSpec;
  parsed: ParsedRobots;
  /** Per crawler: index into `checks` (crawlers obeying the same groups share one). */
  checkOf: Int32Array;
  checks: (CompiledRules | null)[];
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
