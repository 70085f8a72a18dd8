/**
 * A robots.txt history from a set of files, whatever holds them (a folder
 * on disk for the CLI, files opened in the page): dated versions
 * (`2026-09-01T00:00Z.txt`) and fetch records (`*.json` with `fetchedAt`,
 * `status` and a body file), as docs/logs.md describes.
 */
import { fetchOutcome } from '../fetch';
import { decodeUtf8 } from '../globals';
import type { ParsedRobots } from '../types';
import { parseLogTime } from './time';
import type { RobotsVersion, VersionMode } from './timeline';

/** A history that cannot be read: the message names the file and what is wrong. */
export class HistoryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HistoryError';
  }
}

/**
 * A dated name's date: `2026-09-01`, `2026-09-01T00:00Z`,
 * `2026-09-01T00-00-00+02:00` (`-` for `:`, which some file systems forbid).
 */
const DATED = /^(\d{4}-\d\d-\d\d)(?:[T_ ](\d\d)[:-]?(\d\d)(?:[:-]?(\d\d))?(?:\.\d+)?)?(Z|[+-]\d\d(?::?\d\d)?)?/;

/** The time a dated file name starts with, ms since the epoch; null when it has none. */
function dateOfName(name: string): number | null {
  const m = DATED.exec(name);
  if (!m) return null;
  const [, day, h, min, s, zone] = m;
  const iso = h === undefined ? `${day}T00:00:00` : `${day}T${h}:${min}:${s ?? '00'}`;
  const t = parseLogTime(`${iso}${zone ?? 'Z'}`);
  return Number.isNaN(t) ? null : t;
}

/**
 * A fetch record as `robots-lab fetch --save` writes it: the fields read
 * here. `fetchedAt` and `status` are needed; the body is `bodyFile`, else
 * the `.txt` of the record's own name; `mode` (rules, allow-all,
 * disallow-all), when given, says what the status meant; `sha256`, when
 * given, must be the body's; `origin` must be the same in every record.
 */
interface FetchRecordFields {
  fetchedAt: string;
  status: number;
  bodyFile?: string;
  mode?: string;
  sha256?: string;
  origin?: string;
}

const MODES: readonly VersionMode[] = ['rules', 'allow-all', 'disallow-all'];

function readRecord(name: string, text: string): FetchRecordFields {
  let r: unknown;
  try {
    r = JSON.parse(text);
  } catch (err) {
    throw new HistoryError(`fetch record ${name} is not JSON: ${(err as Error).message}`);
  }
  const rec = r as Partial<FetchRecordFields> | null;
  if (!rec || typeof rec.fetchedAt !== 'string' || typeof rec.status !== 'number') {
    throw new HistoryError(`fetch record ${name} needs "fetchedAt" (a date) and "status" (a number)`);
  }
  if (rec.bodyFile !== undefined && typeof rec.bodyFile !== 'string') {
    throw new HistoryError(`fetch record ${name}: "bodyFile" must be a file name`);
  }
  if (rec.mode !== undefined && !MODES.includes(rec.mode as VersionMode)) {
    throw new HistoryError(`fetch record ${name}: "mode" must be one of ${MODES.join(', ')}`);
  }
  return rec as FetchRecordFields;
}

/** The files a history is read from, and what the host does with their bytes. */
export interface HistoryFiles {
  /** The set's name for messages: a folder, or "the opened files". */
  label: string;
  /** The files' names (no folders), in any order. */
  names: readonly string[];
  /** The name of a file for messages (a path on disk, or the name itself). */
  where(name: string): string;
  read(name: string): Promise<Uint8Array>;
  /** Parses a version's bytes (the host applies its size limit and says its notes). */
  parse(where: string, bytes: Uint8Array): ParsedRobots;
  /** SHA-256 of bytes as lowercase hex. */
  sha256(bytes: Uint8Array): Promise<string>;
}

/** A history read from files, and the files it left out (no date in their name, no record's body). */
export interface FileHistory {
  versions: RobotsVersion[];
  ignored: string[];
}

/** The last part of a path (a record's `bodyFile` may name a folder). */
const baseName = (p: string) => p.slice(Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\')) + 1);

async function recordVersion(
  files: HistoryFiles,
  name: string,
  bodies: Set<string>,
): Promise<RobotsVersion & { origin?: string }> {
  const path = files.where(name);
  const rec = readRecord(path, decodeUtf8(await files.read(name)).text);
  const from = parseLogTime(rec.fetchedAt);
  if (Number.isNaN(from)) throw new HistoryError(`fetch record ${path}: unreadable "fetchedAt" ${rec.fetchedAt}`);
  const sibling = `${name.slice(0, -'.json'.length)}.txt`;
  const bodyName = rec.bodyFile ?? (files.names.includes(sibling) ? sibling : undefined);
  if (bodyName !== undefined) bodies.add(baseName(bodyName));
  const mode = (rec.mode as VersionMode | undefined) ?? fetchOutcome(rec.status).mode;
  let parsed = null;
  if (mode === 'rules') {
    if (bodyName === undefined) throw new HistoryError(`fetch record ${path}: status ${rec.status} but no body file`);
    const body = baseName(bodyName);
    if (!files.names.includes(body)) throw new HistoryError(`fetch record ${path}: its body file ${body} is missing`);
    const bytes = await files.read(body);
    if (typeof rec.sha256 === 'string' && (await files.sha256(bytes)) !== rec.sha256) {
      throw new HistoryError(
        `${files.where(body)}: its SHA-256 is not the one ${name} names (an edited or half-written file)`,
      );
    }
    parsed = files.parse(files.where(body), bytes);
  }
  return { from, label: name, status: rec.status, parsed, mode, origin: rec.origin };
}

/**
 * Reads every fetch record and every dated file of a set into versions; a
 * record's body is no version of its own. Throws a HistoryError naming the
 * file for a record that cannot be read, records of several origins, or a
 * set with no version at all.
 */
export async function historyFromFiles(files: HistoryFiles): Promise<FileHistory> {
  const names = [...files.names].sort();
  const origins = new Set<string>();
  const versions: RobotsVersion[] = [];
  const bodies = new Set<string>();
  const dated: { name: string; from: number }[] = [];
  const skipped: string[] = [];
  for (const name of names) {
    if (name.endsWith('.json')) {
      const v = await recordVersion(files, name, bodies);
      if (v.origin !== undefined) origins.add(v.origin);
      versions.push(v);
    } else {
      const from = dateOfName(name);
      if (from === null) skipped.push(name);
      else dated.push({ name, from });
    }
  }
  if (origins.size > 1) {
    throw new HistoryError(
      `${files.label} holds fetch records of several origins (${[...origins].slice(0, 3).join(', ')}): give one origin's`,
    );
  }
  for (const { name, from } of dated) {
    if (bodies.has(name)) continue;
    versions.push({ from, label: name, status: 200, parsed: files.parse(files.where(name), await files.read(name)) });
  }
  if (versions.length === 0)
    throw new HistoryError(`${files.label} holds no dated robots.txt versions and no fetch records`);
  return { versions, ignored: skipped.filter((n) => !bodies.has(n)) };
}
