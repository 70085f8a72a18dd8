import { describe, expect, it } from 'vitest';
import { create } from 'zustand';
import { OriginsStorage } from '../../src/persist/origins';
import type { Shelf } from '../../src/persist/shelf';
import type { OriginFile } from '../../src/state/origins';

/** A shelf in a Map; it can refuse writes like a browser over its quota. */
function mapShelf(refuse: string | null = null): { shelf: Shelf; map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  const shelf: Shelf = {
    get: async (k) => map.get(k),
    set: async (k, v) => {
      if (refuse) throw new Error(refuse);
      map.set(k, structuredClone(v));
    },
    delete: async (k) => {
      map.delete(k);
    },
  };
  return { shelf, map };
}

/** A store of origin files as the page's keeps them (a fresh one per page load). */
function originsStore() {
  return create<{ files: OriginFile[]; restore(files: OriginFile[]): void }>()((set) => ({
    files: [],
    restore: (files) => set({ files }),
  }));
}

const B: OriginFile = {
  origin: 'https://b.example',
  text: 'User-agent: *\nDisallow: /shop/\n',
  fetchStatus: 200,
  record: null,
};
const C: OriginFile = { origin: 'https://c.example', text: 'x'.repeat(300_000), fetchStatus: 503, record: null };

describe('the other origins’ files kept in this browser', () => {
  it('are read back by the next page load, large ones whole', async () => {
    const { shelf } = mapShelf();
    const first = originsStore();
    const keeper = new OriginsStorage(shelf, undefined, 0);
    await keeper.start(first);
    first.getState().restore([B, C]);
    keeper.flush();
    await new Promise((r) => setTimeout(r, 0));

    const next = originsStore();
    await new OriginsStorage(shelf).start(next);
    expect(next.getState().files).toEqual([B, C]);
  });

  it('a changed fetch status is saved at once, typing only after a pause', async () => {
    const { shelf, map } = mapShelf();
    const store = originsStore();
    const keeper = new OriginsStorage(shelf, undefined, 60_000);
    await keeper.start(store);
    store.getState().restore([B]);
    await new Promise((r) => setTimeout(r, 0));
    store.getState().restore([{ ...B, fetchStatus: 503 }]);
    await new Promise((r) => setTimeout(r, 0));
    expect(map.get('robots-lab:origins')).toEqual([{ ...B, fetchStatus: 503 }]);
    store.getState().restore([{ ...B, fetchStatus: 503, text: 'User-agent: *\n' }]);
    await new Promise((r) => setTimeout(r, 0));
    expect(map.get('robots-lab:origins')).toEqual([{ ...B, fetchStatus: 503 }]);
    keeper.flush();
  });

  it('a file added while reading wins over the kept one of its origin, and both are saved', async () => {
    const { shelf, map } = mapShelf();
    map.set('robots-lab:origins', [B, C]);
    const store = originsStore();
    const newB = { ...B, text: 'User-agent: *\nAllow: /\n' };
    store.getState().restore([newB]);
    await new OriginsStorage(shelf).start(store);
    expect(store.getState().files).toEqual([C, newB]);
    await new Promise((r) => setTimeout(r, 0));
    expect(map.get('robots-lab:origins')).toEqual([C, newB]);
  });

  it('emptied (as "New" does), nothing comes back; forgotten, nothing is left', async () => {
    const { shelf, map } = mapShelf();
    map.set('robots-lab:origins', [B]);
    const store = originsStore();
    const keeper = new OriginsStorage(shelf, undefined, 0);
    await keeper.start(store);
    store.getState().restore([]);
    keeper.flush();
    await new Promise((r) => setTimeout(r, 0));
    expect(map.has('robots-lab:origins')).toBe(false);

    store.getState().restore([C]);
    keeper.flush();
    await new Promise((r) => setTimeout(r, 0));
    expect(map.size).toBe(1);
    await keeper.forget();
    store.getState().restore([B]);
    keeper.flush();
    await new Promise((r) => setTimeout(r, 0));
    expect(map.size).toBe(0);
  });

  it('skips damaged entries and says when the browser refuses to keep the files', async () => {
    const { shelf, map } = mapShelf('QuotaExceededError');
    map.set('robots-lab:origins', [B, { origin: 3 }, { origin: 'https://x.example', text: 'a', fetchStatus: 'no' }]);
    const notices: string[] = [];
    const store = originsStore();
    const keeper = new OriginsStorage(shelf, (m) => notices.push(m), 0);
    await keeper.start(store);
    expect(store.getState().files).toEqual([B]);
    store.getState().restore([B, C]);
    keeper.flush();
    await new Promise((r) => setTimeout(r, 0));
    expect(notices).toEqual([expect.stringMatching(/could not be kept.*stay in this tab/)]);
    expect(store.getState().files).toEqual([B, C]);
  });
});
