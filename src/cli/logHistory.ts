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
import { type FileHistory, HistoryError, historyFromFiles, type RobotsVersion } from '../core/logs/index';
import { CliError, type CliIo, readUserFile } from './io';
import { parseRobots } from './robots';

const run = promisify(execFile);

/** The largest `git show` output read (a robots.txt over this is cut by Google anyway). */
const GIT_MAX_BYTES = 64 << 20;

/** Reads a SOURCE into versions, in time order. */
export async function loadHistory(io: CliIo, source: string, sizeLimit: boolean): Promise<RobotsVersion[]> {
  if (source.startsWith('git:')) return gitHistory(io, source.slice(4), sizeLimit);
  const isDir = source !== '-' && (await stat(source).catch(() => null))?.isDirectory();
  if (isDir) return directoryHistory(io, source, sizeLimit);
  const parsed = parseRobots(io, source, await readUserFile(io, source, 'robots.txt'), sizeLimit);
  return [{ from: Number.NEGATIVE_INFINITY, label: source, status: 200, parsed }];
}

async function directoryHistory(io: CliIo, dir: string, sizeLimit: boolean): Promise<RobotsVersion[]> {
  const names = await readdir(dir);
  const history: FileHistory = await historyFromFiles({
    label: dir,
    names,
    where: (name) => join(dir, name),
    read: (name) => readUserFile(io, join(dir, name), name.endsWith('.json') ? 'fetch record' : 'robots.txt'),
    parse: (path, bytes) => parseRobots(io, path, bytes, sizeLimit),
    sha256: async (bytes) => createHash('sha256').update(bytes).digest('hex'),
  }).catch((err: Error) => {
    throw err instanceof HistoryError ? new CliError(err.message) : err;
  });
  const { ignored } = history;
  if (ignored.length > 0) {
    io.stderr.write(
      `note: ${dir}: ${ignored.length} file(s) with no date in their name ignored (${ignored.slice(0, 3).join(', ')})\n`,
    );
  }
  return history.versions;
}

async function gitHistory(io: CliIo, file: string, sizeLimit: boolean): Promise<RobotsVersion[]> {
  const path = resolve(file);
  const cwd = dirname(path);
  // Commit time and hash of every commit that changed the file (under this name).
  const { stdout: log } = await run('git', ['log', '--format=%H %cI', '--', basename(path)], {
    cwd,
    maxBuffer: GIT_MAX_BYTES,
  }).catch((err: Error) => {
    throw new CliError(`cannot read the git history of ${file}: ${err.message.split('\n')[0]}`);
  });
  const commits = log.split('\n').filter((l) => l.trim() !== '');
  if (commits.length === 0) throw new CliError(`${file} has no commits in its git history`);
  const versions: RobotsVersion[] = [];
  for (const line of commits) {
    const [hash, date] = line.split(' ');
    const label = hash.slice(0, 12);
    const from = Date.parse(date);
    // A commit that deleted the file has none to show: from then on there is none (a 404 allows all).
    const body = await run('git', ['show', `${hash}:./${basename(path)}`], {
      cwd,
      encoding: 'buffer',
      maxBuffer: GIT_MAX_BYTES,
    }).then(
      (r) => r.stdout,
      () => null,
    );
    versions.push(
      body === null
        ? { from, label: `${label} (deleted)`, status: 404, parsed: null }
        : { from, label, status: 200, parsed: parseRobots(io, `${file}@${label}`, body, sizeLimit) },
    );
  }
  return versions;
}
