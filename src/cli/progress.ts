/**
 * Progress of a long `check` on standard error, when that is a terminal:
 * a count rewritten in place, then a final count. Nothing when standard
 * error is a file or a pipe, or under --quiet (whose standard error says
 * nothing). No colour is used, so NO_COLOR has nothing to turn off.
 */
import type { CliIo } from './io';

/** Rows between two updates of the count. */
const EVERY = 1 << 16;

/** The counts a run ends with. */
interface Counts {
  rows: number;
  allowed: number;
  blocked: number;
  invalid: number;
}

export class Progress {
  private next = EVERY;
  private shown = false;

  constructor(
    private readonly io: CliIo,
    private readonly agents: number,
  ) {}

  private get on(): boolean {
    return this.io.stderrIsTTY === true;
  }

  /** Rewrites the count once `rows` has passed the next mark. */
  update(rows: number): void {
    if (!this.on || rows < this.next) return;
    this.next = rows + EVERY;
    this.shown = true;
    this.io.stderr.write(`\r${rows.toLocaleString('en-US')} rows…`);
  }

  /** The final count. */
  done(c: Counts): void {
    if (!this.on) return;
    const per = this.agents === 1 ? '' : ` (${this.agents} crawlers each)`;
    const invalid = c.invalid ? `, ${c.invalid.toLocaleString('en-US')} URLs invalid` : '';
    this.io.stderr.write(
      `${this.shown ? '\r' : ''}${c.rows.toLocaleString('en-US')} rows${per}: ` +
        `${c.allowed.toLocaleString('en-US')} allowed, ${c.blocked.toLocaleString('en-US')} blocked${invalid}\n`,
    );
  }
}
