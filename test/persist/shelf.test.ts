/**
 * The shelf (src/persist/shelf.ts) on fake-indexeddb: the database and store
 * earlier versions wrote are read as they are, lists keep their chunks.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { browserShelf, loadList, refusalReason } from '../../src/persist/shelf';

/** Writes a value the way earlier versions of the page did: database robots-lab, version 1, store values. */
function writeAsBefore(key: string, value: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('robots-lab', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('values');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction('values', 'readwrite');
      tx.objectStore('values').put(value, key);
      tx.oncomplete = () => {
        open.result.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

describe('the shelf', () => {
  const shelf = browserShelf!;

  it('reads a text and a list that earlier versions saved as one string', async () => {
    await writeAsBefore('robots-lab:robotsText', 'User-agent: *\nDisallow: /old\n');
    await writeAsBefore('robots-lab:urlText', '/a\n/b\n');
    expect(await shelf.get('robots-lab:robotsText')).toBe('User-agent: *\nDisallow: /old\n');
    expect(await loadList(shelf, 'robots-lab:urlText')).toEqual(['/a\n/b\n']);
  });

  it('keeps a list in the chunks it was saved in, and answers undefined for what is not there', async () => {
    await shelf.set('list', ['/a\n', '/b\n', '/c']);
    expect(await loadList(shelf, 'list')).toEqual(['/a\n', '/b\n', '/c']);
    await shelf.set('number', 42);
    expect(await loadList(shelf, 'number')).toBeUndefined();
    await shelf.delete('list');
    expect(await loadList(shelf, 'list')).toBeUndefined();
    expect(await loadList(shelf, 'never-saved')).toBeUndefined();
  });

  it('keeps a file as a Blob', async () => {
    await shelf.set('file', { name: 'robots.txt', bytes: new Blob([new Uint8Array([0x2f, 0xff])]) });
    const back = (await shelf.get('file')) as { name: string; bytes: Blob };
    expect(back.name).toBe('robots.txt');
    expect([...new Uint8Array(await back.bytes.arrayBuffer())]).toEqual([0x2f, 0xff]);
  });

  it("names a full storage in the user's words, and any other refusal with its message", () => {
    const full = new Error('quota');
    full.name = 'QuotaExceededError';
    expect(refusalReason(full)).toBe("this browser's storage for the page is full");
    expect(refusalReason(new Error('blocked by policy'))).toBe('this browser refused to store it (blocked by policy)');
  });
});
