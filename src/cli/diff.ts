/**
 * `robots-lab diff OLD NEW`: the URL × crawler verdicts an edit of a
 * robots.txt flips, with the old and new deciding lines and the edited lines
 * that cause each flip; a CI gate with `--fail-on`.
 */

import { csvRecord } from '../core/csv';
import { describeEdit, FLIP_COLUMNS, flipCsvRecord } from '../core/diff/csv';
import { compareRobots, emptyCounts, type Flip, type LineEdit, verdictFlips } from '../core/diff/index';
import { toRequestUrl } from '../core/index';
import { flag, flags, type ParsedArgs, UsageError } from './args';
import { originOf, writeRows } from './check';
import { readRobotsSource } from './fetch';
import { CliError, type CliIo, EXIT_EXPECTATION, EXIT_OK, EXIT_USAGE } from './io';
import { agentTokens, parseRobots, resolveAgents } from './robots';
import { type Format, streamingTable } from './rows';
import { OutputBuffer } from './stream';
import { readTargets } from './targets';

/**
 * A robots.txt file, or one fetched from a URL or host: a fetch that found
 * no file but allows everything (4xx, redirects to nowhere) reads as an
 * empty file; one that blocks everything (5xx, 429, no answer) has no file
 * to compare and is refused with its reason.
 */
async function loadRobotsFile(io: CliIo, path: string, args: ParsedArgs, sizeLimit: boolean) {
  const { name, bytes, fetched: r } = await readRobotsSource(io, path, args);
  if (r?.mode === 'disallow-all') throw new CliError(`${r.url} has no file to read: ${r.summary}. ${r.reason}`);
  return parseRobots(io, name, r?.mode === 'allow-all' ? new Uint8Array(0) : bytes, sizeLimit);
}

type FailOn = 'blocked' | 'allowed' | 'any';

/** How many failing flips stderr names before it says "and N more". */
const NAMED_FAILURES = 20;

/** The command's options, checked. */
function readOptions(args: ParsedArgs, io: CliIo) {
  const [oldPath, newPath, ...positional] = args.positional;
  if (!oldPath || !newPath) throw new UsageError('diff needs two files: OLD.txt NEW.txt', 'diff');
  const agents = resolveAgents(flags(args, 'agent'), io);
  if (agents.length === 0)
    throw new UsageError('diff needs at least one --agent (a crawler name or a product token)', 'diff');
  return {
    oldPath,
    newPath,
    crawlers: agents.map((a) => ({ label: a.label, spec: agentTokens(a) })),
    format: (flag(args, 'format') ?? 'table') as Format,
    failOn: (flag(args, 'fail-on') ?? null) as FailOn | null,
    raw: args.switches.has('raw'),
    sizeLimit: !args.switches.has('no-size-limit'),
    ...readTargets(args, io, 'compare', [oldPath, newPath], positional),
  };
}

/** A flip with the URL as given beside the URL evaluated (in the order of the JSON fields). */
type FlipRow = Flip & { requestUrl: string };

/** Runs `diff`; resolves to the exit code. Lists stream; a URL met again (in its evaluated form) is compared once. */
export async function runDiff(args: ParsedArgs, io: CliIo): Promise<number> {
  const o = readOptions(args, io);
  const before = await loadRobotsFile(io, o.oldPath, args, o.sizeLimit);
  const after = await loadRobotsFile(io, o.newPath, args, o.sizeLimit);
  const comparison = compareRobots(before, after);
  const counts = emptyCounts();
  const out = new OutputBuffer(io.stdout);
  const writer = flipWriter(o.format, counts);
  const failing: FlipRow[] = [];
  let failingTotal = 0;
  let urls = 0;
  let invalid = 0;
  const seen = new Set<string>();
  await writeRows(o, io, writer, out, {
    batch: (batch) => {
      // The evaluated form of each URL, mapped back to the URL as given for the output.
      const given = new Map<string, string>();
      for (let i = 0; i < batch.urls.length; i++) {
        const url = batch.urls[i];
        const r = o.raw ? { url } : toRequestUrl(url);
        if ('error' in r && r.error) {
          invalid++;
          io.stderr.write(`robots-lab: ${originOf(batch.name, batch.lines[i])}: unreadable URL "${url}": ${r.error}\n`);
          continue;
        }
        if (seen.has(r.url)) continue;
        seen.add(r.url);
        given.set(r.url, url);
      }
      urls += given.size;
      for (const flip of verdictFlips(comparison, given.keys(), o.crawlers, counts)) {
        const { url, ...rest } = flip;
        const row: FlipRow = { url: given.get(url)!, requestUrl: url, ...rest };
        out.push(writer.row(row));
        if (o.failOn && fails(row, o.failOn)) {
          failingTotal++;
          if (failing.length < NAMED_FAILURES) failing.push(row);
        }
      }
    },
    rows: () => urls + invalid,
  });
  io.stderr.write(summary(counts, o.crawlers.length, urls));
  if (invalid > 0) {
    io.stderr.write(`${invalid} URL${invalid === 1 ? '' : 's'} could not be read\n`);
    return EXIT_USAGE;
  }
  if (failingTotal > 0) {
    io.stderr.write(describeFailures(failing, failingTotal, o.failOn!));
    return EXIT_EXPECTATION;
  }
  return EXIT_OK;
}

function fails(f: Flip, failOn: FailOn): boolean {
  if (failOn === 'any') return true;
  return failOn === 'blocked' ? f.kind === 'allowed-to-blocked' : f.kind === 'blocked-to-allowed';
}

/** "this deploy would block N URL × crawler pairs that are allowed today, and allow M that are blocked today" */
function summary(counts: ReturnType<typeof emptyCounts>, crawlers: number, urls: number): string {
  const pairs = (n: number) => `${n} URL${crawlers > 1 ? ' × crawler pair' : ''}${n === 1 ? '' : 's'}`;
  const lines = [
    `this deploy would block ${pairs(counts.allowedToBlocked)} that ${counts.allowedToBlocked === 1 ? 'is' : 'are'} allowed today, ` +
      `and allow ${pairs(counts.blockedToAllowed)} that ${counts.blockedToAllowed === 1 ? 'is' : 'are'} blocked today ` +
      `(${urls} URL${urls === 1 ? '' : 's'} × ${crawlers} crawler${crawlers === 1 ? '' : 's'} compared)`,
  ];
  if (crawlers > 1) {
    for (const [label, c] of counts.byCrawler) {
      lines.push(`  ${label}: ${c.allowedToBlocked} newly blocked, ${c.blockedToAllowed} newly allowed`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function describeFailures(shown: FlipRow[], total: number, failOn: FailOn): string {
  const what = failOn === 'any' ? 'flip' : failOn === 'blocked' ? 'newly blocked URL' : 'newly allowed URL';
  const lines = [`${total} ${what}${total === 1 ? '' : 's'} (--fail-on ${failOn}):`];
  for (const f of shown) {
    lines.push(
      `  ${f.url} for ${f.crawler}: ${verdictText(f, 'old')} → ${verdictText(f, 'new')}; cause: ${causesText(f.causes)}`,
    );
  }
  if (total > shown.length) lines.push(`  … and ${total - shown.length} more`);
  return `${lines.join('\n')}\n`;
}

/** "BLOCKED by line 2 (Disallow: /shop)" or "ALLOWED (no rule)". */
function verdictText(f: Flip, side: 'old' | 'new'): string {
  const blocked = (side === 'old') === (f.kind === 'blocked-to-allowed');
  const line = side === 'old' ? f.oldLine : f.newLine;
  const word = blocked ? 'BLOCKED' : 'ALLOWED';
  return line ? `${word} by line ${line.line} (${line.text})` : `${word} (no rule)`;
}

function causesText(causes: LineEdit[]): string {
  return causes.length ? causes.map(describeEdit).join('; ') : 'no single edited line';
}

/**
 * Flips as text, row by row, in every format. The JSON document is
 * `{"flips": [...], "counts": {...}}`: the counts are known only at the end.
 */
function flipWriter(format: Format, counts: ReturnType<typeof emptyCounts>) {
  const table = streamingTable(['URL', 'CRAWLER', 'BEFORE', 'AFTER', 'CAUSE']);
  let rows = 0;
  return {
    head: format === 'csv' ? csvRecord(FLIP_COLUMNS) : format === 'json' ? '{\n  "flips": [' : '',
    row(f: FlipRow): string {
      const first = rows++ === 0;
      if (format === 'jsonl') return `${JSON.stringify(f)}\n`;
      if (format === 'csv') return flipCsvRecord(f);
      if (format === 'json') return `${first ? '' : ','}\n    ${JSON.stringify(f, null, 2).replace(/\n/g, '\n    ')}`;
      return table.row([f.url, f.crawler, verdictText(f, 'old'), verdictText(f, 'new'), causesText(f.causes)]);
    },
    end(): string {
      if (format === 'table') return rows === 0 ? 'no verdict flips\n' : table.end();
      if (format !== 'json') return '';
      const doc = {
        checked: counts.checked,
        allowedToBlocked: counts.allowedToBlocked,
        blockedToAllowed: counts.blockedToAllowed,
        byCrawler: Object.fromEntries(counts.byCrawler),
      };
      const close = rows === 0 ? ']' : '\n  ]';
      return `${close},\n  "counts": ${JSON.stringify(doc, null, 2).replace(/\n/g, '\n  ')}\n}\n`;
    },
  };
}
