/**
 * The page's saved inputs (src/persist/inputs.ts) on stand-ins for
 * localStorage (a Map that can refuse writes over a quota, as browsers
 * throw), the shelf (a Map that can evict or refuse) and the worker's list
 * keeper. Expected values are written by hand.
 */
import { describe, expect, it } from 'vitest';
import type { ListHandle } from '../../src/model/wire';
import { createInputsStorage, type InputsStorage } from '../../src/persist/inputs';
import type { Shelf } from '../../src/persist/shelf';
import { PERSIST_VERSION } from '../../src/state/inputs';
import { persistedPart } from '../../src/state/store';
import { freshLabStore } from '../fakes/store';

function quotaError(): Error {
  const e = new Error('The quota has been exceeded.');
  e.name = 'QuotaExceededError';
  return e;
}

/** One browser profile: localStorage, IndexedDB and the worker's keeper, as the page has them. */
/** localStorage's shape: saved values are the object's own keys (what `Object.keys(localStorage)` lists). */
class LocalStand {
  [key: string]: unknown;
  constructor(private readonly capacity: number) {
    Object.defineProperty(this, 'capacity', { enumerable: false });
  }
  getItem(k: string): string | null {
    return Object.hasOwn(this, k) ? (this[k] as string) : null;
  }
  setItem(k: string, v: string): void {
    if (v.length > this.capacity) throw quotaError();
    this[k] = v;
  }
  removeItem(k: string): void {
    delete this[k];
  }
}

function browser(capacity = Infinity) {
  const ls = new LocalStand(capacity);
  const shelved = new Map<string, unknown>();
  let refuseShelf = false;
  const keeperSaves: string[] = [];
  const shelf: Shelf = {
    get: async (k) => shelved.get(k),
    set: async (k, v) => {
      if (refuseShelf) throw quotaError();
      shelved.set(k, v);
    },
    delete: async (k) => void shelved.delete(k),
  };
  // The worker holds one list: it counts the URLs (blank lines skipped) and stores it on the same shelf.
  let held: string | null = null;
  let ids = 0;
  const rows = (text: string) => text.split('\n').filter((l) => l.trim() !== '');
  const hold = (text: string, name: string | null): ListHandle => {
    held = text;
    return { id: ++ids, name, count: rows(text).length, head: rows(text).slice(0, 500) };
  };
  const keeper: Parameters<InputsStorage['connect']>[1] = {
    save: async (k) => {
      keeperSaves.push(k);
      await shelf.set(k, [held]);
      return rows(held!).length;
    },
    load: async (k, name) => {
      const v = shelved.get(k);
      if (v === undefined) return null;
      return hold(typeof v === 'string' ? v : (v as string[]).join(''), name);
    },
  };
  /** A tab of the page in this browser: a store read from what is saved, connected to the keeper. */
  /** A tab's saved inputs on this browser's localStorage and shelf. */
  function tabStorage(notices: (string | null)[] = [], lost: string[] = []): InputsStorage {
    return createInputsStorage({
      storage: () => ls,
      shelf: () => shelf,
      onNotice: (m) => notices.push(m),
      onLost: (m) => lost.push(m),
    });
  }
  async function open() {
    const notices: (string | null)[] = [];
    const lost: string[] = [];
    const storage = tabStorage(notices, lost);
    const store = freshLabStore(storage);
    if (!store.persist.hasHydrated()) await new Promise<void>((done) => store.persist.onFinishHydration(() => done()));
    await storage.connect(store, keeper);
    return { storage, store, notices, lost };
  }
  return {
    ls,
    shelved,
    keeperSaves,
    hold,
    tabStorage,
    open,
    saved: () => JSON.parse(ls.getItem('robots-lab')!),
    refuseShelf: (on: boolean) => {
      refuseShelf = on;
    },
  };
}

const bigRobots = (lines: number) =>
  `User-agent: *\n${Array.from({ length: lines - 1 }, (_, i) => `Disallow: /kept/${i}\n`).join('')}`;

describe('small inputs', () => {
  it('go to localStorage only, and nothing to the shelf', async () => {
    const b = browser();
    const tab = await b.open();
    tab.store.getState().setRobotsText('User-agent: *\nDisallow: /x\n');
    tab.store.getState().setUrlText('/a\n/b\n');
    await tab.storage.settled();
    expect(b.saved().state.robotsText).toBe('User-agent: *\nDisallow: /x\n');
    expect(b.saved().state.urlText).toBe('/a\n/b\n');
    expect(b.saved().external).toBeUndefined();
    expect(b.shelved.size).toBe(0);
    expect(tab.notices.at(-1)).toBeNull();
  });
});

describe('a large robots.txt', () => {
  it('is kept on the shelf, named in localStorage with its lines, and read back whole', async () => {
    const b = browser();
    const text = bigRobots(20_000);
    expect(text.length).toBeGreaterThan(200_000);
    const tab = await b.open();
    tab.store.getState().setRobotsText(text);
    await tab.storage.settled();
    expect(b.shelved.get('robots-lab:robotsText')).toBe(text);
    expect(b.saved().external).toEqual(['robotsText']);
    expect(b.saved().counts).toEqual({ robotsText: 20_000 });
    expect(b.saved().state.robotsText).toBe('');

    const again = await b.open();
    expect(again.store.getState().robotsText).toBe(text);
  });

  it('evicted by the browser, is named with its lines', async () => {
    const b = browser();
    const tab = await b.open();
    tab.store.getState().setRobotsText(bigRobots(20_000));
    await tab.storage.settled();
    b.shelved.clear();
    const again = await b.open();
    expect(again.lost).toEqual([
      'Your saved robots.txt of 20,000 lines is no longer stored by this browser; open it again.',
    ]);
  });
});

describe('a list the worker holds', () => {
  const urls = `${Array.from({ length: 300_000 }, (_, i) => `/p/${i}`).join('\n')}\n`;

  it('is saved by the worker, named in localStorage with its file and count, and comes back held, with the selected cell', async () => {
    const b = browser();
    const tab = await b.open();
    tab.store.getState().setHeldList(b.hold(urls, 'urls.txt'));
    tab.store.getState().select({ row: 7, col: 1 });
    await tab.storage.settled();
    expect(b.keeperSaves).toEqual(['robots-lab:urlText']);
    expect(b.ls.getItem('robots-lab')!.length).toBeLessThan(10_000);
    expect(b.saved()).toMatchObject({ external: ['urlText'], counts: { urlText: 300_000 }, listName: 'urls.txt' });
    expect(b.saved().state.urlText).toBe('');

    const again = await b.open();
    expect(again.store.getState().urlList).toMatchObject({ name: 'urls.txt', count: 300_000 });
    expect(again.store.getState().urlList?.head[499]).toBe('/p/499');
    expect(again.store.getState().urlText).toBe('');
    expect(again.store.getState().selected).toEqual({ row: 7, col: 1 });
    // Unchanged since it was read, it is not saved again.
    again.store.getState().setRobotsText('User-agent: *\n');
    await again.storage.settled();
    expect(b.keeperSaves).toHaveLength(1);
  });

  it('is let go when a list is typed: the typed list is saved instead', async () => {
    const b = browser();
    const tab = await b.open();
    tab.store.getState().setHeldList(b.hold(urls, 'urls.txt'));
    await tab.storage.settled();
    tab.store.getState().setUrlText('/typed\n');
    await tab.storage.settled();
    expect(b.saved().external).toBeUndefined();
    expect(b.saved().state.urlText).toBe('/typed\n');
    expect((await b.open()).store.getState()).toMatchObject({ urlText: '/typed\n', urlList: null });
  });

  it('saved by an earlier version (in chunks, or one string) is read back as a held list', async () => {
    for (const saved of [['/a\n', '/b\n/c\n'], '/a\n/b\n/c\n']) {
      const b = browser();
      const state = {
        robotsText: 'User-agent: *\n',
        robotsUrl: '',
        urlText: '',
        crawlers: { profiles: [], tokens: [] },
      };
      b.ls.setItem(
        'robots-lab',
        JSON.stringify({ state, version: PERSIST_VERSION, external: ['urlText'], counts: { urlText: 3 } }),
      );
      b.shelved.set('robots-lab:urlText', saved);
      const tab = await b.open();
      expect(tab.store.getState().urlList).toMatchObject({ name: null, count: 3, head: ['/a', '/b', '/c'] });
    }
  });
});

describe('a long typed URL list', () => {
  it('is put on the shelf by the page and comes back held by the worker', async () => {
    const b = browser();
    const tab = await b.open();
    const text = '/page\n'.repeat(250_000);
    tab.store.getState().setUrlText(text);
    await tab.storage.settled();
    expect(b.keeperSaves).toEqual([]);
    expect(b.shelved.get('robots-lab:urlText')).toBe(text);
    expect(b.saved().counts).toEqual({ urlText: 250_000 });
    expect((await b.open()).store.getState().urlList).toMatchObject({ name: null, count: 250_000 });
  });

  it('evicted by the browser, is named with its URL count until a new list comes', async () => {
    const b = browser();
    const tab = await b.open();
    tab.store.getState().setUrlText('/page\n'.repeat(250_000));
    await tab.storage.settled();
    b.shelved.clear();
    const again = await b.open();
    expect(again.store.getState().urlText).toBe('');
    expect(again.store.getState().urlList).toBeNull();
    expect(again.lost).toEqual([
      'Your saved list of 250,000 URLs is no longer stored by this browser; import it again.',
    ]);
  });

  it('stays named in localStorage while it is read, and gives way to a list typed meanwhile', async () => {
    const b = browser();
    const tab = await b.open();
    tab.store.getState().setUrlText('/page\n'.repeat(250_000));
    await tab.storage.settled();

    const storage = createInputsStorage({ storage: () => b.ls, shelf: () => undefined, onNotice: () => {} });
    const store = freshLabStore(storage);
    await store.persist.rehydrate();
    // Before the keeper reads it, another write keeps naming the saved list.
    store.getState().setRobotsText('User-agent: *\nDisallow: /y\n');
    await storage.settled();
    expect(b.saved().external).toEqual(['urlText']);
    expect(b.saved().state.robotsText).toBe('User-agent: *\nDisallow: /y\n');
    // The user types a list while the keeper reads the saved one: the typed list wins and is saved.
    await storage.connect(store, {
      save: async () => 0,
      load: async (k, name) => {
        store.getState().setUrlText('/typed\n');
        return b.hold(b.shelved.get(k) as string, name);
      },
    });
    await storage.settled();
    expect(store.getState().urlText).toBe('/typed\n');
    expect(store.getState().urlList).toBeNull();
    expect(b.saved().external).toBeUndefined();
    expect(b.saved().state.urlText).toBe('/typed\n');
  });
});

describe('when the browser refuses to store', () => {
  it('says so once, keeps the copy saved before, and clears the notice on the next save that fits', async () => {
    const b = browser(2_000);
    const tab = await b.open();
    tab.store.getState().setRobotsText('User-agent: *\nDisallow: /before\n');
    tab.store.getState().setRobotsText('#'.repeat(50_000));
    expect(b.saved().state.robotsText).toBe('User-agent: *\nDisallow: /before\n');
    expect(tab.notices.at(-1)).toBe(
      "Your latest changes are not saved: this browser's storage for the page is full. They stay in this tab; the copy saved before is kept.",
    );
    // The work is still in the tab.
    expect(tab.store.getState().robotsText).toBe('#'.repeat(50_000));
    tab.store.getState().setRobotsText('User-agent: *\n');
    expect(tab.notices.at(-1)).toBeNull();
  });

  it('never names in localStorage a large text the shelf refused', async () => {
    const b = browser();
    const tab = await b.open();
    tab.store.getState().setRobotsText('User-agent: *\nDisallow: /before\n');
    b.refuseShelf(true);
    tab.store.getState().setRobotsText(bigRobots(20_000));
    await tab.storage.settled();
    expect(b.saved().external).toBeUndefined();
    expect(b.saved().state.robotsText).toBe('User-agent: *\nDisallow: /before\n');
    expect(tab.notices.at(-1)).toMatch(
      /^Your latest changes are not saved: this browser's storage for the page is full/,
    );
  });
});

describe('two tabs', () => {
  it("keeping this tab's inputs writes its large texts again over the other tab's", async () => {
    const b = browser();
    const mine = await b.open();
    const text = bigRobots(20_000);
    mine.store.getState().setRobotsText(text);
    await mine.storage.settled();
    // The other tab saves its own large robots.txt as its store would, through its own storage.
    const other = b.tabStorage();
    const theirs = bigRobots(30_000);
    await other.setItem('robots-lab', {
      state: { ...persistedPart(mine.store.getState()), robotsText: theirs },
      version: PERSIST_VERSION,
    });
    await other.settled();
    expect(b.shelved.get('robots-lab:robotsText')).toBe(theirs);
    mine.storage.rewrite('robots-lab', { state: persistedPart(mine.store.getState()), version: PERSIST_VERSION });
    await mine.storage.settled();
    expect(b.shelved.get('robots-lab:robotsText')).toBe(text);
    expect(b.saved().counts).toEqual({ robotsText: 20_000 });
  });
});

describe('forgetting', () => {
  it("removes the page's localStorage entries and its texts on the shelf, and nothing else", async () => {
    const b = browser();
    const tab = await b.open();
    tab.store.getState().setRobotsText(bigRobots(20_000));
    b.ls.setItem('robots-lab-view', '{}');
    b.ls.setItem('another-site', 'x');
    b.shelved.set('robots-lab:robotsFile', 'bytes');
    b.shelved.set('deploy:deployed', 'kept by the before/after view');
    await tab.storage.forget();
    expect(Object.keys(b.ls)).toEqual(['another-site']);
    expect([...b.shelved.keys()]).toEqual(['deploy:deployed']);
  });
});
