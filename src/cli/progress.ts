/**
 * Progress of a long `check` on standard error, when that is a terminal:
 * a count rewritten in place, then a final count. Nothing when standard
 * error is a file or a pipe, or under --quiet (whose standard error says
 * nothing). No colour is used, so NO_COLOR has nothing to turn off.
 */
import type { CliIo } from './io';

/** Rows between two updates of the count. */
const EVERY = 1 << 16;

const n = (x: number) => x.toLocaleString('en-US');

/** A run's count on standard error, while it runs and at the end. */
export class Progress {
  private next = EVERY;

  constructor(
    private readonly io: CliIo,
    private readonly agents: number,
  ) {}

  /** Rewrites the count once `rows` has passed the next mark. */
  update(rows: number): void {
    if (this.io.stderrIsTTY !== true || rows < this.next) return;
    this.next = rows + EVERY;
    this.io.stderr.write(`\r${n(rows)} rows…`);
  }

  /** The final count. */
  done(c: { rows: number; allowed: number; blocked: number; invalid: number }): void {
    if (this.io.stderrIsTTY !== true) return;
    const per = this.agents === 1 ? '' : ` (${this.agents} crawlers each)`;
    const invalid = c.invalid ? `, ${n(c.invalid)} URLs invalid` : '';
    // A count was shown (and is overwritten) once the first mark was passed.
    this.io.stderr.write(
      `${this.next > EVERY ? '\r' : ''}${n(c.rows)} rows${per}: ${n(c.allowed)} allowed, ${n(c.blocked)} blocked${invalid}\n`,
    );
  }
}
