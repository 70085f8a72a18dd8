/**
 * Where `robots-lab logs --robots SOURCE` reads a site's robots.txt history
 * from (docs/logs.md): one file (live throughout), a directory of dated
 * versions (`2026-09-01T00:00Z.txt`) and of fetch records (`*.json` with
 * `fetchedAt`, `status` and `bodyFile`), or a git repository's history of
 * the file (`git:PATH/robots.txt`, each commit live from its commit time).
 */
import { execFile } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { RobotsVersion } from '../core/logs/index';
import { parseLogTime } from '../core/logs/index';
import { parseRobots } from './check';
import { CliError, type CliIo, readUserFile } from './io';

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

/** A fetch record as `robots-lab fetch --save` writes it (the fields read here). */
interface FetchRecord {
  fetchedAt: string;
  status: number;
  bodyFile?: string;
}

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
  return rec as FetchRecord;
}

async function directoryHistory(io: CliIo, dir: string, sizeLimit: boolean): Promise<RobotsVersion[]> {
  const names = (await readdir(dir)).sort();
  const versions: RobotsVersion[] = [];
  const bodies = new Set<string>();
  const dated: { name: string; from: number }[] = [];
  const skipped: string[] = [];
  for (const name of names) {
    const path = join(dir, name);
    if (name.endsWith('.json')) {
      const rec = readRecord(path, new TextDecoder().decode(await readUserFile(io, path, 'fetch record')));
      const from = parseLogTime(rec.fetchedAt);
      if (Number.isNaN(from)) throw new CliError(`fetch record ${path}: unreadable "fetchedAt" ${rec.fetchedAt}`);
      let parsed = null;
      if (rec.bodyFile !== undefined) {
        bodies.add(basename(rec.bodyFile));
        const body = join(dir, rec.bodyFile);
        if (rec.status >= 200 && rec.status < 300) {
          parsed = parseRobots(io, body, await readUserFile(io, body, 'robots.txt body'), sizeLimit);
        }
      } else if (rec.status >= 200 && rec.status < 300) {
        throw new CliError(`fetch record ${path}: status ${rec.status} but no "bodyFile"`);
      }
      versions.push({ from, label: name, status: rec.status, parsed });
    } else {
      const from = dateOfName(name);
      if (from === null) skipped.push(name);
      else dated.push({ name, from });
    }
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
