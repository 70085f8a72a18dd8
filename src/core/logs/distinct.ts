/**
 * How many distinct paths a crawler fetched, in bounded memory: counted
 * exactly up to a limit, then estimated with HyperLogLog (Flajolet et al.,
 * 2007; 4,096 registers, a standard error of about 1.6%).
 */

/** Paths kept exactly per crawler before the count turns into an estimate. */
const EXACT_LIMIT = 65_536;
const REGISTER_BITS = 12;
const REGISTERS = 1 << REGISTER_BITS;

/** FNV-1a over UTF-16 code units, then a final mix (the estimate needs well-spread bits). */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A copy of `s` that holds on to nothing it was cut from. */
export function detach(s: string): string {
  return ` ${s}`.slice(1);
}

/** A count of distinct strings: exact while small, then an estimate. */
export class DistinctCounter {
  private exact: Set<string> | null = new Set();
  private registers: Uint8Array | null = null;

  add(s: string): void {
    if (this.exact) {
      if (this.exact.has(s)) return;
      // A copy: a path cut from a log line would keep the whole chunk of the log it was read from alive.
      this.exact.add(detach(s));
      if (this.exact.size > EXACT_LIMIT) this.toEstimate();
      return;
    }
    this.observe(hash(s));
  }

  /** Whether `count` is an estimate. */
  get estimated(): boolean {
    return this.exact === null;
  }

  get count(): number {
    if (this.exact) return this.exact.size;
    const regs = this.registers!;
    let sum = 0;
    let zeros = 0;
    for (let i = 0; i < REGISTERS; i++) {
      sum += 2 ** -regs[i];
      if (regs[i] === 0) zeros++;
    }
    const alpha = 0.7213 / (1 + 1.079 / REGISTERS);
    const raw = (alpha * REGISTERS * REGISTERS) / sum;
    // Small ranges: linear counting is the better estimate.
    const e = raw <= 2.5 * REGISTERS && zeros > 0 ? REGISTERS * Math.log(REGISTERS / zeros) : raw;
    return Math.round(e);
  }

  private toEstimate(): void {
    this.registers = new Uint8Array(REGISTERS);
    for (const s of this.exact!) this.observe(hash(s));
    this.exact = null;
  }

  private observe(h: number): void {
    const index = h >>> (32 - REGISTER_BITS);
    const rest = (h << REGISTER_BITS) >>> 0;
    const rank = rest === 0 ? 32 - REGISTER_BITS + 1 : Math.clz32(rest) + 1;
    if (rank > this.registers![index]) this.registers![index] = rank;
  }
}
