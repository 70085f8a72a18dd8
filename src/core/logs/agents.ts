/**
 * Who asked: a request's User-Agent header read the way a crawler names
 * itself, by its product tokens (`Googlebot/2.1`, `compatible; GPTBot/1.3`),
 * and matched to the crawler catalogue. A bot the catalogue does not know is
 * kept under its own token; a browser is no crawler at all.
 */
import { type CatalogueProfile, CRAWLER_PROFILES, findProfile } from '../profiles';
import { extractProductToken } from '../reference';
import { detach } from './distinct';

/** A crawler as a log names it: a catalogue profile, or an unknown bot's token. */
export interface Claimant {
  /** The profile's id, or `token:` and the bot's token lower-cased. */
  key: string;
  /** The name shown: the profile's, or the token as first written. */
  label: string;
  profile: CatalogueProfile | null;
  /** The product tokens it obeys, in order. */
  tokens: readonly string[];
  ignoresGlobal: boolean;
  /**
   * A fetcher that acts for a user (the catalogue's `user-fetch`): its
   * requests are reported apart, never as violations.
   */
  userTriggered: boolean;
}

/** Words in a user agent that mark an unknown client as a bot. */
const BOT_WORD = /bot|crawl|spider|fetch|slurp|scrape|archiver|preview/i;

/** Runs of token characters; product names and versions both fall into them. */
const WORD = /[A-Za-z0-9_-]+/g;

/** Distinct user agents remembered: a log has few, unless someone varies them on purpose. */
const MAX_CACHED = 50_000;

/** Identifies the crawler a User-Agent header names; one per audit (it caches by header). */
export class AgentIdentifier {
  private readonly byToken = new Map<string, Claimant>();
  private readonly unknown = new Map<string, Claimant>();
  private readonly cache = new Map<string, Claimant | null>();

  constructor(profiles: readonly CatalogueProfile[] = CRAWLER_PROFILES) {
    for (const p of profiles) {
      const key = p.tokens[0].toLowerCase();
      if (this.byToken.has(key)) continue;
      this.byToken.set(key, {
        key: p.id,
        label: p.name,
        profile: p,
        tokens: p.tokens,
        ignoresGlobal: p.ignoresGlobal,
        userTriggered: p.category === 'user-fetch',
      });
    }
  }

  /** The crawler the header names, or null for a browser (or no header). */
  identify(userAgent: string): Claimant | null {
    const hit = this.cache.get(userAgent);
    if (hit !== undefined) return hit;
    const found = this.lookUp(userAgent);
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    // Kept as copies: a header cut from a log line would keep its whole chunk of the log alive.
    this.cache.set(detach(userAgent), found);
    return found;
  }

  private lookUp(userAgent: string): Claimant | null {
    const words = userAgent.match(WORD) ?? [];
    for (const w of words) {
      const known = this.byToken.get(w.toLowerCase());
      if (known) return known;
    }
    if (words.length === 0) return null;
    // A bot word anywhere, else the leading product of a client that does not pose as a browser.
    const botWord = words.find((w) => BOT_WORD.test(w) && /[A-Za-z]/.test(w[0]));
    const token = botWord ?? (/^Mozilla\//.test(userAgent) ? undefined : words[0]);
    return token === undefined ? null : this.unknownBot(token);
  }

  private unknownBot(word: string): Claimant {
    const key = `token:${word.toLowerCase()}`;
    let c = this.unknown.get(key);
    if (!c) {
      // The token robots.txt can name: letters, `-` and `_` only (`Bot2` is `Bot`).
      const token = extractProductToken(word);
      c = { key, label: detach(word), profile: null, tokens: [token], ignoresGlobal: false, userTriggered: false };
      this.unknown.set(key, c);
    }
    return c;
  }
}

/** The catalogue ids a name given for IP ranges stands for: a crawler (id, name or token), or every crawler of an operator. */
export function crawlersNamed(key: string): string[] {
  const p = findProfile(key);
  if (p) return [p.id];
  const k = key.trim().toLowerCase();
  return CRAWLER_PROFILES.filter((q) => q.operator.toLowerCase() === k).map((q) => q.id);
}
