/**
 * The rows the page shows of a list the worker holds (grid, deciding list,
 * dock), asked for a block at a time; the first rows come with the handle.
 */
import type { ListHandle } from '../model/wire';
import type { RowReader } from '../state/store';

/** Rows asked for at once: many screenfuls of the grid. */
const BLOCK = 512;
/** Blocks kept; past this the oldest go (a list of a million rows is never copied whole). */
const KEPT = 256;

/** Reads held list `list` through `fetch`; `onRows` is told when asked-for rows came. */
export class HeldRows implements RowReader {
  private readonly blocks = new Map<number, { rows: string[] | null; got: Promise<string[] | null> }>();

  constructor(
    readonly list: ListHandle,
    private readonly fetch: (id: number, from: number, to: number) => Promise<string[] | null>,
    private readonly onRows: () => void,
  ) {}

  at(row: number): string {
    if (row < this.list.head.length) return this.list.head[row];
    return this.block(row).rows?.[row % BLOCK] ?? '';
  }

  async get(row: number): Promise<string> {
    if (row < this.list.head.length) return this.list.head[row];
    return (await this.block(row).got)?.[row % BLOCK] ?? '';
  }

  private block(row: number) {
    const n = Math.floor(row / BLOCK);
    const b = this.blocks.get(n);
    if (b) return b;
    if (this.blocks.size >= KEPT) this.blocks.delete(this.blocks.keys().next().value!);
    const got = this.fetch(this.list.id, n * BLOCK, (n + 1) * BLOCK).then((rows) => {
      // Not held any more (a restart, a new list): asked again next time.
      if (!rows) this.blocks.delete(n);
      else {
        block.rows = rows;
        this.onRows();
      }
      return rows;
    });
    const block: { rows: string[] | null; got: Promise<string[] | null> } = { rows: null, got };
    this.blocks.set(n, block);
    return block;
  }
}
