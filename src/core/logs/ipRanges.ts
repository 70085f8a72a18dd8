import { detach } from './distinct';

/**
 * The address ranges crawler operators publish as JSON (Google's
 * `googlebot.json`, Bing's `bingbot.json`, OpenAI's `gptbot.json`, Apple's,
 * Perplexity's…: `{"prefixes": [{"ipv4Prefix": "66.249.64.0/27"},
 * {"ipv6Prefix": "2001:4860:4801:10::/64"}]}`). Any JSON is read the same
 * way: every string in it that is an address or a CIDR range is a range, so
 * a file of another shape (a plain list) works too. Nothing is fetched: the
 * user gives the files.
 */

/** One range: the address as four 32-bit words (IPv4 in the last one, mapped) and the prefix length in bits of 128. */
interface Range {
  words: Uint32Array;
  bits: number;
}

/** An address as four 32-bit words (IPv4 as `::ffff:a.b.c.d`), or null when it is not one. */
function parseIp(text: string): Uint32Array | null {
  const s = text.trim();
  if (s.indexOf(':') === -1) {
    const v4 = parseIpv4(s);
    return v4 === null ? null : Uint32Array.of(0, 0, 0xffff, v4);
  }
  return parseIpv6(s.startsWith('[') && s.endsWith(']') ? s.slice(1, -1) : s);
}

function parseIpv4(s: string): number | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n >>> 0;
}

function parseIpv6(s: string): Uint32Array | null {
  const zone = s.indexOf('%');
  if (zone !== -1) s = s.slice(0, zone);
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const p = pieces[i];
      if (i === pieces.length - 1 && p.indexOf('.') !== -1) {
        const v4 = parseIpv4(p);
        if (v4 === null) return null;
        out.push(v4 >>> 16, v4 & 0xffff);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(p)) out.push(Number.parseInt(p, 16));
      else return null;
    }
    return out;
  };
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  if (head === null || tail === null) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  const words = new Uint32Array(4);
  for (let i = 0; i < 4; i++) words[i] = ((all[2 * i] << 16) | all[2 * i + 1]) >>> 0;
  return words;
}

/** `a.b.c.d/n`, `x::/n` or a bare address as a range, or null. */
function parseRange(text: string): Range | null {
  const slash = text.indexOf('/');
  const words = parseIp(slash === -1 ? text : text.slice(0, slash));
  if (words === null) return null;
  const isV4 = text.indexOf(':') === -1;
  const full = isV4 ? 32 : 128;
  const given = slash === -1 ? full : /^\d{1,3}$/.test(text.slice(slash + 1)) ? Number(text.slice(slash + 1)) : -1;
  if (given < 0 || given > full) return null;
  return { words, bits: isV4 ? 96 + given : given };
}

function inRange(ip: Uint32Array, r: Range): boolean {
  let bits = r.bits;
  for (let i = 0; i < 4 && bits > 0; i++, bits -= 32) {
    const mask = bits >= 32 ? 0xffffffff : (0xffffffff << (32 - bits)) >>> 0;
    if ((ip[i] & mask) >>> 0 !== (r.words[i] & mask) >>> 0) return false;
  }
  return true;
}

/** Addresses remembered per range set: crawlers come from few addresses, and each is looked up once. */
const MAX_CACHED = 100_000;

/** A set of published ranges: does an address fall in one? */
export class IpRanges {
  private readonly ranges: Range[] = [];
  private readonly cache = new Map<string, boolean>();

  /** How many ranges the set holds. */
  get size(): number {
    return this.ranges.length;
  }

  /**
   * Adds every range found in a JSON document's strings; resolves to how
   * many. Throws (a SyntaxError) when the text is not JSON.
   */
  addJson(text: string): number {
    const before = this.ranges.length;
    const walk = (v: unknown): void => {
      if (typeof v === 'string') {
        const r = parseRange(v.trim());
        if (r) this.ranges.push(r);
      } else if (Array.isArray(v)) for (const x of v) walk(x);
      else if (v !== null && typeof v === 'object') for (const x of Object.values(v)) walk(x);
    };
    walk(JSON.parse(text));
    this.cache.clear();
    return this.ranges.length - before;
  }

  /** Whether the address is in one of the ranges (an unreadable address is in none). */
  has(ip: string): boolean {
    const hit = this.cache.get(ip);
    if (hit !== undefined) return hit;
    const words = parseIp(ip);
    const found = words !== null && this.ranges.some((r) => inRange(words, r));
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(detach(ip), found);
    return found;
  }
}

/**
 * Adds a published ranges file (`text`, named `name` in messages) to the
 * ranges of each crawler in `ids`; throws naming the file when it is not
 * JSON or holds no address.
 */
export function addCrawlerRanges(byCrawler: Map<string, IpRanges>, ids: string[], name: string, text: string): void {
  const ranges = new IpRanges();
  let n: number;
  try {
    n = ranges.addJson(text);
  } catch (err) {
    throw new Error(`${name} is not JSON: ${(err as Error).message}`);
  }
  if (n === 0) throw new Error(`${name} holds no IP addresses or ranges`);
  for (const id of ids) {
    const r = byCrawler.get(id);
    if (r) r.addJson(text);
    else byCrawler.set(id, ranges);
  }
}
