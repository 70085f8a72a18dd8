/**
 * Where `robots-lab logs --robots SOURCE` reads a site's robots.txt history
 * from (docs/logs.md): one file (live throughout), a directory of dated
 * versions (`2026-09-01T00:00Z.txt`) and of fetch records (`*.json` with
 * `fetchedAt`, `status` and `bodyFile`), or a git repository's history of
 * the file (`git:PATH/robots.txt`, each commit live from its commit time).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { fetchOutcome } from '../core/fetch';
import { parseLogTime, type RobotsVersion, type VersionMode } from '../core/logs/index';
import { CliError, type CliIo, readUserFile } from './io';
import { parseRobots } from './robots';

const run = promisify(execFile);

/** The largest `git show` output read (a robots.txt over this is cut by Google anyway). */
const GIT_MAX_BYTES = 64 << 20;

/**
 * A dated name's date: `2026-09-01`, `2026-09-01T00:00Z`,
 * `2026-09-01T00-00-00+02:00` (`-` for `:`, which some file systems forbid).
 */
const DATED = /^(\d{4}-\d\d-\d\d)(?:[T_ ](\d\d)[:-]?(\d\d)(?:[:-]?(\d\d))?(?:\.\d+)?)?(Z|[+-]\d\d(?::?\d\d)?)?/;

/** The time a dated file name starts with, ms since the epoch; null when it has none. */
export function dateOfName(name: string): number | null {
  const m = DATED.exec(name);
  if (!m) return null;
  const [, day, h, min, s, zone] = m;
  const iso = h === undefined ? `${day}T00:00:00` : `${day}T${h}:${min}:${s ?? '00'}`;
  const t = parseLogTime(`${iso}${zone ?? 'Z'}`);
  return Number.isNaN(t) ? null : t;
}

/** Reads a SOURCE into versions, in time order. */
export async function loadHistory(io: CliIo, source: string, sizeLimit: boolean): Promise<RobotsVersion[]> {
  if (source.startsWith('git:')) return gitHistory(io, source.slice(4), sizeLimit);
  let isDir = false;
  try {
    isDir = source !== '-' && (await stat(source)).isDirectory();
  } catch {
    isDir = false;
  }
  if (isDir) return directoryHistory(io, source, sizeLimit);
  const parsed = parseRobots(io, source, await readUserFile(io, source, 'robots.txt'), sizeLimit);
  return [{ from: Number.NEGATIVE_INFINITY, label: source, status: 200, parsed }];
}

/**
 * A fetch record as `robots-lab fetch --save` writes it: the fields read
 * here. `fetchedAt` and `status` are needed; the body is `bodyFile`, else
 * the `.txt` of the record's own name; `mode` (rules, allow-all,
 * disallow-all), when given, says what the status meant; `sha256`, when
 * given, must be the body's; `origin` must be the same in every record.
 */
interface FetchRecord {
  fetchedAt: string;
  status: number;
  bodyFile?: string;
  mode?: string;
  sha256?: string;
  origin?: string;
}

const MODES: readonly VersionMode[] = ['rules', 'allow-all', 'disallow-all'];

function readRecord(name: string, text: string): FetchRecord {
  let r: unknown;
  try {
    r = JSON.parse(text);
  } catch (err) {
    throw new CliError(`fetch record ${name} is not JSON: ${(err as Error).message}`);
  }
  const rec = r as Partial<FetchRecord> | null;
  if (!rec || typeof rec.fetchedAt !== 'string' || typeof rec.status !== 'number') {
    throw new CliError(`fetch record ${name} needs "fetchedAt" (a date) and "status" (a number)`);
  }
  if (rec.bodyFile !== undefined && typeof rec.bodyFile !== 'string') {
    throw new CliError(`fetch record ${name}: "bodyFile" must be a file name`);
  }
  if (rec.mode !== undefined && !MODES.includes(rec.mode as VersionMode)) {
    throw new CliError(`fetch record ${name}: "mode" must be one of ${MODES.join(', ')}`);
  }
  return rec as FetchRecord;
}

/** One fetch record of a directory as a version; the body file it names goes into `bodies`. */
async function recordVersion(
  io: CliIo,
  dir: string,
  name: string,
  names: ReadonlySet<string>,
  bodies: Set<string>,
  sizeLimit: boolean,
): Promise<RobotsVersion & { origin?: string }> {
  const path = join(dir, name);
  const rec = readRecord(path, new TextDecoder().decode(await readUserFile(io, path, 'fetch record')));
  const from = parseLogTime(rec.fetchedAt);
  if (Number.isNaN(from)) throw new CliError(`fetch record ${path}: unreadable "fetchedAt" ${rec.fetchedAt}`);
  const sibling = `${name.slice(0, -'.json'.length)}.txt`;
  const bodyName = rec.bodyFile ?? (names.has(sibling) ? sibling : undefined);
  if (bodyName !== undefined) bodies.add(basename(bodyName));
  const mode = (rec.mode as VersionMode | undefined) ?? fetchOutcome(rec.status).mode;
  let parsed = null;
  if (mode === 'rules') {
    if (bodyName === undefined) throw new CliError(`fetch record ${path}: status ${rec.status} but no body file`);
    const bodyPath = join(dir, bodyName);
    const bytes = await readUserFile(io, bodyPath, 'robots.txt body');
    if (typeof rec.sha256 === 'string' && createHash('sha256').update(bytes).digest('hex') !== rec.sha256) {
      throw new CliError(`${bodyPath}: its SHA-256 is not the one ${name} names (an edited or half-written file)`);
    }
    parsed = parseRobots(io, bodyPath, bytes, sizeLimit);
  }
  return { from, label: name, status: rec.status, parsed, mode, origin: rec.origin };
}

async function directoryHistory(io: CliIo, dir: string, sizeLimit: boolean): Promise<RobotsVersion[]> {
  const names = (await readdir(dir)).sort();
  const all = new Set(names);
  const origins = new Set<string>();
  const versions: RobotsVersion[] = [];
  const bodies = new Set<string>();
  const dated: { name: string; from: number }[] = [];
  const skipped: string[] = [];
  for (const name of names) {
    if (name.endsWith('.json')) {
      const v = await recordVersion(io, dir, name, all, bodies, sizeLimit);
      if (v.origin !== undefined) origins.add(v.origin);
      versions.push(v);
    } else {
      const from = dateOfName(name);
      if (from === null) skipped.push(name);
      else dated.push({ name, from });
    }
  }
  if (origins.size > 1) {
    throw new CliError(
      `${dir} holds fetch records of several origins (${[...origins].slice(0, 3).join(', ')}): give one origin's`,
    );
  }
  for (const { name, from } of dated) {
    if (bodies.has(name)) continue;
    const path = join(dir, name);
    versions.push({
      from,
      label: name,
      status: 200,
      parsed: parseRobots(io, path, await readUserFile(io, path, 'robots.txt'), sizeLimit),
    });
  }
  const ignored = skipped.filter((n) => !bodies.has(n));
  if (ignored.length > 0) {
    io.stderr.write(
      `note: ${dir}: ${ignored.length} file(s) with no date in their name ignored (${ignored.slice(0, 3).join(', ')})\n`,
    );
  }
  if (versions.length === 0) throw new CliError(`${dir} holds no dated robots.txt versions and no fetch records`);
  return versions;
}

async function gitHistory(io: CliIo, file: string, sizeLimit: boolean): Promise<RobotsVersion[]> {
  const path = resolve(file);
  const cwd = dirname(path);
  let log: string;
  try {
    // Commit time and hash of every commit that changed the file (under this name).
    ({ stdout: log } = await run('git', ['log', '--format=%H %cI', '--', basename(path)], {
      cwd,
      maxBuffer: GIT_MAX_BYTES,
    }));
  } catch (err) {
    throw new CliError(`cannot read the git history of ${file}: ${(err as Error).message.split('\n')[0]}`);
  }
  const commits = log.split('\n').filter((l) => l.trim() !== '');
  if (commits.length === 0) throw new CliError(`${file} has no commits in its git history`);
  const versions: RobotsVersion[] = [];
  for (const line of commits) {
    const [hash, date] = line.split(' ');
    let body: Buffer;
    try {
      ({ stdout: body } = await run('git', ['show', `${hash}:./${basename(path)}`], {
        cwd,
        encoding: 'buffer',
        maxBuffer: GIT_MAX_BYTES,
      }));
    } catch {
      // The commit deleted the file: from then on there is none (a 404 allows all).
      versions.push({ from: Date.parse(date), label: `${hash.slice(0, 12)} (deleted)`, status: 404, parsed: null });
      continue;
    }
    const label = `${hash.slice(0, 12)}`;
    versions.push({
      from: Date.parse(date),
      label,
      status: 200,
      parsed: parseRobots(io, `${file}@${label}`, body, sizeLimit),
    });
  }
  return versions;
}
