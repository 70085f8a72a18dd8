/**
 * `robots-lab fetch URL|HOST…`: each origin's /robots.txt fetched as Google
 * does, and per origin the outcome the rest of the tool uses: status,
 * redirects, headers, bytes, SHA-256, the body kept and what it means
 * (docs/fetch.md). Origins are fetched in parallel; the output keeps the
 * order they were given in.
 */
import { robotsLocation } from '../core/fetch';
import { GOOGLE_SIZE_LIMIT_BYTES } from '../core/limits';
import { RobotsFetcher } from '../net/fetcher';
import type { FetchedRobots } from '../net/fetchRobots';
import { flag, type ParsedArgs } from './args';
import { fetchSettings } from './fetchOptions';
import { CliError, type CliIo, EXIT_OK } from './io';

/** Runs `fetch`; resolves to 0 whatever the servers answered (their answers are the output). */
export async function runFetch(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.positional.length === 0) throw new CliError('fetch needs a URL or host: robots-lab fetch example.com');
  // The flag table checks the value against fetch's choices.
  const format = (flag(args, 'format') ?? 'table') as 'table' | 'json' | 'jsonl';
  const origins = new Map<string, string>();
  for (const arg of args.positional) {
    const at = robotsLocation(arg);
    if ('error' in at) throw new CliError(at.error);
    origins.set(at.origin, at.url);
  }
  const fetcher = new RobotsFetcher(fetchSettings(args));
  const results = [...origins].map(([origin, url]) => fetcher.fetch(origin, url));
  if (format === 'json') io.stdout.write('[');
  for (let i = 0; i < results.length; i++) {
    const fetched = await results[i];
    if (format === 'table') io.stdout.write(asText(fetched, i === 0));
    else {
      // The record with the kept body as text (UTF-8, as a crawler decodes it).
      const record = { ...fetched.record, body: new TextDecoder().decode(fetched.body) };
      const line = JSON.stringify(record, null, format === 'json' ? 2 : undefined);
      io.stdout.write(format === 'json' ? `${i === 0 ? '\n' : ',\n'}${line}` : `${line}\n`);
    }
  }
  if (format === 'json') io.stdout.write('\n]\n');
  return EXIT_OK;
}

/** One origin as a block of labelled lines, then its body, indented. */
function asText({ record: r, body }: FetchedRobots, first: boolean): string {
  const lines = [`${first ? '' : '\n'}${r.origin}`];
  const field = (label: string, value: string | number | null) => {
    if (value !== null) lines.push(`  ${label.padEnd(14)}${value}`);
  };
  field(
    'status',
    r.error !== null ? `none (${r.error})` : r.revalidated ? `${r.status} (304: unchanged since the cache)` : r.status,
  );
  field('meaning', `${r.summary}. ${r.reason}`);
  for (const hop of r.redirects) field('redirect', `${hop.status} ${hop.from} → ${hop.to}`);
  field('redirects end', r.redirectEnd);
  field('content type', r.contentType);
  field('encoding', r.contentEncoding);
  field('last modified', r.lastModified);
  field('etag', r.etag);
  field('fetched at', r.fetchedAt);
  field('bytes', r.truncated ? `${r.bytes} (the first ${r.kept} kept)` : r.bytes);
  field('sha256', r.sha256);
  if (body.length > 0) {
    lines.push('  body');
    const text = new TextDecoder().decode(body);
    const bodyLines = text.split(/\r\n|\r|\n/);
    // A final line break ends the last line; it does not start another.
    if (bodyLines.at(-1) === '') bodyLines.pop();
    for (const line of bodyLines) lines.push(`  | ${line}`);
    if (r.truncated) {
      lines.push(
        `  [cut here: Google reads only the first ${GOOGLE_SIZE_LIMIT_BYTES.toLocaleString('en-US')} of ${r.bytes.toLocaleString('en-US')} bytes]`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
