import { describe, expect, it } from 'vitest';
import type { LargeField } from '../../src/state/largeFields';
import { restoreSavedLists } from '../../src/state/savedLists';
import { createSafeStorage } from '../../src/state/storage';
import { createRobotsLabStore } from '../../src/state/store';
import { listPieces } from '../../src/worker/pieces';

/** localStorage and IndexedDB stand-ins; the "browser" can evict IndexedDB's values. */
function browser() {
  const local = new Map<string, string>();
  const big = new Map<string, string>();
  return {
    local,
    big,
    ls: {
      getItem: (k: string) => local.get(k) ?? null,
      setItem: (k: string, v: string) => void local.set(k, v),
      removeItem: (k: string) => void local.delete(k),
    },
    // The page's saver counts the list's URLs in the worker; this one says 250,000 (the list below).
    large: {
      get: async (k: string) => big.get(k),
      set: async (k: string, v: string) => {
        big.set(k, v);
        return k.endsWith(':urlText') ? 250_000 : undefined;
      },
      delete: async (k: string) => void big.delete(k),
    },
  };
}

const URLS = '/page\n'.repeat(250_000);

/** Saves a 250,000-URL list the way the page does, in browser `b`. */
async function saveList(b: ReturnType<typeof browser>) {
  const storage = createSafeStorage({ storage: () => b.ls, large: () => b.large, onNotice: () => {} });
  const store = createRobotsLabStore(storage);
  store.getState().setUrlText(URLS);
  await storage.settled();
}

function reopen(b: ReturnType<typeof browser>, deferred: LargeField[]) {
  const lost: [LargeField, number | null][] = [];
  const notices: (string | null)[] = [];
  const storage = createSafeStorage({
    storage: () => b.ls,
    large: () => b.large,
    onNotice: (m) => notices.push(m),
    onLost: (f, n) => lost.push([f, n]),
    deferred,
  });
  return { storage, store: createRobotsLabStore(storage), lost, notices };
}

describe('a saved list the browser evicted (issue 8)', () => {
  it('is named with its URL count instead of silently showing nothing', async () => {
    const b = browser();
    await saveList(b);
    b.big.clear(); // evicted under storage pressure: localStorage still names it
    const { store, lost } = reopen(b, []);
    await store.persist.rehydrate();
    expect(store.getState().urlText).toBe('');
    // Said on each read (the store reads once when made, and again here).
    expect(lost.at(-1)).toEqual(['urlText', 250_000]);
  });

  it('is named when the worker finds it gone, and the sentence says how to get it back', async () => {
    const { lostMessage } = await import('../../src/state/largeFields');
    const b = browser();
    await saveList(b);
    b.big.clear();
    const { storage, store, lost } = reopen(b, ['urlText']);
    await store.persist.rehydrate();
    await restoreSavedLists(storage, store, async () => null);
    expect(lost).toEqual([['urlText', 250_000]]);
    expect(lostMessage('urlText', 250_000)).toBe(
      'Your saved list of 250,000 URLs is no longer stored by this browser; import it again.',
    );
  });
});

describe('a saved list read by the worker', () => {
  it('is left out of the page read, asked for by its key, and put back in its pieces', async () => {
    const b = browser();
    await saveList(b);
    const { storage, store, lost } = reopen(b, ['urlText']);
    await store.persist.rehydrate();
    // The page's read leaves it to the worker.
    expect(store.getState().urlText).toBe('');
    expect(storage.deferredFields()).toEqual([{ field: 'urlText', key: 'robots-lab:urlText', count: 250_000 }]);
    // A write while it is being read keeps naming IndexedDB's copy.
    store.getState().setRobotsText('User-agent: *\nDisallow: /x\n');
    await storage.settled();
    expect(JSON.parse(b.local.get('robots-lab')!).external).toEqual(['urlText']);
    const asked: string[] = [];
    await restoreSavedLists(storage, store, async (key) => {
      asked.push(key);
      const text = b.big.get(key)!;
      return { text, pieces: listPieces([text]) };
    });
    expect(asked).toEqual(['robots-lab:urlText']);
    expect(store.getState().urlText).toBe(URLS);
    expect(store.getState().urlPieces?.length).toBe(URLS.length);
    expect(lost).toEqual([]);
  });

  it('gives way to a list typed while it was read, and the typed list is what is saved', async () => {
    const b = browser();
    await saveList(b);
    const { storage, store } = reopen(b, ['urlText']);
    await store.persist.rehydrate();
    await restoreSavedLists(storage, store, async (key) => {
      store.getState().setUrlText('/typed\n');
      const text = b.big.get(key)!;
      return { text, pieces: listPieces([text]) };
    });
    await storage.settled();
    expect(store.getState().urlText).toBe('/typed\n');
    const saved = JSON.parse(b.local.get('robots-lab')!);
    expect(saved.external ?? []).toEqual([]);
    expect(saved.state.urlText).toBe('/typed\n');
  });
});
