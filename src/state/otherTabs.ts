/**
 * Two tabs of the page share one saved state. The last writer wins, and the
 * other tab is told at once (the `storage` event fires in every other tab of
 * the origin when localStorage changes): it may load the other tab's inputs
 * or keep its own, which then become the saved ones. Nothing is overwritten
 * without the user in the overwritten tab knowing.
 */
import type { InputsStorage } from '../persist/inputs';
import { PERSIST_VERSION } from './inputs';
import { persistedPart, STORAGE_KEY, type useRobotsLab } from './store';

/** Flags the store when another tab saves (call once). */
export function watchOtherTabs(store: typeof useRobotsLab): void {
  addEventListener('storage', (e) => {
    // A change of the saved inputs (not of the layout prefs), or everything cleared in another tab.
    if (e.key === STORAGE_KEY || e.key === null) store.setState({ otherTabChanged: true });
  });
}

/** Replaces this tab's inputs with what the other tab saved (its URL list read by the worker). */
export async function loadOtherTab(store: typeof useRobotsLab, storage: InputsStorage): Promise<void> {
  await store.persist.rehydrate();
  store.setState({ otherTabChanged: false });
  await storage.restoreList();
}

/** Saves this tab's inputs over the other tab's. */
export function keepThisTab(store: typeof useRobotsLab, storage: InputsStorage): void {
  storage.rewrite(STORAGE_KEY, { state: persistedPart(store.getState()), version: PERSIST_VERSION });
  store.setState({ otherTabChanged: false });
}
