/**
 * How many requests may run at once: in all, and per origin, so that a list
 * of many origins is fetched in parallel while no one server gets more than
 * its share (a redirect to another origin takes a slot of that origin).
 */

/** Runs tasks with at most `total` at once and at most `perOrigin` per origin. */
export class OriginLimiter {
  private running = 0;
  private readonly perKey = new Map<string, number>();
  private readonly waiting: { key: string; start: () => void }[] = [];

  constructor(
    private readonly total: number,
    private readonly perOrigin: number,
  ) {}

  /** Runs `task` when a slot for `origin` is free; resolves to its result. */
  async run<T>(origin: string, task: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      this.waiting.push({ key: origin, start });
      this.next();
    });
    try {
      return await task();
    } finally {
      this.running--;
      const n = (this.perKey.get(origin) ?? 1) - 1;
      if (n === 0) this.perKey.delete(origin);
      else this.perKey.set(origin, n);
      this.next();
    }
  }

  /** Starts the first waiting tasks whose origin has a free slot. */
  private next(): void {
    for (let i = 0; i < this.waiting.length && this.running < this.total; ) {
      const { key, start } = this.waiting[i];
      const n = this.perKey.get(key) ?? 0;
      if (n >= this.perOrigin) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      this.running++;
      this.perKey.set(key, n + 1);
      start();
    }
  }
}
