/**
 * The robots.txt files of origins other than the editor's, one per origin:
 * typed or pasted (with a simulated fetch status), or read from the records
 * `robots-lab fetch --save` wrote. Kept in this browser by
 * persist/origins.ts, apart from the page's main inputs.
 */
import { create } from 'zustand';
import { fetchOutcome } from '../core/fetch';
import type { RobotsFetchRecord } from '../core/fetchRecord';
import type { OriginFileSpec } from '../model/wire';

/** What a saved record tells about the file beside its text. */
type OriginRecord = Pick<RobotsFetchRecord, 'fetchedAt' | 'sha256' | 'summary' | 'mode' | 'reason'>;

/** One origin's file. */
export interface OriginFile extends Omit<OriginFileSpec, 'outcome'> {
  /** Set when the file came from a saved record: its outcome decides, not the status. */
  record: OriginRecord | null;
}

export interface OriginsState {
  files: OriginFile[];
  /** The origin whose file is open for writing (not kept across reloads). */
  editing: string | null;
  /** Adds an origin's file, or replaces the one held for that origin. */
  put(file: OriginFile): void;
  setText(origin: string, text: string): void;
  setStatus(origin: string, fetchStatus: number): void;
  remove(origin: string): void;
  /** Puts `files` in place of all held ("New", its undo, and the files read back at start). */
  restore(files: OriginFile[]): void;
  /** Opens (or, with null, closes) an origin's file for writing; an origin with none gets an empty one. */
  edit(origin: string | null): void;
}

function update(files: OriginFile[], origin: string, change: Partial<OriginFile>): OriginFile[] {
  return files.map((f) => (f.origin === origin ? { ...f, ...change } : f));
}

/** The page's other origins. */
export const useOrigins = create<OriginsState>()((set) => ({
  files: [],
  editing: null,
  put: (file) => set((s) => ({ files: [...s.files.filter((f) => f.origin !== file.origin), file] })),
  // Typing over a recorded file makes it a simulated one: the record no longer describes it.
  setText: (origin, text) => set((s) => ({ files: update(s.files, origin, { text, record: null }) })),
  setStatus: (origin, fetchStatus) => set((s) => ({ files: update(s.files, origin, { fetchStatus, record: null }) })),
  remove: (origin) => set((s) => ({ files: s.files.filter((f) => f.origin !== origin) })),
  restore: (files) => set((s) => ({ files, editing: files.some((f) => f.origin === s.editing) ? s.editing : null })),
  edit: (origin) =>
    set((s) =>
      origin === null || s.files.some((f) => f.origin === origin)
        ? { editing: origin }
        : { editing: origin, files: [...s.files, { origin, text: '', fetchStatus: 200, record: null }] },
    ),
}));

/** What the worker needs of each file: the outcome is the record's when there is one. */
export function originSpecs(files: readonly OriginFile[]): OriginFileSpec[] {
  return files.map((f) => ({
    origin: f.origin,
    text: f.text,
    fetchStatus: f.fetchStatus,
    outcome: f.record ? { mode: f.record.mode, reason: f.record.reason } : fetchOutcome(f.fetchStatus),
  }));
}
