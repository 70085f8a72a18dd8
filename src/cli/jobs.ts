/**
 * `check --jobs N`: the URLs judged on N worker threads. The main thread
 * reads the lists and writes the output; each batch of URLs goes to the
 * next worker in turn, which judges it (the same `Judge` as one thread),
 * writes its rows as bytes and sends them back with its expectation
 * counts. Batches are written in input order, so the output is the one
 * thread's byte for byte; at most two batches per worker are in flight,
 * so memory stays flat. A worker is this same file, started with
 * `workerData.robotsLabCheck`.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { type CheckPlan, Judge, type JudgeReport, listChildSitemaps, parseBytes } from './check';
import { CliError, type CliIo } from './io';
import { rowWriter } from './rows';
import { type UrlBatch, urlBatches } from './targets';

/** What a worker starts with. */
interface JobSetup {
  plan: CheckPlan;
  robots: Uint8Array;
}

/** A worker's answer for one batch: its rows' bytes, and what stopped it if something did. */
interface JobReply {
  bytes: Uint8Array;
  rows: number;
  report: JudgeReport;
  error: string | null;
}

const SILENT: CliIo = {
  stdin: (async function* () {})(),
  stdout: { write: () => true },
  stderr: { write: () => true },
  readFile: async () => new Uint8Array(),
};

/** The worker side: judges each batch it is sent and posts the bytes back. */
function serveJobs(setup: JobSetup): void {
  const { plan } = setup;
  const judge = new Judge(parseBytes(SILENT, plan.robotsPath, setup.robots, plan.sizeLimit), plan);
  const writer = rowWriter(plan.format as 'csv' | 'jsonl', plan.explain, plan.purposes);
  parentPort?.on('message', (batch: UrlBatch) => {
    let text = '';
    let rows = 0;
    const emit = (row: string) => {
      text += row;
      rows++;
    };
    let error: string | null = null;
    try {
      for (let i = 0; i < batch.urls.length; i++) {
        judge.target(batch.urls[i], batch.name, batch.lines[i], batch.expected, writer, emit, []);
      }
    } catch (err) {
      error = err instanceof CliError ? err.message : `internal error: ${(err as Error).message}`;
    }
    // Encoded here, off the main thread; the buffer is the reply's own, so it moves without a copy.
    const bytes = new TextEncoder().encode(text);
    const reply: JobReply = { bytes, rows, report: judge.takeReport(), error };
    parentPort?.postMessage(reply, [bytes.buffer]);
  });
}

if (!isMainThread && (workerData as { robotsLabCheck?: JobSetup } | null)?.robotsLabCheck) {
  // After every module has loaded (check.ts imports this file, and Judge is
  // defined there); batches posted meanwhile wait in the port.
  setImmediate(() => serveJobs((workerData as { robotsLabCheck: JobSetup }).robotsLabCheck));
}

/** One worker and the answers it still owes, in the order asked. */
class Job {
  private readonly waiting: { resolve: (r: JobReply) => void; reject: (e: Error) => void }[] = [];
  readonly worker: Worker;

  constructor(setup: JobSetup) {
    this.worker = new Worker(new URL(import.meta.url), { workerData: { robotsLabCheck: setup } });
    this.worker.on('message', (reply: JobReply) => this.waiting.shift()?.resolve(reply));
    this.worker.on('error', (err) => {
      for (const w of this.waiting.splice(0)) w.reject(err);
    });
  }

  judge(batch: UrlBatch): Promise<JobReply> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.worker.postMessage(batch);
    });
  }
}

/** Writes bytes to standard output, waiting for it to drain when it says it is full. */
async function write(io: CliIo, bytes: Uint8Array | string): Promise<void> {
  const { stdout } = io;
  if (stdout.write(bytes) === false && stdout.once) await new Promise<void>((r) => stdout.once?.('drain', r));
}

/**
 * Runs `check` over worker threads (csv and jsonl only; planCheck says so).
 * `judge` is the main thread's, here only to add up the expectations.
 */
export async function runCheckJobs(
  plan: CheckPlan,
  robots: Uint8Array,
  lists: Parameters<typeof urlBatches>[1],
  judge: Judge,
  io: CliIo,
): Promise<number> {
  const jobs = Array.from({ length: plan.jobs }, () => new Job({ plan, robots }));
  const inFlight: Promise<JobReply>[] = [];
  let rows = 0;
  let childSitemaps = 0;
  let next = 0;
  const take = async (reply: JobReply) => {
    if (reply.bytes.length > 0) {
      if (rows === 0) await write(io, rowWriter(plan.format as 'csv' | 'jsonl', plan.explain, plan.purposes).head);
      await write(io, reply.bytes);
    }
    rows += reply.rows;
    judge.absorb(reply.report);
    if (reply.error !== null) throw new CliError(reply.error);
  };
  try {
    for await (const batch of urlBatches(plan.urlArgs, lists, plan.column)) {
      if (batch.sitemapIndex) {
        childSitemaps += listChildSitemaps(io, batch, childSitemaps === 0);
        continue;
      }
      const answer = jobs[next++ % jobs.length].judge(batch);
      // Awaited in turn below; a worker that dies must not leave the later ones unhandled.
      answer.catch(() => undefined);
      inFlight.push(answer);
      if (inFlight.length >= 2 * jobs.length) await take(await (inFlight.shift() as Promise<JobReply>));
    }
    while (inFlight.length > 0) await take(await (inFlight.shift() as Promise<JobReply>));
  } finally {
    await Promise.all(jobs.map((j) => j.worker.terminate()));
  }
  if (rows === 0) {
    throw new CliError(
      childSitemaps > 0
        ? 'no URLs to check: the lists given hold only child sitemaps; check the pages they list'
        : 'no URLs to check: the lists given hold none',
    );
  }
  return judge.finish(io, plan.format);
}
