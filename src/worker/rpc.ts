/**
 * One typed call and one stream between the page and a worker. The worker
 * serves an object (`serve`); each method takes one argument and a context
 * (an AbortSignal, and `emit` for a streamed answer's pieces) and returns its
 * answer, or a promise of it. The page's `Connection` calls a method by name,
 * typed by that object's class; `stream` is a call whose pieces reach a
 * callback until the answer comes, and whose AbortSignal cancels it in the
 * worker too.
 */

/** What a served method receives besides its argument. */
export interface CallContext<Chunk = never> {
  /** Aborted when the page cancels the call. */
  readonly signal: AbortSignal;
  /** Sends one piece of a streamed answer (dropped once the call is cancelled). */
  emit(chunk: Chunk, transfer?: Transferable[]): void;
}

type Call = { id: number; method: string; arg: unknown } | { id: number; abort: true };
type Answer = { id: number; chunk: unknown } | { id: number; value: unknown } | { id: number; error: string };

/** The parts of a port (a Worker, the worker's global, a test's fake) the two ends use. */
export interface Port {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((e: MessageEvent) => void) | null;
}

/** The argument, the streamed piece and the answer of a served method. */
export type ArgOf<F> = F extends (arg: infer A, ctx: CallContext<never>) => unknown ? A : never;
type ChunkOf<F> = F extends (arg: never, ctx: CallContext<infer C>) => unknown ? C : never;
export type ResultOf<F> = F extends (...args: never[]) => infer R ? Awaited<R> : never;

/** The methods of a served object. */
type Methods<Api> = { [K in keyof Api]: Api[K] extends (...args: never[]) => unknown ? K : never }[keyof Api] & string;

const transfers = new WeakMap<object, Transferable[]>();

/** Marks `value` (an answer) to be sent with `list` transferred, not copied. */
export function withTransfer<T extends object>(value: T, list: Transferable[]): T {
  transfers.set(value, list);
  return value;
}

/** What went wrong, in words. */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Answers the calls that arrive on `port` with the methods of `api`. */
export function serve(api: object, port: Port): void {
  const running = new Map<number, AbortController>();
  const methods = api as Record<string, (arg: unknown, ctx: CallContext<unknown>) => unknown>;
  port.onmessage = (e) => {
    const m = e.data as Call;
    if ('abort' in m) {
      running.get(m.id)?.abort();
      running.delete(m.id);
      return;
    }
    const ctl = new AbortController();
    running.set(m.id, ctl);
    const send = (answer: Answer, transfer: Transferable[] = []) => {
      if (!ctl.signal.aborted) port.postMessage(answer, transfer);
    };
    const settle = (answer: Answer, transfer?: Transferable[]) => {
      running.delete(m.id);
      send(answer, transfer);
    };
    const ctx: CallContext<unknown> = { signal: ctl.signal, emit: (chunk, t) => send({ id: m.id, chunk }, t) };
    // A method that throws at once rejects this promise: its error is answered like a later one.
    new Promise((resolve) => resolve(methods[m.method].call(api, m.arg, ctx))).then(
      (value) => settle({ id: m.id, value }, value && typeof value === 'object' ? transfers.get(value) : undefined),
      (err) => settle({ id: m.id, error: messageOf(err) }),
    );
  };
}

interface Pending {
  settle(error: Error | null, value?: unknown): void;
  onChunk(chunk: unknown): void;
}

const cancelled = () => new DOMException('cancelled', 'AbortError');

/** The page's end: calls the methods a worker serves. */
export class Connection<Api> {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** When the worker last answered (or was first owed an answer), for a watchdog. */
  lastHeard = 0;
  /** Whether any call got its answer (not an error): the worker is well. */
  answered = false;

  constructor(
    private readonly port: Port,
    private readonly now: () => number,
  ) {
    port.onmessage = (e) => this.receive(e.data as Answer);
  }

  /** Calls owed an answer. */
  get owed(): number {
    return this.pending.size;
  }

  /** Calls `method` with `arg` (`transfer`red, not copied); resolves with its answer, rejects with the worker's error. */
  call<K extends Methods<Api>>(
    method: K,
    arg: ArgOf<Api[K]>,
    transfer: Transferable[] = [],
  ): Promise<ResultOf<Api[K]>> {
    return this.stream(method, arg, () => {}, null, transfer);
  }

  /**
   * Calls a streaming method: its pieces go to `onChunk` until the answer
   * comes, or `signal` cancels it (here and in the worker) with an AbortError.
   */
  stream<K extends Methods<Api>>(
    method: K,
    arg: ArgOf<Api[K]>,
    onChunk: (chunk: ChunkOf<Api[K]>) => void,
    signal: AbortSignal | null,
    transfer: Transferable[] = [],
  ): Promise<ResultOf<Api[K]>> {
    if (signal?.aborted) return Promise.reject(cancelled());
    const id = this.nextId++;
    if (this.pending.size === 0) this.lastHeard = this.now();
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.pending.delete(id);
        this.port.postMessage({ id, abort: true });
        reject(cancelled());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = (error: Error | null, value?: unknown) => {
        signal?.removeEventListener('abort', onAbort);
        if (error) reject(error);
        else resolve(value as ResultOf<Api[K]>);
      };
      this.pending.set(id, { settle, onChunk: onChunk as Pending['onChunk'] });
      this.port.postMessage({ id, method, arg }, transfer);
    });
  }

  /** Rejects every call still owed an answer (the worker is gone). */
  close(reason: string): void {
    const owed = [...this.pending.values()];
    this.pending.clear();
    this.port.onmessage = null;
    for (const p of owed) p.settle(new Error(reason));
  }

  private receive(a: Answer): void {
    this.lastHeard = this.now();
    const p = this.pending.get(a.id);
    if (!p) return;
    if ('chunk' in a) {
      p.onChunk(a.chunk);
      return;
    }
    this.pending.delete(a.id);
    if ('error' in a) p.settle(new Error(a.error));
    else {
      this.answered = true;
      p.settle(null, a.value);
    }
  }
}

/** True for the rejection of a cancelled call. */
export function isAbort(e: unknown): boolean {
  return e instanceof DOMException && e.name === 'AbortError';
}
