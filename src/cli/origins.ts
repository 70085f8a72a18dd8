/**
 * `check --fetch` and `check --robots-dir DIR`: each URL judged against its
 * own origin's robots.txt, fetched once per origin (or read from records
 * `fetch --save` wrote). The list streams through a window of lines at a
 * time: the window's new origins are fetched in parallel, then its lines
 * are judged origin by origin and written in input order. Parsed files live in a bounded cache (least recently used
 * out; a file is read back from disk when its origin returns), so memory
 * stays flat whatever the number of origins; each origin keeps only its
 * counts for the summary on standard error.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RobotsFetchRecord } from '../core/fetchRecord';
import { isRequestForm, toRequestUrl } from '../core/index';
import { urlOrigin } from '../core/url';
import { RobotsFetcher } from '../net/fetcher';
import { loadFetched } from '../net/store';
import { flag, type ParsedArgs } from './args';
import { type CheckPlan, Judge, originOf, rowOutput, Tally, unjudgedRows, writeRows } from './check';
import { fetchSettings, wholeFlag } from './fetch';
import { CliError, type CliIo } from './io';
import { parseRobots } from './robots';
import type { RowWriter } from './rows';
import type { OutputBuffer } from './stream';
import type { Expected } from './targets';

/** Parsed files kept at once unless `--cache-size` says otherwise. */
const DEFAULT_CACHE_SIZE = 1024;

/**
 * Lines judged together, grouped by origin and written back in input order:
 * a list whose hosts alternate line by line would otherwise touch another
 * origin's parsed file on every line, out of the processor's caches.
 */
const WINDOW = 1 << 14;

/**
 * Where judges write rows: encoded at once into one reused byte buffer, by
 * the window position of the line being judged, so a window's rows go out in
 * input order without keeping a string per row alive (those would outlive
 * the young generation and swell the heap). A line's rows (one per crawler)
 * are written in one go, so each position's bytes are one range.
 */
class RowSlots {
  private bytes = Buffer.allocUnsafe(1 << 20);
  private used = 0;
  private start = new Int32Array(0);
  private end = new Int32Array(0);
  /** The position rows go to now. */
  at = 0;
  /** Where rows go straight when a window has one origin: in order already, nothing to put back. */
  direct: OutputBuffer | null = null;
  /** Rows written so far (every push is one row). */
  rows = 0;

  /** Makes room for a window of `n` lines, none written yet. */
  open(n: number): void {
    if (this.start.length < n) {
      this.start = new Int32Array(n);
      this.end = new Int32Array(n);
    }
    this.start.fill(-1, 0, n);
    this.used = 0;
  }

  push(text: string): void {
    this.write(text, 'utf8');
  }

  /** For text the caller knows is ASCII: its Latin-1 bytes are its UTF-8 bytes, and cheaper to write. */
  pushAscii(text: string): void {
    this.write(text, 'latin1');
  }

  private write(text: string, encoding: 'utf8' | 'latin1'): void {
    this.rows++;
    if (this.direct !== null) {
      if (encoding === 'latin1') this.direct.pushAscii(text);
      else this.direct.push(text);
      return;
    }
    const most = text.length * 3;
    if (this.used + most > this.bytes.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + most));
      this.bytes.copy(bigger, 0, 0, this.used);
      this.bytes = bigger;
    }
    if (this.start[this.at] < 0) this.start[this.at] = this.used;
    this.used += this.bytes.write(text, this.used, encoding);
    this.end[this.at] = this.used;
  }

  /** Writes the first `n` positions' rows in order (a window cut short by a failure keeps what was judged). */
  drain(out: OutputBuffer, n: number): void {
    const { bytes, start, end } = this;
    for (let i = 0; i < Math.min(n, start.length); i++) {
      const s = start[i];
      if (s < 0) continue;
      start[i] = -1;
      out.pushBytes(bytes, s, end[i]);
    }
    this.used = 0;
  }
}

/** One URL waiting for its origin's robots.txt. */
interface Pending {
  url: string;
  name: string;
  line: number;
  expected: Expected;
  site: Site | null;
}

/** One origin: where its file is, its fetch once known, and its counts. */
interface Site {
  origin: string;
  /** Settles when the record is known. */
  ready: Promise<void> | null;
  fetch: RobotsFetchRecord | null;
  /** Why no record could be had (offline, none saved); its URLs are reported not judged. */
  missing: string | null;
  urls: number;
  blocked: number;
  /** The parsed file's judge while it is cached; null otherwise. */
  judge: Judge | null;
}

/** Runs `check` over many origins; resolves to the exit code. */
export async function runCheckOrigins(plan: CheckPlan, args: ParsedArgs, io: CliIo): Promise<number> {
  const robotsDir = flag(args, 'robots-dir') ?? null;
  const fetching = args.switches.has('fetch');
  if (fetching && robotsDir !== null) {
    throw new CliError('use --fetch (fetch each origin now) or --robots-dir DIR (saved records), not both');
  }
  if (plan.robotsUrl !== undefined) {
    throw new CliError('--robots-url names one origin; with --fetch or --robots-dir each URL is judged by its own');
  }
  const settings = fetchSettings(args);
  const capacity = wholeFlag(args, 'cache-size', DEFAULT_CACHE_SIZE, 1_000_000);
  // Fetched files are kept on disk (the --save folder, or a temporary one) to be read back after eviction.
  const spill = fetching && settings.saveDir === null ? await mkdtemp(join(tmpdir(), 'robots-lab-origins-')) : null;
  const store = robotsDir ?? settings.saveDir ?? spill;
  const fetcher = fetching ? new RobotsFetcher({ ...settings, saveDir: store }) : null;
  const { writer, out } = rowOutput(plan, io, { withSite: true });
  const sites = new Sites(fetcher, store!, capacity, plan, io, writer);
  try {
    return await judgeAll(plan, io, sites, out);
  } finally {
    if (spill !== null) await rm(spill, { recursive: true, force: true });
  }
}

async function judgeAll(plan: CheckPlan, io: CliIo, sites: Sites, out: OutputBuffer): Promise<number> {
  const { slots, writer } = sites;
  let window: Pending[] = [];
  // A window's new origins are fetched together, then its lines judged origin by origin.
  const judgeWindow = async () => {
    const groups = new Map<Site | null, number[]>();
    for (let i = 0; i < window.length; i++) {
      const g = groups.get(window[i].site);
      if (g) g.push(i);
      else groups.set(window[i].site, [i]);
    }
    for (const site of groups.keys()) await site?.ready;
    slots.direct = groups.size < 2 ? out : null;
    slots.open(window.length);
    for (const [site, group] of groups) {
      if (site !== null) await sites.open(site);
      for (const i of group) {
        slots.at = i;
        sites.judge(window[i]);
      }
    }
    slots.drain(out, window.length);
    window = [];
  };
  await writeRows(plan, io, writer, out, {
    batch: async (batch) => {
      for (let i = 0; i < batch.urls.length; i++) {
        const site = sites.siteOf(batch.urls[i]);
        window.push({ url: batch.urls[i], name: batch.name, line: batch.lines[i], expected: batch.expected, site });
      }
      if (window.length >= WINDOW) await judgeWindow();
    },
    finish: judgeWindow,
    drain: () => slots.drain(out, window.length),
    rows: () => slots.rows,
  });
  io.stderr.write(sites.summary());
  return sites.tally.finish(io, plan.format);
}

/** Every origin met so far, and the parsed files of the most recently used ones. */
class Sites {
  /** One tally for every judge, and for the rows no file judged. */
  readonly tally = new Tally();
  private readonly byPrefix = new Map<string, Site>();
  private readonly byOrigin = new Map<string, Site>();
  /** The sites whose file is parsed, at most `capacity`, the least recently used first. */
  private readonly cached = new Set<Site>();
  /** Where every judge writes its rows. */
  readonly slots = new RowSlots();

  constructor(
    private readonly fetcher: RobotsFetcher | null,
    private readonly dir: string,
    private readonly capacity: number,
    private readonly plan: CheckPlan,
    private readonly io: CliIo,
    readonly writer: RowWriter,
  ) {}

  /** The site of a URL's origin, met before or new (its fetch started); null for a URL with no origin. */
  siteOf(url: string): Site | null {
    const prefix = originPrefix(url);
    if (prefix !== null) {
      const known = this.byPrefix.get(prefix);
      if (known) return known;
    }
    const origin = urlOrigin(isRequestForm(url) ? url : toRequestUrl(url).url);
    if (origin === null) return null;
    let site = this.byOrigin.get(origin);
    if (!site) {
      site = { origin, ready: null, fetch: null, missing: null, urls: 0, blocked: 0, judge: null };
      site.ready = this.load(site);
      // Awaited with its batch; this only keeps an early failure from counting as unhandled.
      site.ready.catch(() => {});
      this.byOrigin.set(origin, site);
    }
    if (prefix !== null) this.byPrefix.set(prefix, site);
    return site;
  }

  /** Fetches (or reads) a site's record; its body stays on disk until a URL of the site is judged. */
  private async load(site: Site): Promise<void> {
    const fetched = this.fetcher
      ? await this.fetcher.fetch(site.origin, `${site.origin}/robots.txt`)
      : await loadFetched(this.dir, site.origin).catch((err: Error) => {
          throw new CliError(err.message);
        });
    if (fetched === null) site.missing = `no saved robots.txt record for ${site.origin} in ${this.dir}`;
    else site.fetch = fetched.record;
  }

  /** Judges one URL with its origin's file as `open` left it (no await: one per URL costs more than judging). */
  judge(p: Pending): void {
    const site = p.site;
    if (site === null || site.fetch === null) {
      const why = site === null ? 'no origin: give full URLs to find each robots.txt' : site.missing!;
      const fetch = { robotsOrigin: site?.origin ?? '', fetchStatus: 0, fetchOutcome: 'not judged', sha256: null };
      const given = { url: p.url, origin: originOf(p.name, p.line), expected: p.expected };
      unjudgedRows(this.slots, this.writer, this.plan.agents, given, 'out-of-scope', why, fetch, this.tally);
      return;
    }
    site.urls++;
    site.judge!.url(p.url, p.name, p.line, p.expected);
  }

  /**
   * Readies a site's URLs to be judged: its file, when it has one, read back
   * from disk and parsed into the cache unless it is there (evicting the
   * least recently used beyond capacity).
   */
  async open(site: Site): Promise<void> {
    if (site.judge !== null) {
      this.cached.delete(site);
      this.cached.add(site);
      return;
    }
    if (site.fetch === null) return;
    const fetched = await loadFetched(this.dir, site.origin);
    if (fetched === null) throw new CliError(`the saved robots.txt of ${site.origin} went missing from ${this.dir}`);
    const parsed = parseRobots(this.io, fetched.record.url, fetched.body, this.plan.sizeLimit);
    site.judge = new Judge(parsed, this.plan, this.writer, this.slots, this.io.stderr, site.fetch, this.tally);
    this.cached.add(site);
    if (this.cached.size > this.capacity) this.retire(this.cached.values().next().value!);
  }

  /** Moves a site's count of blocked rows out of its judge and drops its parsed file. */
  private retire(site: Site): void {
    site.blocked += site.judge!.blocked;
    site.judge = null;
    this.cached.delete(site);
  }

  /** One line per origin: its fetch, its URLs and how many rows were blocked. */
  summary(): string {
    for (const site of [...this.cached]) this.retire(site);
    const n = this.byOrigin.size;
    let text = `robots.txt of ${n} origin${n === 1 ? '' : 's'}:\n`;
    for (const site of this.byOrigin.values()) {
      const r = site.fetch;
      const status = r?.status ? `HTTP ${r.status}` : 'no answer';
      const fetch = r ? `${status}, ${r.summary}` : site.missing;
      const sha = r?.mode === 'rules' && r.sha256 ? `  sha256 ${r.sha256.slice(0, 12)}` : '';
      text += `  ${site.origin}  ${fetch}${sha}  ${site.urls} URL${site.urls === 1 ? '' : 's'}, ${site.blocked} blocked\n`;
    }
    return text;
  }
}

/**
 * The scheme and host part of a URL as written (`https://a.example`), a key
 * for origins met before; null when the URL does not start with http(s)://.
 */
function originPrefix(url: string): string | null {
  if (!url.startsWith('https://') && !url.startsWith('http://')) return null;
  const slash = url.indexOf('/', url.charCodeAt(4) === 0x73 ? 8 : 7);
  return slash === -1 ? url : url.slice(0, slash);
}
