/**
 * The history of a site's robots.txt: each version with the time it went
 * live and the HTTP status it was served with. A request is judged against
 * the version live at its time (docs/logs.md).
 */
import { fetchOutcome } from '../fetch';
import type { ParsedRobots } from '../types';

/** One version of the file, live from `from` until the next one. */
export interface RobotsVersion {
  /** When it went live, ms since the epoch; -Infinity for a file with no date (live throughout). */
  from: number;
  /** Where it came from: a file name, a commit, a fetch record. */
  label: string;
  /** The status it was fetched with (200 for a file or commit). */
  status: number;
  /** The parsed file; null when the status means the rules do not apply (a 5xx, a 404). */
  parsed: ParsedRobots | null;
  /** What the fetch meant, when its record says (else it follows from `status`). */
  mode?: VersionMode;
}

/** What a version asks of every crawler before its rules are read. */
export type VersionMode = 'rules' | 'allow-all' | 'disallow-all';

/** The mode a version's status gives (RFC 9309 §2.3.1: 4xx allows all, 5xx disallows all). */
export function versionMode(v: RobotsVersion): VersionMode {
  const mode = v.mode ?? fetchOutcome(v.status).mode;
  return mode === 'rules' && v.parsed === null ? 'allow-all' : mode;
}

/** The versions in time order, and which one was live when. */
export class Timeline {
  readonly versions: readonly RobotsVersion[];
  /** The last answer of `at`: a log's requests mostly come in time order. */
  private last = 0;

  constructor(versions: readonly RobotsVersion[]) {
    if (versions.length === 0) throw new Error('a robots.txt history needs at least one version');
    this.versions = [...versions].sort((a, b) => a.from - b.from);
    for (let i = 1; i < this.versions.length; i++) {
      if (this.versions[i].from === this.versions[i - 1].from) {
        throw new Error(
          `two versions go live at the same time (${this.versions[i - 1].label}, ${this.versions[i].label})`,
        );
      }
    }
  }

  /** The index of the version live at `time`, or -1 before the first. */
  at(time: number): number {
    const vs = this.versions;
    const i = this.last;
    if (vs[i].from <= time && (i + 1 === vs.length || vs[i + 1].from > time)) return i;
    let lo = 0;
    let hi = vs.length - 1;
    if (vs[0].from > time) return -1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (vs[mid].from <= time) lo = mid;
      else hi = mid - 1;
    }
    this.last = lo;
    return lo;
  }
}
