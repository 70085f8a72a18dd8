import { describe, expect, it } from 'vitest';
import { EXAMPLE_ROBOTS_TXT } from '../../src/fixtures/example';
import { createInputsStorage } from '../../src/persist/inputs';
import { migrateInputs } from '../../src/share/persisted';
import { crawlerSpecs, DEFAULT_INPUTS, PERSIST_VERSION } from '../../src/state/inputs';
import { type RunResults, STORAGE_KEY, snapshotInputs, urlAt } from '../../src/state/store';
import { freshLabStore } from '../fakes/store';

/** A localStorage stand-in with a size limit (in characters), throwing as browsers do. */
class FakeStorage {
  readonly data = new Map<string, string>();
  writes = 0;
  constructor(private readonly capacity = Infinity) {}
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.writes++;
    if (v.length > this.capacity) {
      const e = new Error('The quota has been exceeded.');
      e.name = 'QuotaExceededError';
      throw e;
    }
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
  saved(): { state: Record<string, unknown>; version: number } {
    return JSON.parse(this.data.get(STORAGE_KEY)!);
  }
}

function makeStore(storage: FakeStorage) {
  const notices: (string | null)[] = [];
  const safe = createInputsStorage({ storage: () => storage, onNotice: (m) => notices.push(m) });
  return { store: freshLabStore(safe), notices };
}

describe('first visit', () => {
  it('starts with the example: robots.txt, a dozen URLs and three crawlers', () => {
    const { store } = makeStore(new FakeStorage());
    const s = store.getState();
    expect(s.robotsText).toBe(EXAMPLE_ROBOTS_TXT);
    expect(s.urlText.trim().split('\n').length).toBeGreaterThanOrEqual(12);
    expect(crawlerSpecs(s.crawlers)).toEqual([
      { kind: 'profile', id: 'googlebot' },
      { kind: 'profile', id: 'googlebot-image' },
      { kind: 'profile', id: 'gptbot' },
    ]);
  });
});

describe('persistence', () => {
  it('saves only what the user entered, under its name and version', () => {
    const storage = new FakeStorage();
    const { store } = makeStore(storage);
    store.getState().setRobotsText('User-agent: *\nDisallow: /x\n');
    store.getState().setWorkerNotice('not persisted');
    const saved = storage.saved();
    expect(saved.version).toBe(PERSIST_VERSION);
    expect(Object.keys(saved.state).sort()).toEqual([
      'crawlers',
      'robotsText',
      'robotsUrl',
      'selected',
      'settings',
      'urlText',
    ]);
    expect(saved.state.robotsText).toBe('User-agent: *\nDisallow: /x\n');
  });

  it('restores everything in a new session (a reload)', () => {
    const storage = new FakeStorage();
    const first = makeStore(storage).store.getState();
    first.setRobotsText('User-agent: a\nDisallow: /\n');
    first.setUrlText('/one\n/two');
    first.toggleProfile('gptbot', false);
    first.addToken('MyBot');
    first.setRobotsUrl('https://example.com/robots.txt');
    first.setNormalise(false);
    first.setFetchStatus(503);
    first.select({ row: 1, col: 0 });

    const s = makeStore(storage).store.getState();
    expect(s.robotsText).toBe('User-agent: a\nDisallow: /\n');
    expect(s.urlText).toBe('/one\n/two');
    expect(s.crawlers).toEqual({ profiles: ['googlebot', 'googlebot-image'], tokens: ['MyBot'] });
    expect(s.robotsUrl).toBe('https://example.com/robots.txt');
    expect(s.settings).toEqual({ normalise: false, fetchStatus: 503 });
    expect(s.selected).toEqual({ row: 1, col: 0 });
  });

  it('skips the write when nothing persisted changed', () => {
    const storage = new FakeStorage();
    const { store } = makeStore(storage);
    store.getState().setRobotsText('a');
    const writes = storage.writes;
    store.getState().setWorkerNotice('x');
    store.getState().touchResults();
    expect(storage.writes).toBe(writes);
  });

  it('migrates an entry of another version field by field, keeping what is valid', () => {
    const storage = new FakeStorage();
    storage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        version: 0,
        state: {
          robotsText: 'User-agent: old\n',
          urlText: 42,
          crawlers: ['googlebot'],
          settings: { normalise: false, fetchStatus: 'oops' },
        },
      }),
    );
    const s = makeStore(storage).store.getState();
    expect(s.robotsText).toBe('User-agent: old\n');
    expect(s.urlText).toBe(DEFAULT_INPUTS.urlText);
    expect(s.crawlers).toEqual(DEFAULT_INPUTS.crawlers);
    expect(s.settings).toEqual({ normalise: false, fetchStatus: 200 });
  });

  it('reads a damaged entry as the defaults', () => {
    expect(migrateInputs(null)).toEqual(DEFAULT_INPUTS);
    expect(migrateInputs('garbage')).toEqual(DEFAULT_INPUTS);
  });
});

describe('quota errors (huge pastes)', () => {
  it('says what is not saved when the storage refuses it, and keeps the whole list in memory', () => {
    const storage = new FakeStorage(6000);
    const { store, notices } = makeStore(storage);
    store.getState().setRobotsText('User-agent: *\nDisallow: /private\n');
    const urls = Array.from({ length: 1000 }, (_, i) => `/page/${i}`).join('\n');
    store.getState().setUrlText(urls);
    // The copy saved before the list stays; nothing is saved cut short.
    expect(storage.saved().state.robotsText).toBe('User-agent: *\nDisallow: /private\n');
    expect(storage.saved().state.urlText).not.toBe(urls);
    expect(notices.at(-1)).toMatch(/not saved: this browser's storage for the page is full/);
    expect(store.getState().urlText).toBe(urls);
  });

  it('never overwrites the saved robots.txt with less, when the new one does not fit', () => {
    const storage = new FakeStorage(4000);
    const { store, notices } = makeStore(storage);
    store.getState().setRobotsText('User-agent: *\nDisallow: /kept\n');
    store.getState().setRobotsText('#'.repeat(10_000));
    expect(storage.saved().state.robotsText).toBe('User-agent: *\nDisallow: /kept\n');
    expect(notices.at(-1)).toMatch(/not saved: this browser's storage for the page is full/);
    // Once it fits again, the notice goes away.
    store.getState().setRobotsText('User-agent: *\n');
    expect(notices.at(-1)).toBeNull();
  });

  it('coalesces a burst of writes into one, and flushes on demand', () => {
    const storage = new FakeStorage();
    const timers: (() => void)[] = [];
    const safe = createInputsStorage({
      storage: () => storage,
      onNotice: () => {},
      delayMs: 300,
      setTimeout: (fn) => timers.push(fn),
    });
    const store = freshLabStore(safe);
    const before = storage.writes;
    for (const t of ['a', 'ab', 'abc']) store.getState().setRobotsText(t);
    expect(storage.writes).toBe(before);
    safe.flush();
    expect(storage.saved().state.robotsText).toBe('abc');
    expect(storage.writes).toBe(before + 1);
    for (const fn of timers) fn();
    expect(storage.writes).toBe(before + 1);
  });
});

describe('crawler choice', () => {
  it('adds typed tokens once, trimmed, and clears the selection when columns change', () => {
    const { store } = makeStore(new FakeStorage());
    store.getState().select({ row: 0, col: 2 });
    store.getState().addToken('  MyBot ');
    store.getState().addToken('MyBot');
    store.getState().addToken('   ');
    expect(store.getState().crawlers.tokens).toEqual(['MyBot']);
    expect(store.getState().selected).toBeNull();
    store.getState().toggleProfile('googlebot', true);
    expect(store.getState().crawlers.profiles).toEqual(['googlebot', 'googlebot-image', 'gptbot']);
    store.getState().removeToken('MyBot');
    expect(crawlerSpecs(store.getState().crawlers)).toHaveLength(3);
  });
});

describe('a list the worker holds', () => {
  const HELD = { id: 4, name: 'urls.txt', count: 2, head: ['/a', '/b'] };

  it('is the URL list until a list is typed or the example loaded; its handle is never in localStorage', () => {
    const storage = new FakeStorage();
    const { store } = makeStore(storage);
    store.getState().select({ row: 1, col: 0 });
    store.getState().setHeldList(HELD);
    expect(store.getState()).toMatchObject({ urlList: HELD, urlText: '', selected: null });
    expect(Object.keys(storage.saved().state)).not.toContain('urlList');
    const snapshot = snapshotInputs(store.getState());

    store.getState().setUrlText('/typed\n');
    expect(store.getState().urlList).toBeNull();
    store.getState().setHeldList(HELD);
    store.getState().loadExample(DEFAULT_INPUTS);
    expect(store.getState()).toMatchObject({ urlList: null, urlText: DEFAULT_INPUTS.urlText });
    // Undo puts the held list back.
    store.getState().restoreInputs(snapshot);
    expect(store.getState().urlList).toBe(HELD);
  });

  it("reads a typed list's rows from its text, a held list's through its reader", () => {
    const typed = { list: '  /a \n/b\n', starts: Int32Array.of(2, 6), ends: Int32Array.of(4, 8) } as RunResults;
    expect([urlAt(typed, 0), urlAt(typed, 1)]).toEqual(['/a', '/b']);
    const reader = { at: (row: number) => (row === 0 ? '/first' : ''), get: async (row: number) => `/row/${row}` };
    const held = { list: reader } as unknown as RunResults;
    expect([urlAt(held, 0), urlAt(held, 9)]).toEqual(['/first', '']);
  });
});
