/**
 * The Logs tab's state: the robots.txt history the logs are judged
 * against, the run's progress and report, and the violation on screen.
 * Kept outside the tab so that switching tabs keeps the report. Nothing
 * here is saved or sent: logs can be large and private.
 */
import { create } from 'zustand';
import type { ViolationRecord } from '../core/logs/index';
import type { LogsProgress, LogsResult, RangesFile, TextVersion } from '../model/logs';

/** A version the page holds as text (a run's `TextVersion`); the editor's file is read when the run starts. */
export interface TextSource extends Omit<TextVersion, 'text'> {
  id: string;
  kind: 'editor' | 'opened' | 'snapshot';
  /** The text, for an opened file or a snapshot. */
  text?: string;
}

interface LogsState {
  texts: TextSource[];
  /** Dated versions and fetch records the user opened. */
  files: File[];
  /** Operators' published IP ranges the user opened: a request naming a crawler from elsewhere is an impersonation. */
  ranges: RangesFile[];
  /** The logs of the last run (kept for running again with another history). */
  logs: File[];
  running: boolean;
  progress: LogsProgress | null;
  result: LogsResult | null;
  error: string | null;
  /** The violation whose request and deciding line are shown. */
  shown: ViolationRecord | null;
  set(part: Partial<Omit<LogsState, 'set'>>): void;
}

export const EDITOR_SOURCE: TextSource = { id: 'editor', kind: 'editor', label: 'The editor’s file', from: null };

export const useLogs = create<LogsState>()((set) => ({
  texts: [EDITOR_SOURCE],
  files: [],
  ranges: [],
  logs: [],
  running: false,
  progress: null,
  result: null,
  error: null,
  shown: null,
  set: (part) => set(part),
}));
