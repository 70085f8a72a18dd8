/**
 * Many origins' robots.txt at once, for judging the URLs of many sites:
 * each URL mapped to its origin, each origin's file fetched once (or read
 * from records `fetch --save` wrote), and the files parsed into the
 * caller's judges in a bounded cache: the least recently used judge is
 * dropped, and its file read back from disk when its origin returns, so
 * memory follows the cache's capacity, not the number of origins.
 * `robots-lab check --fetch` and `--robots-dir` run on it.
 */
import { isRequestForm, toRequestUrl } from '../core/index';
import type { RobotsFetcher } from './fetcher';
import type { FetchedRobots } from './fetchRobots';
import { loadFetched } from './store';

/** One origin: where its robots.txt is, its fetch once known, and its judge while cached. */
export interface OriginSite<J> {
  /** `https://a.example:8443`. */
  origin: string;
  /** Its /robots.txt. */
  url: string;
  /** Settles when `fetched` or `missing` is known; null once it is. Never rejects unawaited. */
  ready: Promise<void> | null;
  /** The fetch record (status, outcome, SHA-256) once known; the body stays on disk. */
  fetched: FetchedRobots['record'] | null;
  /** Why no record could be had (none saved for it); its URLs cannot be judged. */
  missing: string | null;
  /** The caller's judge while the parsed file is cached; null otherwise. */
  judge: J | null;
  lastUsed: number;
}

/** Where files come from and what the caller makes of them. */
export interface OriginRobotsOptions<J> {
  /**
   * Fetches each origin now; its settings must save into `dir` so an
   * evicted file can be read back. Null: read the records already in `dir`.
   */
  fetcher: RobotsFetcher | null;
  /** The folder of fetch records (src/net/store.ts). */
  dir: string;
  /** Judges (parsed files) kept at once, at least 1. */
  capacity: number;
  /** Makes a judge from an origin's file (called again after an eviction). */
  open(fetched: FetchedRobots, site: OriginSite<J>): J;
  /** Told when a judge leaves the cache, so its counts can be kept. */
  close?(judge: J, site: OriginSite<J>): void;
}

/** Every origin met so far, and the judges of the most recently used ones. */
export class OriginRobots<J> {
  private readonly byPrefix = new Map<string, OriginSite<J>>();
  private readonly byOrigin = new Map<string, OriginSite<J>>();
  private readonly cached = new Set<OriginSite<J>>();
  private clock = 0;

  constructor(private readonly options: OriginRobotsOptions<J>) {}

  /** Every origin met, in the order first met. */
  sites(): IterableIterator<OriginSite<J>> {
    return this.byOrigin.values();
  }

  /** The judges cached now. */
  *judges(): Generator<J> {
    for (const site of this.cached) yield site.judge!;
  }

  /**
   * The site of a URL's origin, met before or new (its record then starts
   * loading: await `site.ready`); null for a URL with no http(s) origin.
   */
  siteOf(url: string): OriginSite<J> | null {
    const prefix = originPrefix(url);
    if (prefix !== null) {
      const known = this.byPrefix.get(prefix);
      if (known) return known;
    }
    const origin = originOf(isRequestForm(url) ? url : toRequestUrl(url).url);
    if (origin === null) return null;
    let site = this.byOrigin.get(origin);
    if (!site) {
      const url = `${origin}/robots.txt`;
      site = { origin, url, ready: null, fetched: null, missing: null, judge: null, lastUsed: 0 };
      site.ready = this.record(site);
      // Awaited by the caller; this only keeps an early failure from counting as unhandled.
      site.ready.catch(() => {});
      this.byOrigin.set(origin, site);
    }
    if (prefix !== null) this.byPrefix.set(prefix, site);
    return site;
  }

  /** The site's judge when cached (marked as just used); null when `load` must read it back first. */
  cachedJudge(site: OriginSite<J>): J | null {
    if (site.judge !== null) site.lastUsed = ++this.clock;
    return site.judge;
  }

  /** Reads a site's file from disk into a judge, dropping the least recently used beyond capacity. */
  async load(site: OriginSite<J>): Promise<J> {
    const { dir, capacity, open } = this.options;
    const fetched = await loadFetched(dir, site.origin);
    if (fetched === null) throw new Error(`the saved robots.txt of ${site.origin} went missing from ${dir}`);
    site.judge = open(fetched, site);
    site.lastUsed = ++this.clock;
    this.cached.add(site);
    if (this.cached.size > capacity) {
      let oldest: OriginSite<J> | null = null;
      for (const s of this.cached) if (oldest === null || s.lastUsed < oldest.lastUsed) oldest = s;
      this.drop(oldest!);
    }
    return site.judge;
  }

  /** Drops every judge (telling `close`), as at the end of a run. */
  dropAll(): void {
    for (const site of [...this.cached]) this.drop(site);
  }

  private drop(site: OriginSite<J>): void {
    this.options.close?.(site.judge!, site);
    site.judge = null;
    this.cached.delete(site);
  }

  /** Fetches (or reads) a site's record; its body stays on disk until `load`. */
  private async record(site: OriginSite<J>): Promise<void> {
    const { fetcher, dir } = this.options;
    const fetched = fetcher ? await fetcher.fetch(site.origin, site.url) : await loadFetched(dir, site.origin);
    if (fetched === null) site.missing = `no saved robots.txt record for ${site.origin} in ${dir}`;
    else site.fetched = fetched.record;
    site.ready = null;
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

/** The origin of an absolute http(s) URL (`https://a.example:8443`), or null. */
function originOf(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
