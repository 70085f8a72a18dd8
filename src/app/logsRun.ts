/**
 * Runs the Logs tab's audit in a worker of its own (src/worker/logs.worker.ts,
 * through rpc.ts): one worker per run, ended when the run ends or a new one
 * starts, so a log of gigabytes never holds the page's main worker.
 */
import type { TextVersion } from '../model/logs';
import { useLogs } from '../state/logs';
import { useRobotsLab } from '../state/store';
import type { LogsApi } from '../worker/logsApi';
import { Connection, type Port } from '../worker/rpc';

let current: { worker: Worker; cancel: AbortController } | null = null;

function stop(): void {
  if (!current) return;
  current.cancel.abort();
  current.worker.terminate();
  current = null;
}

/** Judges `logs` against the tab's history and IP ranges; the report, or why there is none, lands in the logs store. */
export async function runLogs(logs: File[]): Promise<void> {
  stop();
  const s = useLogs.getState();
  const texts: TextVersion[] = s.texts.map((t) => ({
    label: t.label,
    text: t.kind === 'editor' ? useRobotsLab.getState().robotsText : (t.text ?? ''),
    from: t.from,
  }));
  s.set({ logs, running: true, progress: null, result: null, error: null, shown: null });
  const worker = new Worker(new URL('../worker/logs.worker.ts', import.meta.url), { type: 'module' });
  const connection = new Connection<LogsApi>(worker as Port, () => performance.now());
  const run = { worker, cancel: new AbortController() };
  current = run;
  // A worker that dies (out of memory on a huge line, say) answers no call: its error ends the run.
  const died = new Promise<never>((_, reject) =>
    worker.addEventListener('error', (e) => reject(new Error(e.message || 'the logs worker stopped'))),
  );
  try {
    const result = await Promise.race([
      died,
      connection.stream(
        'run',
        { logs, texts, files: s.files, ranges: s.ranges },
        (progress) => {
          if (current === run) useLogs.getState().set({ progress });
        },
        run.cancel.signal,
      ),
    ]);
    if (current === run) useLogs.getState().set({ result, running: false });
  } catch (err) {
    if (current === run) useLogs.getState().set({ error: (err as Error).message, running: false });
  } finally {
    if (current === run) stop();
  }
}
