/**
 * What the page and its logs worker (worker/logs.worker.ts) exchange: the
 * job a run is given, its progress and its report. Types only.
 */
import type { CrawlerReport, RobotsVersion, ViolationRecord } from '../core/logs/index';

/** A version the page holds as text (the editor's file, a snapshot). */
export interface TextVersion {
  label: string;
  text: string;
  /** When it went live, ms since the epoch (UTC); null: from the start. */
  from: number | null;
}

/** An operator's published IP ranges (JSON, as downloaded) and the crawler or operator they are for. */
export interface RangesFile {
  file: File;
  /** A crawler (id, name or token) or an operator of the catalogue, as `--verify-ips CRAWLER=FILE` takes. */
  crawler: string;
}

/** What a run is given: the logs, the history as texts and as files (dated versions, fetch records), the IP ranges. */
export interface LogsJob {
  logs: File[];
  texts: TextVersion[];
  files: File[];
  ranges: RangesFile[];
  graceMs?: number;
}

/** How far a run is. */
export interface LogsProgress {
  /** Bytes of the logs read (as stored: compressed for a .gz), of `total`. */
  bytes: number;
  total: number;
  lines: number;
  violations: number;
}

/** A version as the report names it, with its text for showing the deciding line. */
interface VersionShown extends Pick<RobotsVersion, 'label' | 'from' | 'status'> {
  /** Null when its fetch status, not a file, decided (a 503, a 404). */
  text: string | null;
}

/** What a run hands back. */
export interface LogsResult {
  rows: CrawlerReport[];
  /** The first violating requests, in log order (the counts cover all). */
  violations: ViolationRecord[];
  violationCount: number;
  versions: VersionShown[];
  /** Whether IP ranges were given, so that impersonations were looked for. */
  verified: boolean;
  /** The summary lines, as the CLI writes them on standard error. */
  summary: string[];
  /** The first unreadable lines and unfinished logs, named. */
  errors: string[];
  elapsedMs: number;
}
