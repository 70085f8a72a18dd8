import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pageStorage, useRobotsLab } from '../state/store';
import type { WorkerLike } from '../worker/client';
import { App } from './App';
import { debugFault, startSync } from './sync';
import './styles.css';

/** Starts the worker and renders, once the saved inputs are back (a large URL list comes from IndexedDB, asynchronously). */
function boot(): void {
  startSync(
    useRobotsLab,
    () =>
      new Worker(new URL('../worker/robots.worker.ts', import.meta.url), { type: 'module' }) as unknown as WorkerLike,
  );
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// Coalesced writes must reach localStorage before the page goes away.
addEventListener('pagehide', () => pageStorage.flush());
addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') pageStorage.flush();
});

// A test hook for the worker restart path, only with ?debug in the URL.
if (new URLSearchParams(location.search).has('debug')) {
  (window as unknown as { __robotsLab: unknown }).__robotsLab = {
    workerFault: debugFault,
    flush: () => pageStorage.flush(),
    settled: () => pageStorage.settled(),
  };
}

if (useRobotsLab.persist.hasHydrated()) boot();
else {
  const stop = useRobotsLab.persist.onFinishHydration(() => {
    stop();
    boot();
  });
}
