/**
 * Puts back a saved URL list that the storage left for the page to restore
 * (storage.ts `deferred`): the worker reads it from IndexedDB and sends it in
 * pieces, so that the page's thread never reads a million-line string whole.
 */
import type { StoreApi } from 'zustand';
import type { ListPieces } from '../worker/pieces';
import type { SafeStorage } from './storage';
import type { RobotsLabState } from './store';

/** Reads the list saved under a key: the list, null when IndexedDB no longer has it; rejects when it cannot be read. */
export type ListLoader = (key: string) => Promise<{ text: string; pieces: ListPieces } | null>;

/** Restores each deferred URL list into the store, unless the user has started a new list meanwhile. */
export async function restoreSavedLists(
  storage: Pick<SafeStorage, 'deferredFields' | 'restored'>,
  store: Pick<StoreApi<RobotsLabState>, 'getState' | 'setState'>,
  load: ListLoader,
): Promise<void> {
  for (const d of storage.deferredFields()) {
    if (d.field !== 'urlText') continue;
    let got: Awaited<ReturnType<ListLoader>>;
    try {
      got = await load(d.key);
    } catch (e) {
      storage.restored(d.field, e instanceof Error ? e : new Error(String(e)));
      continue;
    }
    const s = store.getState();
    // Typed or imported while the saved list was read: the new list wins (the storage dropped the old one).
    if (s.urlText !== '') continue;
    storage.restored(d.field, got ? got.text : null);
    if (!got) continue;
    const selected = s.selected;
    s.setUrlText(got.text, got.pieces);
    store.setState({ selected });
  }
}
