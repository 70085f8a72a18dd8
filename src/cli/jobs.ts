/**
 * `check --jobs N` (csv and jsonl): the URLs judged on N threads, the main
 * thread and N − 1 worker threads. The main thread reads the lists and cuts
 * each text list into pieces of whole lines (pieces.ts); each piece goes,
 * moved without a copy and with the number of its first line, to a worker
 * with fewer than IN_FLIGHT_PER_WORKER pieces out, or else is judged on the
 * main thread at once (so the main thread, which only reads and writes
 * otherwise, takes the share the workers leave). Other inputs (command-line
 * URLs, CSV lists, sitemaps) go the same way as batches of URLs. Every
 * thread parsed the robots.txt once and judges with the same code as one
 * thread (Judge.lineSink on TextListLines, RowOutput into an OutputBuffer);
 * a worker moves its output bytes back. The main thread writes the outputs
 * in input order, so the bytes, line numbers, expectation summary and exit
 * status are one thread's. At most QUEUED_PER_THREAD pieces per thread
 * wait to be written: memory stays flat, and a slow reader of the output
 * slows the reading.
 *
 * A worker runs the executable itself (the bundle, lib/cli.mjs): bin.ts
 * calls `serveCheckJobs` in a worker thread instead of the command line.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { ParsedRobots } from '../core/index';
import {
  type CheckPlan,
  Judge,
  listChildSitemaps,
  noUrlsError,
  parseRobots,
  planCheck,
  Tally,
  type TallyReport,
} from './check';
import { CliError, type CliIo, readUserFile } from './io';
import { CollectionPacer } from './memory';
import { ListPieces, type Piece } from './pieces';
import { RowOutput } from './rowOutput';
import { type RowWriter, rowWriter } from './rows';
import { drained, OutputBuffer } from './stream';
import { type Expected, openLists, type UrlBatch, urlBatches } from './targets';
import { TextListLines } from './textList';

/** Where the worker threads come from, and the size of a piece of a list. */
export interface JobsHost {
  /** The script a worker runs: the executable (its bin.ts). */
  script: URL;
  /** Bytes of a list per piece (a piece ends at a line end, so it may be longer). */
  pieceBytes: number;
  /**
   * Start judging only once every worker is ready, so that workers surely
   * take pieces (tests); otherwise the main thread judges until they are.
   */
  awaitWorkers?: boolean;
}

/**
 * 64 KiB of a list (about 1,400 URLs of a crawl export, 600 KiB of jsonl
 * rows), as a file is read: a message costs little per URL, and the pieces
 * waiting stay a few MiB. 1M URLs to jsonl on three threads (an earlier
 * build) peaked at 144 MiB of RSS with 64 KiB pieces, 162 with 256 KiB and
 * 213 with 1 MiB, for the same CPU time within the noise (loaded).
 */
const PIECE_BYTES = 1 << 16;
/**
 * A worker's young generation, at most: in the same runs (256 KiB pieces)
 * 162 MiB of RSS with 8 MiB, 188 with 16, 216 with V8's default, for the
 * same CPU time within the noise.
 */
const YOUNG_MIB = 8;
/** Pieces out per worker: one judged while the next waits, so a worker need not wait for the main thread. */
const IN_FLIGHT_PER_WORKER = 2;
/** Pieces judged or being judged but not yet written, at most (per thread). */
const QUEUED_PER_THREAD = 2;

/** The executable as the worker script: this bundle, or bin.ts beside this file when run from the sources. */
export function defaultJobsHost(): JobsHost {
  const here = new URL(import.meta.url);
  return { script: here.pathname.endsWith('.ts') ? new URL('./bin.ts', here) : here, pieceBytes: PIECE_BYTES };
}

/** What a worker starts with: `check`'s arguments (it plans the run again) and the robots.txt's bytes. */
interface JobSetup {
  argv: string[];
  robots: Uint8Array;
}

/** Work for a thread: whole lines of a text list, or URLs read by the main thread. */
type Job =
  | { kind: 'piece'; name: string; expected: Expected; bytes: Uint8Array; firstLine: number }
  | { kind: 'batch'; batch: UrlBatch };

/** The answer to one job: the output's bytes, the rows in them, its expectations, what stopped it. */
interface Reply {
  chunks: Uint8Array[];
  /**
   * Per chunk, what to call once it is written: its buffer goes back to be
   * filled again. Not posted: set by the thread that receives the reply.
   */
  written?: (() => void)[];
  rows: number;
  tally: TallyReport;
  error: { message: string; usage: boolean } | null;
}

/** A message to a worker: a job, and buffers of its earlier replies, written, to fill again. */
interface JobMessage {
  job: Job;
  spare: ArrayBuffer[];
}

/**
 * Output buffers are filled again once written, never left to the garbage
 * collector: with a new 1 MiB buffer per piece, V8 collected for the
 * external memory, and a 1M-URL run took 10-15% more CPU and 16 MiB more.
 */
const SPARE_BUFFERS = 8;

/** Judges jobs into bytes, on whichever thread it lives: the same Judge and RowOutput as one thread. */
class JobJudge {
  private readonly chunks: Uint8Array[] = [];
  private readonly written: (() => void)[] = [];
  /** Buffers to copy the output into (in a worker), given back by the main thread. */
  private readonly spare: Buffer[] = [];
  // OutputBuffer writes bytes only; this sink is never full, so `flush`
  // hands it every piece before it returns (nothing to wait for).
  private readonly out = new OutputBuffer({
    write: (chunk, done) => this.keep(chunk as Uint8Array, done ?? (() => {})),
  });
  /** Without a writer: the main thread writes the csv head. */
  private readonly rows = new RowOutput(this.out, null);
  private readonly judge: Judge;
  private readonly writer: RowWriter;
  private readonly emit = (text: string) => this.rows.text(text);
  private readonly pacer = new CollectionPacer();

  /** `copy`: in a worker, whose output moves to the main thread: copied into buffers of its own to move. */
  constructor(
    parsed: ParsedRobots,
    plan: CheckPlan,
    private readonly copy: boolean,
  ) {
    this.judge = new Judge(parsed, plan, this.rows);
    this.writer = rowWriter(plan.format as 'csv' | 'jsonl', plan.explain, plan.purposes);
  }

  /**
   * A piece of output. On the main thread it is written as it is and its
   * buffer taken back once written (`done`); in a worker it is copied into
   * a spare buffer, and the OutputBuffer's own is taken back at once.
   */
  private keep(chunk: Uint8Array, done: () => void): boolean {
    if (!this.copy) {
      this.written.push(done);
      return this.chunks.push(chunk) > 0;
    }
    let into = this.spare.pop();
    if (into === undefined || into.length < chunk.length)
      into = Buffer.allocUnsafeSlow(Math.max(chunk.length, 1 << 20));
    into.set(chunk);
    done();
    return this.chunks.push(into.subarray(0, chunk.length)) > 0;
  }

  /** Buffers of earlier replies, written, to copy output into again. */
  addSpare(buffers: ArrayBuffer[]): void {
    for (const b of buffers) if (this.spare.length < SPARE_BUFFERS) this.spare.push(Buffer.from(b));
  }

  run(job: Job): Reply {
    const before = this.rows.written;
    let error: Reply['error'] = null;
    try {
      if (job.kind === 'piece') {
        const lines = new TextListLines(job.firstLine);
        const sink = this.judge.lineSink(job, this.writer, this.emit, []);
        lines.write(job.bytes, sink);
        lines.end(sink);
      } else {
        const { batch } = job;
        for (let i = 0; i < batch.urls.length; i++) {
          this.judge.target(batch.urls[i], batch.name, batch.lines[i], batch.expected, this.writer, this.emit, []);
        }
      }
    } catch (err) {
      error = { message: (err as Error)?.message ?? String(err), usage: err instanceof CliError };
    }
    void this.out.flush();
    this.pacer.tick(this.rows.written);
    const rows = this.rows.written - before;
    const written = this.copy ? undefined : this.written.splice(0);
    return { chunks: this.chunks.splice(0), written, rows, tally: this.judge.tally.take(), error };
  }
}

/** The worker side: parses once, then judges each job it is sent and moves the bytes back. */
export function serveCheckJobs(): void {
  const port = parentPort;
  if (isMainThread || port === null) throw new Error('serveCheckJobs runs in a worker thread');
  const setup = workerData as JobSetup;
  const plan = planCheck(setup.argv);
  // The main thread says what parsing had to say.
  const quiet: CliIo = {
    stdin: (async function* () {})(),
    stdout: { write: () => true },
    stderr: { write: () => true },
    readFile: () => Promise.reject(new Error('a worker reads no files')),
  };
  const judge = new JobJudge(parseRobots(quiet, plan.robotsPath, setup.robots, plan.sizeLimit), plan, true);
  // Ready: until now the main thread judged every piece itself.
  port.postMessage(null);
  port.on('message', ({ job, spare }: JobMessage) => {
    judge.addSpare(spare);
    const reply = judge.run(job);
    // Each chunk has a buffer of its own (allocUnsafeSlow): moved, not copied.
    port.postMessage(
      reply,
      reply.chunks.map((c) => c.buffer as ArrayBuffer),
    );
  });
}

/** One worker thread and the replies it owes, in the order asked. */
class JobWorker {
  private readonly worker: Worker;
  private readonly waiting: { resolve: (r: Reply) => void; reject: (e: Error) => void }[] = [];
  /** Buffers of its replies, written: sent back with the next job. */
  private readonly spare: ArrayBuffer[] = [];
  /** Why it stopped before it was told to, once it has: every reply it owes and is asked for fails with it. */
  private failure: Error | null = null;
  private stopping = false;
  /** Whether it has parsed the robots.txt (its first message says so): until then it is given nothing. */
  ready = false;
  /** Settles when it is ready, or has failed first. */
  readonly started: Promise<void>;
  private onReady: () => void = () => {};
  private onFailure: (err: Error) => void = () => {};

  constructor(host: JobsHost, setup: JobSetup) {
    this.started = new Promise<void>((resolve, reject) => {
      this.onReady = resolve;
      this.onFailure = reject;
    });
    this.started.catch(() => undefined);
    const options = { workerData: setup, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MIB } };
    this.worker = host.script.pathname.endsWith('.ts')
      ? new Worker(fromSources(host.script), { ...options, eval: true })
      : new Worker(host.script, options);
    this.worker.on('message', (reply: Reply | null) => {
      if (reply === null) {
        this.ready = true;
        this.onReady();
        return;
      }
      reply.written = reply.chunks.map((c) => () => {
        if (this.spare.length < SPARE_BUFFERS) this.spare.push(c.buffer as ArrayBuffer);
      });
      this.waiting.shift()?.resolve(reply);
    });
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => {
      if (!this.stopping) this.fail(new Error(`a worker thread stopped (exit code ${code})`));
    });
  }

  private fail(err: Error): void {
    this.failure ??= err;
    this.onFailure(this.failure);
    for (const w of this.waiting.splice(0)) w.reject(this.failure);
  }

  /** Jobs sent and not answered yet. */
  get pending(): number {
    return this.waiting.length;
  }

  ask(job: Job, transfer: ArrayBuffer[]): Promise<Reply> {
    if (this.failure !== null) return Promise.reject(this.failure);
    const reply = new Promise<Reply>((resolve, reject) => this.waiting.push({ resolve, reject }));
    // Awaited in turn by the caller; a worker that dies must not leave the later ones unhandled.
    reply.catch(() => undefined);
    const spare = this.spare.splice(0);
    this.worker.postMessage({ job, spare } satisfies JobMessage, [...transfer, ...spare]);
    return reply;
  }

  stop(): Promise<number> {
    this.stopping = true;
    return this.worker.terminate();
  }
}

/** A worker that runs bin.ts through tsx, for `bin/robots-lab.mjs` (development: the sources, no build). */
function fromSources(script: URL): string {
  const tsx = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(script.href)}); })`;
}

/** Writes bytes to standard output, waiting for it to drain when it says it is full. */
async function write(io: CliIo, bytes: Uint8Array | string, done?: () => void): Promise<void> {
  await drained(io.stdout, io.stdout.write(bytes, done));
}

/**
 * The jobs of a run in input order, each judged by a worker or on the main
 * thread; written in that order as they are done.
 */
class JobQueue {
  /** Each job's reply once it is there, and the promise of it. */
  private readonly queue: { reply: Reply | null; coming: Promise<Reply> }[] = [];
  private rows = 0;
  readonly tally = new Tally();

  constructor(
    private readonly io: CliIo,
    private readonly writer: RowWriter,
    private readonly workers: JobWorker[],
    private readonly local: JobJudge,
  ) {}

  /** Rows written so far. */
  get written(): number {
    return this.rows;
  }

  /**
   * Hands a job to a worker that is ready and has room, else judges it
   * here; writes what is done. A worker takes 0.2-0.3 s to start and parse
   * (a 500 KiB robots.txt): sending it the first pieces at once kept a 1,000
   * URL check waiting for it (0.66-0.83 s wall against 0.32-0.43).
   */
  async add(job: Job, transfer: ArrayBuffer[] = []): Promise<void> {
    const worker = this.workers.find((w) => w.ready && w.pending < IN_FLIGHT_PER_WORKER);
    if (worker) {
      const entry: { reply: Reply | null; coming: Promise<Reply> } = { reply: null, coming: worker.ask(job, transfer) };
      entry.coming.then((r) => (entry.reply = r)).catch(() => undefined);
      this.queue.push(entry);
    } else {
      const reply = this.local.run(job);
      this.queue.push({ reply, coming: Promise.resolve(reply) });
      // Nothing after a failed job is written: write up to it (take throws there).
      if (reply.error !== null) await this.finish();
    }
    // Wait for the oldest when too many are out; then write whatever is done at the head.
    while (this.queue.length >= QUEUED_PER_THREAD * (this.workers.length + 1)) await this.takeFirst();
    while (this.queue.length > 0 && this.queue[0].reply !== null) await this.takeFirst();
  }

  /** Writes every job's output, in order. */
  async finish(): Promise<void> {
    while (this.queue.length > 0) await this.takeFirst();
  }

  private async takeFirst(): Promise<void> {
    const first = this.queue.shift() as { coming: Promise<Reply> };
    await this.take(await first.coming);
  }

  private async take(reply: Reply): Promise<void> {
    if (this.rows === 0 && reply.rows > 0 && this.writer.head !== '') await write(this.io, this.writer.head);
    this.rows += reply.rows;
    for (const [i, chunk] of reply.chunks.entries()) await write(this.io, chunk, reply.written?.[i]);
    this.tally.add(reply.tally);
    if (reply.error === null) return;
    throw reply.error.usage ? new CliError(reply.error.message) : new Error(reply.error.message);
  }
}

/** `check` over `plan.jobs` threads (csv and jsonl: runCheck sends no other format here). */
export async function runCheckJobs(argv: string[], plan: CheckPlan, io: CliIo, host: JobsHost): Promise<number> {
  const robots = await readUserFile(io, plan.robotsPath, 'robots.txt');
  // Started first: they parse the robots.txt while this thread does.
  const workers = Array.from({ length: plan.jobs - 1 }, () => new JobWorker(host, { argv, robots }));
  try {
    const local = new JobJudge(parseRobots(io, plan.robotsPath, robots, plan.sizeLimit), plan, false);
    if (host.awaitWorkers) await Promise.all(workers.map((w) => w.started));
    const writer = rowWriter(plan.format as 'csv' | 'jsonl', plan.explain, plan.purposes);
    const queue = new JobQueue(io, writer, workers, local);
    const childSitemaps = await readJobs(plan, io, host, queue);
    await queue.finish();
    if (queue.written === 0) throw noUrlsError(childSitemaps);
    const end = writer.end(queue.written);
    if (end !== '') await write(io, end);
    return queue.tally.finish(io, plan.format);
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}

/** Reads every input into jobs for `queue`; returns how many child sitemaps were listed instead. */
async function readJobs(plan: CheckPlan, io: CliIo, host: JobsHost, queue: JobQueue): Promise<number> {
  const lists = await openLists(io, plan.lists);
  const addPiece = (name: string, expected: Expected, piece: Piece) =>
    queue.add({ kind: 'piece', name, expected, ...piece }, [piece.bytes.buffer as ArrayBuffer]);
  let childSitemaps = 0;
  let list: TextListLines | null = null;
  let pieces = new ListPieces(host.pieceBytes);
  for await (const batch of urlBatches(plan.urlArgs, lists, plan.column)) {
    if ('chunk' in batch) {
      // One TextListLines per list: a new one is a new list, numbered from 1.
      if (batch.lines !== list) {
        list = batch.lines;
        pieces = new ListPieces(host.pieceBytes);
      }
      if (batch.chunk !== null) {
        for (const piece of pieces.write(batch.chunk)) await addPiece(batch.name, batch.expected, piece);
        continue;
      }
      const last = pieces.end();
      if (last !== null) await addPiece(batch.name, batch.expected, last);
    } else if (batch.sitemapIndex) {
      childSitemaps += listChildSitemaps(io, batch, childSitemaps === 0);
    } else {
      await queue.add({ kind: 'batch', batch });
    }
  }
  return childSitemaps;
}
