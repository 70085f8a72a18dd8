/**
 * Did they obey? Each crawler request of an access log judged against the
 * robots.txt live at its time (with a grace window after each change for
 * the crawler's cached copy, RFC 9309 §2.4), counted per crawler, and each
 * violation handed back with its deciding line and version. Requests go in
 * one at a time: memory stays flat however long the log (docs/logs.md).
 */
import { type Checker, createChecker } from '../evaluate';
import { ruleAtLine, ruleLabel } from '../matcher';
import type { CatalogueProfile } from '../profiles';
import { AgentIdentifier, type Claimant } from './agents';
import { DistinctCounter } from './distinct';
import type { IpRanges } from './ipRanges';
import type { LogRequest } from './request';
import { type Timeline, type VersionMode, versionMode } from './timeline';

/** RFC 9309 §2.4: crawlers should not use a cached robots.txt for more than 24 hours. */
export const DEFAULT_GRACE_MS = 24 * 60 * 60 * 1000;

export interface AuditOptions {
  /** How long after a change the previous version still counts (ms); default 24 hours. */
  graceMs?: number;
  /**
   * Published address ranges by catalogue profile id: a request naming that
   * crawler from elsewhere is an impersonation.
   */
  ranges?: ReadonlyMap<string, IpRanges>;
  identifier?: AgentIdentifier;
}

/** A request the file live at its time disallowed, by a crawler the file applies to. */
export interface Violation {
  /** When, ms since the epoch. */
  time: number;
  crawler: string;
  /** The catalogue id, or `token:…` for an unknown bot. */
  crawlerKey: string;
  /** The request target as logged. */
  url: string;
  /** The deciding Disallow line of the live version; null when its fetch status disallowed everything. */
  line: number | null;
  /** That line as written (`Disallow: /private`), or why everything was disallowed (`HTTP 503`). */
  rule: string;
  /** The live version's label and the time it went live (ms; -Infinity for an undated file). */
  version: string;
  versionFrom: number;
  ip: string;
  userAgent: string;
}

/** Violations of one crawler by one deciding line of one version. */
interface ViolationGroup {
  version: string;
  versionFrom: number;
  line: number | null;
  rule: string;
  count: number;
}

/** What one crawler did, as far as the log shows. */
export interface CrawlerReport {
  crawler: string;
  key: string;
  operator: string | null;
  /** What the operator says the crawler is for; null for an unknown bot. */
  purpose: string | null;
  /** The catalogue's category; `unknown` for a bot the catalogue does not know. */
  category: string;
  /** Whether the operator says it obeys robots.txt (the catalogue's `honoursRobots`); `unstated` for an unknown bot. */
  operatorSaysObeys: CatalogueProfile['honoursRobots'];
  /** Whether its requests are judged (`judged`) or reported apart as fetches for a user (`user-triggered`). */
  robots: 'judged' | 'user-triggered';
  /** Requests made under this name from its own addresses (impersonations left out). */
  requests: number;
  /** Distinct request targets. */
  paths: number;
  pathsEstimated: boolean;
  /** Judged requests the live version allowed. */
  obeyed: number;
  /** Of `obeyed`: allowed only by the previous version, within the grace window after a change. */
  obeyedInGrace: number;
  violations: number;
  /** Requests of a user-triggered fetcher (never violations). */
  userTriggered: number;
  /** Of those: how many the live version would have disallowed. */
  userTriggeredDisallowed: number;
  /** Requests naming this crawler from outside its published ranges. */
  impersonations: number;
  /** Requests made before the first known version (not judged). */
  beforeHistory: number;
  firstSeen: number | null;
  lastSeen: number | null;
  violationsBy: ViolationGroup[];
}

/** The totals of a run. */
export interface AuditTotals {
  requests: number;
  /** Requests by no crawler (browsers). */
  browsers: number;
  crawlerRequests: number;
  violations: number;
  impersonations: number;
  userTriggered: number;
  beforeHistory: number;
  /** Crawler requests whose ranges were given but the log had no address for. */
  unverified: number;
}

/** A verdict below every line number: blocked by the version's fetch status, not by a line. */
const BY_STATUS = -0x7fffffff;

class CrawlerTally {
  requests = 0;
  readonly paths = new DistinctCounter();
  obeyed = 0;
  obeyedInGrace = 0;
  violations = 0;
  userTriggered = 0;
  userTriggeredDisallowed = 0;
  impersonations = 0;
  beforeHistory = 0;
  firstSeen = Number.POSITIVE_INFINITY;
  lastSeen = Number.NEGATIVE_INFINITY;
  /** Violations by `version index:line`. */
  readonly byLine = new Map<string, number>();
  /** Its checker for each version (made on first use). */
  readonly checkers: (Checker | undefined)[] = [];

  constructor(readonly claimant: Claimant) {}

  seen(time: number): void {
    if (time < this.firstSeen) this.firstSeen = time;
    if (time > this.lastSeen) this.lastSeen = time;
  }
}

/** Judges requests one at a time and keeps the counts. */
export class LogAudit {
  /** How long after a change a crawler may still follow the version before it. */
  readonly graceMs: number;
  private readonly identifier: AgentIdentifier;
  /** By claimant (the identifier hands out one object per crawler: identity, not its name, is the key). */
  private readonly tallies = new Map<Claimant, CrawlerTally>();
  /** Each version's mode, from its fetch status. */
  private readonly modes: VersionMode[];
  readonly totals: AuditTotals = {
    requests: 0,
    browsers: 0,
    crawlerRequests: 0,
    violations: 0,
    impersonations: 0,
    userTriggered: 0,
    beforeHistory: 0,
    unverified: 0,
  };

  constructor(
    readonly timeline: Timeline,
    private readonly options: AuditOptions = {},
  ) {
    this.graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
    this.identifier = options.identifier ?? new AgentIdentifier();
    this.modes = timeline.versions.map(versionMode);
  }

  /** Judges one request; returns the violation it is, or null. */
  add(req: LogRequest): Violation | null {
    this.totals.requests++;
    const claimant = this.identifier.identify(req.userAgent);
    if (claimant === null) {
      this.totals.browsers++;
      return null;
    }
    this.totals.crawlerRequests++;
    const tally = this.tally(claimant);
    if (this.impersonates(claimant, req.ip)) {
      tally.impersonations++;
      this.totals.impersonations++;
      return null;
    }
    tally.requests++;
    tally.seen(req.time);
    tally.paths.add(req.target);
    const vi = this.timeline.at(req.time);
    if (vi === -1) {
      tally.beforeHistory++;
      this.totals.beforeHistory++;
      return null;
    }
    let verdict = this.decide(vi, tally, req.target);
    let inGrace = false;
    if (verdict < 0 && vi > 0 && req.time - this.timeline.versions[vi].from < this.graceMs) {
      // The crawler may still hold the previous version: either allowing is obeying.
      if (this.decide(vi - 1, tally, req.target) >= 0) {
        verdict = 0;
        inGrace = true;
      }
    }
    if (claimant.userTriggered) {
      tally.userTriggered++;
      this.totals.userTriggered++;
      if (verdict < 0) tally.userTriggeredDisallowed++;
      return null;
    }
    if (verdict >= 0) {
      tally.obeyed++;
      if (inGrace) tally.obeyedInGrace++;
      return null;
    }
    tally.violations++;
    this.totals.violations++;
    const key = `${vi}:${verdict}`;
    tally.byLine.set(key, (tally.byLine.get(key) ?? 0) + 1);
    const v = this.timeline.versions[vi];
    const line = verdict === BY_STATUS ? null : -verdict;
    return {
      time: req.time,
      crawler: claimant.label,
      crawlerKey: claimant.key,
      url: req.target,
      line,
      rule: this.ruleText(vi, line),
      version: v.label,
      versionFrom: v.from,
      ip: req.ip,
      userAgent: req.userAgent,
    };
  }

  /** The report so far: one entry per crawler seen, most violations first, then most requests. */
  report(): CrawlerReport[] {
    const rows = [...this.tallies.values()].map((t) => this.row(t));
    return rows.sort(
      (a, b) => b.violations - a.violations || b.requests - a.requests || (a.crawler < b.crawler ? -1 : 1),
    );
  }

  private tally(c: Claimant): CrawlerTally {
    let t = this.tallies.get(c);
    if (!t) {
      t = new CrawlerTally(c);
      this.tallies.set(c, t);
    }
    return t;
  }

  private impersonates(c: Claimant, ip: string): boolean {
    const ranges = this.options.ranges?.get(c.key);
    if (!ranges) return false;
    if (ip === '') {
      this.totals.unverified++;
      return false;
    }
    return !ranges.has(ip);
  }

  /** 0 or +line: allowed; -line: disallowed by that line; BY_STATUS: disallowed by the fetch status. */
  private decide(vi: number, t: CrawlerTally, target: string): number {
    const mode = this.modes[vi];
    if (mode === 'allow-all') return 0;
    if (mode === 'disallow-all') return target === '/robots.txt' ? 0 : BY_STATUS;
    let checker = t.checkers[vi];
    if (!checker) {
      const c = t.claimant;
      checker = createChecker(
        this.timeline.versions[vi].parsed!,
        { tokens: c.tokens, ignoresGlobal: c.ignoresGlobal },
        { exactToken: true },
      );
      t.checkers[vi] = checker;
    }
    return checker.decide(target);
  }

  private ruleText(vi: number, line: number | null): string {
    const v = this.timeline.versions[vi];
    if (line === null) return `HTTP ${v.status}: everything disallowed`;
    const rule = ruleAtLine(v.parsed!, line);
    return rule ? ruleLabel(rule.kind, rule.raw) : `line ${line}`;
  }

  private row(t: CrawlerTally): CrawlerReport {
    const c = t.claimant;
    const violationsBy: ViolationGroup[] = [];
    for (const [key, count] of t.byLine) {
      const [vi, verdict] = key.split(':').map(Number);
      const v = this.timeline.versions[vi];
      const line = verdict === BY_STATUS ? null : -verdict;
      violationsBy.push({ version: v.label, versionFrom: v.from, line, rule: this.ruleText(vi, line), count });
    }
    violationsBy.sort((a, b) => b.count - a.count || a.versionFrom - b.versionFrom);
    const seen = t.requests > 0;
    return {
      crawler: c.label,
      key: c.key,
      operator: c.profile?.operator ?? null,
      purpose: c.profile?.purpose ?? null,
      category: c.profile?.category ?? 'unknown',
      operatorSaysObeys: c.profile?.honoursRobots ?? 'unstated',
      robots: c.userTriggered ? 'user-triggered' : 'judged',
      requests: t.requests,
      paths: t.paths.count,
      pathsEstimated: t.paths.estimated,
      obeyed: t.obeyed,
      obeyedInGrace: t.obeyedInGrace,
      violations: t.violations,
      userTriggered: t.userTriggered,
      userTriggeredDisallowed: t.userTriggeredDisallowed,
      impersonations: t.impersonations,
      beforeHistory: t.beforeHistory,
      firstSeen: seen ? t.firstSeen : null,
      lastSeen: seen ? t.lastSeen : null,
      violationsBy,
    };
  }
}

/** What no access log can show, said once with every report. */
export const LOG_LIMITS =
  'What a log cannot show: a crawler that never sent a request here is not in it, and one that fetched with a ' +
  "browser's user agent is counted as a browser; without published IP ranges to check against, every user agent is " +
  'taken at its word.';
