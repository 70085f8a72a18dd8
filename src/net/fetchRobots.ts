/**
 * Fetches one origin's /robots.txt the way Google does (docs/behaviour.md
 * §2): redirects followed by hand, at most five hops and across origins;
 * gzip, deflate and brotli bodies decoded; the first 512,000 bytes kept;
 * one deadline for the whole fetch; a network failure is an answer too
 * (status 0 with its cause). What it all means is `fetchMeaning`
 * (src/core/fetch.ts); this module only observes.
 */
import { createHash } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { fetchMeaning, MAX_REDIRECT_HOPS } from '../core/fetch';
import { FETCH_RECORD_FORMAT, type RedirectHop, type RobotsFetchRecord } from '../core/fetchRecord';
import { GOOGLE_SIZE_LIMIT_BYTES } from '../core/limits';
import type { OriginLimiter } from './limiter';

/** Bytes read past the kept 512,000 only to count them; a longer body is cut here. */
const MAX_COUNTED_BYTES = 10 << 20;

/** Sends requests for one host and port to another address, as curl's --connect-to does. */
export interface ConnectTo {
  /** `host:port` as in the URL (port written out); empty matches every origin. */
  from: string;
  host: string;
  port: number;
}

/** How to fetch. */
export interface FetchRobotsOptions {
  userAgent: string;
  /** One deadline for the whole fetch, redirects and body included. */
  timeoutMs: number;
  limiter: OriginLimiter;
  connectTo?: ConnectTo[];
  /** A record and body from an earlier fetch: its validators are sent, and a 304 keeps its body. */
  cached?: { record: RobotsFetchRecord; body: Uint8Array } | null;
  /** The clock (tests pin it). */
  now?: () => Date;
}

/** A fetch's record and the bytes it kept. */
export interface FetchedRobots {
  record: RobotsFetchRecord;
  body: Uint8Array;
}

/** What one request got: a status and headers, or a failure, and the body read. */
interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Uint8Array;
  bytes: number;
  truncated: boolean;
}

/** Fetches `url` (a robots.txt URL of `origin`); never rejects: failures are part of the record. */
export async function fetchRobots(origin: string, url: string, options: FetchRobotsOptions): Promise<FetchedRobots> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const redirects: RedirectHop[] = [];
  const seen = new Set<string>([url]);
  let current = url;
  let redirectEnd: string | null = null;
  let answer: Answer | null = null;
  let error: string | null = null;
  try {
    for (;;) {
      const conditional = options.cached && options.cached.record.finalUrl === current ? options.cached.record : null;
      answer = await options.limiter.run(new URL(current).origin, () =>
        requestOnce(current, options, conditional, controller.signal),
      );
      const location = isRedirect(answer.status) ? answer.headers.location : undefined;
      if (!isRedirect(answer.status)) break;
      const next = location === undefined ? null : resolveLocation(location, current);
      if (next === null) {
        redirectEnd =
          location === undefined ? `HTTP ${answer.status} with no Location` : `unusable Location "${location}"`;
        break;
      }
      if (redirects.length === MAX_REDIRECT_HOPS) {
        redirectEnd = `more than ${MAX_REDIRECT_HOPS} redirects`;
        break;
      }
      redirects.push({ from: current, status: answer.status, to: next });
      if (seen.has(next)) {
        redirectEnd = `a redirect loop back to ${next}`;
        break;
      }
      seen.add(next);
      current = next;
    }
  } catch (err) {
    error = controller.signal.aborted ? `timed out after ${options.timeoutMs} ms` : networkCause(err);
  } finally {
    clearTimeout(timer);
  }
  return record(origin, url, current, redirects, redirectEnd, error, answer, options);
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** The absolute http(s) URL a Location names, or null. */
function resolveLocation(location: string, base: string): string | null {
  try {
    const u = new URL(location, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href.replace(/#.*$/, '') : null;
  } catch {
    return null;
  }
}

function record(
  origin: string,
  url: string,
  finalUrl: string,
  redirects: RedirectHop[],
  redirectEnd: string | null,
  error: string | null,
  answer: Answer | null,
  options: FetchRobotsOptions,
): FetchedRobots {
  const cached = options.cached ?? null;
  const revalidated = error === null && answer?.status === 304 && cached !== null;
  const body = revalidated ? cached.body : error === null && answer ? answer.body : new Uint8Array(0);
  const header = (name: string) => {
    const v = revalidated ? null : answer?.headers[name];
    return typeof v === 'string' ? v : null;
  };
  const status = revalidated ? cached.record.status : error === null && answer ? answer.status : 0;
  const contentType = revalidated ? cached.record.contentType : header('content-type');
  const meaning = fetchMeaning({
    status,
    error,
    redirectEnd,
    bytes: body.length,
    contentType,
    head: new TextDecoder().decode(body.subarray(0, 512)),
  });
  const fetched: RobotsFetchRecord = {
    format: FETCH_RECORD_FORMAT,
    origin,
    url,
    finalUrl,
    fetchedAt: (options.now?.() ?? new Date()).toISOString(),
    status,
    error,
    redirects,
    redirectEnd,
    contentType,
    contentEncoding: revalidated ? cached.record.contentEncoding : header('content-encoding'),
    // A 304 may carry fresher validators; keep the cached ones where it does not.
    lastModified: revalidated
      ? (str(answer?.headers['last-modified']) ?? cached.record.lastModified)
      : header('last-modified'),
    etag: revalidated ? (str(answer?.headers.etag) ?? cached.record.etag) : header('etag'),
    bytes: revalidated ? cached.record.bytes : (answer?.bytes ?? 0),
    kept: body.length,
    truncated: revalidated ? cached.record.truncated : (answer?.truncated ?? false),
    sha256: createHash('sha256').update(body).digest('hex'),
    revalidated,
    userAgent: options.userAgent,
    kind: meaning.kind,
    mode: meaning.mode,
    summary: meaning.summary,
    reason: meaning.reason,
  };
  return { record: fetched, body };
}

function str(v: string | string[] | undefined): string | null {
  return typeof v === 'string' ? v : null;
}

/** One GET, its body decoded and read (kept up to 512,000 bytes, counted up to 10 MiB). */
function requestOnce(
  url: string,
  options: FetchRobotsOptions,
  conditional: RobotsFetchRecord | null,
  signal: AbortSignal,
): Promise<Answer> {
  const u = new URL(url);
  const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  const target = connectTarget(u.hostname, port, options.connectTo);
  const headers: Record<string, string> = {
    'user-agent': options.userAgent,
    accept: 'text/plain, */*;q=0.5',
    'accept-encoding': 'gzip, deflate, br',
    host: u.host,
  };
  if (conditional?.etag) headers['if-none-match'] = conditional.etag;
  if (conditional?.lastModified) headers['if-modified-since'] = conditional.lastModified;
  const request = u.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      {
        host: target.host,
        port: target.port,
        path: `${u.pathname}${u.search}`,
        method: 'GET',
        headers,
        signal,
        servername: u.protocol === 'https:' ? u.hostname : undefined,
      },
      (res) => {
        readBody(res)
          .then((read) => resolve({ status: res.statusCode ?? 0, headers: res.headers, ...read }))
          .catch(reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function connectTarget(hostname: string, port: number, rules: ConnectTo[] | undefined): { host: string; port: number } {
  const key = `${hostname}:${port}`;
  for (const rule of rules ?? [])
    if (rule.from === '' || rule.from === key) return { host: rule.host, port: rule.port };
  return { host: hostname, port };
}

/** Reads a response's body through its content decoding. */
async function readBody(res: IncomingMessage): Promise<{ body: Uint8Array; bytes: number; truncated: boolean }> {
  const encoding = (res.headers['content-encoding'] ?? '').trim().toLowerCase();
  let stream: Readable = res;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = res.pipe(createGunzip());
  else if (encoding === 'deflate') stream = res.pipe(createInflate());
  else if (encoding === 'br') stream = res.pipe(createBrotliDecompress());
  // A connection that closes before the body's end is an incomplete answer.
  const cut = new Promise<never>((_, reject) =>
    res.on('aborted', () => reject(new Error('the body was cut off'))).on('error', reject),
  );
  cut.catch(() => {});
  const chunks: Buffer[] = [];
  let kept = 0;
  let bytes = 0;
  const reading = (async () => {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (kept < GOOGLE_SIZE_LIMIT_BYTES) {
        const part = chunk.subarray(0, GOOGLE_SIZE_LIMIT_BYTES - kept);
        chunks.push(part);
        kept += part.length;
      }
      if (bytes >= MAX_COUNTED_BYTES) {
        res.destroy();
        break;
      }
    }
  })();
  await Promise.race([reading, cut]);
  if (!res.complete && bytes < MAX_COUNTED_BYTES) throw new Error('the body was cut off');
  return { body: Buffer.concat(chunks), bytes, truncated: bytes > kept };
}

/** A network error as a few words with Node's code. */
function networkCause(err: unknown): string {
  const e = err as { code?: string; message?: string };
  switch (e.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `DNS: no address for the host (${e.code})`;
    case 'ECONNREFUSED':
      return 'connection refused (ECONNREFUSED)';
    case 'ECONNRESET':
      return 'connection reset (ECONNRESET)';
    case 'Z_DATA_ERROR':
    case 'Z_BUF_ERROR':
    case 'ERR_PADDING_1':
      return `the body could not be decoded (${e.code})`;
    default:
      return e.code ? `${e.message ?? 'network error'} (${e.code})` : (e.message ?? String(err));
  }
}
