/**
 * Runs the Logs tab's audit in a worker of its own (src/worker/logs.worker.ts,
 * through rpc.ts): one worker per run, ended when the run ends or a new one
 * starts, so a log of gigabytes never holds the page's main worker. The
 * audit's stream is followed like a run (`StreamFollower`, pacing.ts).
 */
import type { LogsProgress, LogsResult, TextVersion } from '../model/logs';
import { useLogs } from '../state/logs';
import { useRobotsLab } from '../state/store';
import type { LogsApi } from '../worker/logsApi';
import { Connection, type Port } from '../worker/rpc';
import { StreamFollower } from './pacing';

let worker: Worker | null = null;
let progress: LogsProgress | null = null;

function endWorker(): void {
  worker?.terminate();
  worker = null;
}

const audits = new StreamFollower<LogsProgress, LogsResult>({
  piece: (p) => {
    progress = p;
    return false;
  },
  show: () => useLogs.getState().set({ progress }),
  end: (result) => {
    useLogs.getState().set({ result, running: false });
    endWorker();
  },
  failed: (error) => {
    useLogs.getState().set({ error, running: false });
    endWorker();
  },
});

/** Judges `logs` against the tab's history and IP ranges; the report, or why there is none, lands in the logs store. */
export function runLogs(logs: File[]): void {
  audits.cancel();
  endWorker();
  const s = useLogs.getState();
  const texts: TextVersion[] = s.texts.map((t) => ({
    label: t.label,
    text: t.kind === 'editor' ? useRobotsLab.getState().robotsText : (t.text ?? ''),
    from: t.from,
  }));
  s.set({ logs, running: true, progress: null, result: null, error: null, shown: null });
  progress = null;
  const w = new Worker(new URL('../worker/logs.worker.ts', import.meta.url), { type: 'module' });
  worker = w;
  const connection = new Connection<LogsApi>(w as Port, () => performance.now());
  // A worker that dies (out of memory on a huge line, say) answers no call: its error ends the run.
  const died = new Promise<never>((_, reject) =>
    w.addEventListener('error', (e) => reject(new Error(e.message || 'the logs worker stopped'))),
  );
  const job = { logs, texts, files: s.files, ranges: s.ranges };
  audits.start((_id, onPiece, signal) => Promise.race([died, connection.stream('run', job, onPiece, signal)]));
}
