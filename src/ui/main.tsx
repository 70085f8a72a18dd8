import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ControllerContext } from '../app/context';
import { AppController } from '../app/controller';
import { CodeMirrorPort } from '../app/editor';
import { reopenKeptFile } from '../persist/openedFile';
import { browserShelf } from '../persist/shelf';
import { useOrigins } from '../state/origins';
import { watchOtherTabs } from '../state/otherTabs';
import { pageStorage, useRobotsLab } from '../state/store';
import type { WorkerLike } from '../worker/client';
import { App } from './App';
import { deployStorage } from './deploy/storage';
import { originsStorage } from './origins/storage';
import { startTheme } from './theme';
import './styles.css';

// The saved or system theme, before anything renders (no flash of the other one).
startTheme();

/** Starts the worker and renders, once the saved inputs are back (a large URL list comes from IndexedDB, asynchronously). */
function boot(): void {
  const createWorker = () =>
    new Worker(new URL('../worker/robots.worker.ts', import.meta.url), { type: 'module' }) as unknown as WorkerLike;
  const controller = new AppController(useRobotsLab, createWorker, new CodeMirrorPort());
  controller.start();
  // A list the worker holds is saved and read back by the worker.
  void pageStorage.connect(useRobotsLab, {
    save: (key) => controller.client.saveList(key),
    load: (key, name) => controller.client.loadList(key, name),
  });
  void reopenKeptFile(browserShelf, (bytes) => controller.reopenRobotsFile(bytes));
  watchOtherTabs(useRobotsLab);
  void deployStorage.start();
  void originsStorage.start(useOrigins);
  // Rendered as a transition, so that React builds the page in slices that give the browser its turn between them.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <ControllerContext value={controller}>
          <App />
        </ControllerContext>
      </StrictMode>,
    ),
  );
}

// Coalesced writes must reach localStorage before the page goes away.
function flush(): void {
  pageStorage.flush();
  deployStorage.flush();
  originsStorage.flush();
}
addEventListener('pagehide', flush);
addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());

if (useRobotsLab.persist.hasHydrated()) boot();
else {
  const stop = useRobotsLab.persist.onFinishHydration(() => {
    stop();
    boot();
  });
}
