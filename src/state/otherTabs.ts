/**
 * Two tabs of the page share one saved state. The last writer wins, and the
 * other tab is told at once (the `storage` event fires in every other tab of
 * the origin when localStorage changes): it may load the other tab's inputs
 * or keep its own, which then become the saved ones. Nothing is overwritten
 * without the user in the overwritten tab knowing.
 */
import type { StoreApi } from 'zustand';
import { PERSIST_VERSION } from './inputs';
import { type ListLoader, restoreSavedLists } from './savedLists';
import type { SafeStorage } from './storage';
import { persistedPart, type RobotsLabState, STORAGE_KEY } from './store';

type Store = Pick<StoreApi<RobotsLabState>, 'getState' | 'setState'> & {
  persist: { rehydrate(): Promise<void> | void };
};

/** Flags the store when another tab saves (call once; returns the unsubscribe). */
export function watchOtherTabs(store: Pick<StoreApi<RobotsLabState>, 'getState'>, target: Window = window): () => void {
  const onStorage = (e: StorageEvent) => {
    // A change of the saved inputs (not of the layout prefs), or everything cleared in another tab.
    if (e.key === STORAGE_KEY || e.key === null) store.getState().setOtherTabChanged(true);
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}

/** Replaces this tab's inputs with what the other tab saved (its URL list read by the worker). */
export async function loadOtherTab(store: Store, storage: SafeStorage, load: ListLoader): Promise<void> {
  await store.persist.rehydrate();
  store.getState().setOtherTabChanged(false);
  await restoreSavedLists(storage, store, load);
}

/** Saves this tab's inputs over the other tab's. */
export function keepThisTab(store: Store, storage: SafeStorage): void {
  storage.rewrite(STORAGE_KEY, { state: persistedPart(store.getState()), version: PERSIST_VERSION });
  store.getState().setOtherTabChanged(false);
}
