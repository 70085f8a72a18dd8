/**
 * Runs the Logs tab's audit in a worker of its own (src/worker/logs.worker.ts,
 * through Comlink): one worker per run, ended when the run ends or a new
 * one starts, so a log of gigabytes never holds the page's main worker.
 */
import { proxy, type Remote, releaseProxy, wrap } from 'comlink';
import { useLogs } from '../state/logs';
import { useRobotsLab } from '../state/store';
import type { LogsWorkerApi, TextVersion } from '../worker/logs.worker';

let current: { worker: Worker; api: Remote<LogsWorkerApi> } | null = null;

function stop(): void {
  if (!current) return;
  current.api[releaseProxy]();
  current.worker.terminate();
  current = null;
}

/** Judges `logs` against the tab's history; the report, or why there is none, lands in the logs store. */
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
  const api = wrap<LogsWorkerApi>(worker);
  const run = { worker, api };
  current = run;
  // A worker that dies (out of memory on a huge line, say) answers no call: its error ends the run.
  const died = new Promise<never>((_, reject) =>
    worker.addEventListener('error', (e) => reject(new Error(e.message || 'the logs worker stopped'))),
  );
  try {
    const result = await Promise.race([
      died,
      api.run(
        { logs, texts, files: s.files },
        proxy((progress) => {
          if (current === run) useLogs.getState().set({ progress });
        }),
      ),
    ]);
    if (current === run) useLogs.getState().set({ result, running: false });
  } catch (err) {
    if (current === run) useLogs.getState().set({ error: (err as Error).message, running: false });
  } finally {
    if (current === run) stop();
  }
}
