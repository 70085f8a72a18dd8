/**
 * One run's fetching: the settings every fetch shares (User-Agent,
 * deadline, concurrency, --connect-to), the cache to revalidate against and
 * the folder to save into.
 */
import { type ConnectTo, type FetchedRobots, fetchRobots } from './fetchRobots';
import { OriginLimiter } from './limiter';
import { loadFetched, saveFetched } from './store';

/** What every fetch of a run shares. */
export interface FetchSettings {
  userAgent: string;
  timeoutMs: number;
  /** Requests at once, in all. */
  concurrency: number;
  /** Requests at once to one origin. */
  perOrigin: number;
  connectTo: ConnectTo[];
  /** Revalidate against the records here (If-None-Match / If-Modified-Since), and keep the new ones here. */
  cacheDir: string | null;
  /** Write each origin's record and body here. */
  saveDir: string | null;
  now?: () => Date;
}

/** Fetch defaults: 10 s for a whole fetch, 8 requests at once, one per origin. */
export const FETCH_DEFAULTS = { timeoutMs: 10_000, concurrency: 8, perOrigin: 1 } as const;

/** The User-Agent a fetch sends unless told otherwise: the tool and its version. */
export function defaultUserAgent(version: string): string {
  return `robots-lab/${version} (robots.txt tester; +https://www.npmjs.com/package/robots-lab)`;
}

/** Fetches robots.txt files with one run's settings. */
export class RobotsFetcher {
  private readonly limiter: OriginLimiter;

  constructor(private readonly settings: FetchSettings) {
    this.limiter = new OriginLimiter(settings.concurrency, settings.perOrigin);
  }

  /** Fetches `origin`'s robots.txt at `url`, revalidating and saving as the settings say. */
  async fetch(origin: string, url: string): Promise<FetchedRobots> {
    const { cacheDir, saveDir } = this.settings;
    const cached = cacheDir === null ? null : await loadFetched(cacheDir, origin);
    const fetched = await fetchRobots(origin, url, { ...this.settings, limiter: this.limiter, cached });
    // A server error does not replace a cached file: crawlers fall back on their last copy (docs/behaviour.md §2).
    if (cacheDir !== null && (cached === null || fetched.record.mode !== 'disallow-all'))
      await saveFetched(cacheDir, fetched);
    if (saveDir !== null && saveDir !== cacheDir) await saveFetched(saveDir, fetched);
    return fetched;
  }
}
