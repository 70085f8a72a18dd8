import { beforeEach, describe, expect, it } from 'vitest';
import { type KeptFile, keepOpenedFile, reopenKeptFile, useKeptFile } from '../../src/persist/openedFile';
import type { Shelf } from '../../src/persist/shelf';

/** A shelf holding one value at most; it can refuse writes like a browser over its quota. */
function shelf(refuse: string | null = null) {
  const box: { kept: unknown } = { kept: undefined };
  const s: Shelf = {
    get: async () => box.kept,
    set: async (_key, f) => {
      if (refuse) throw new Error(refuse);
      box.kept = f;
    },
    delete: async () => {
      box.kept = undefined;
    },
  };
  return { s, box };
}

const FILE: KeptFile = { name: 'robots.txt', bytes: new Blob([new Uint8Array([0x2f, 0xff])]) };

beforeEach(() => useKeptFile.setState({ opened: null, keepError: null }));

describe('the opened robots.txt file kept for a reload', () => {
  it('is kept as it came, and opened again after the reload while the text matches', async () => {
    const { s, box } = shelf();
    await keepOpenedFile(s, FILE);
    expect(box.kept).toBe(FILE);
    const given: Blob[] = [];
    await reopenKeptFile(s, async (bytes) => {
      given.push(bytes);
      return { invalidLines: 1, shownPartOf: 3_700_000 };
    });
    expect(given).toEqual([FILE.bytes]);
    // A file too large to edit still says so after the reload: the editor shows only what Google reads of it.
    expect(useKeptFile.getState().opened).toEqual({
      name: 'robots.txt',
      invalidLines: 1,
      shownPartOf: 3_700_000,
      error: null,
      kept: true,
    });
    expect(box.kept).toBe(FILE);
  });

  it('is dropped when the text no longer is what its bytes decode to', async () => {
    const { s, box } = shelf();
    await keepOpenedFile(s, FILE);
    await reopenKeptFile(s, async () => null);
    expect(box.kept).toBeUndefined();
    expect(useKeptFile.getState().opened).toBeNull();
  });

  it('says so when the browser refuses to keep it', async () => {
    const { s, box } = shelf('QuotaExceededError');
    await keepOpenedFile(s, FILE);
    expect(box.kept).toBeUndefined();
    expect(useKeptFile.getState().keepError).toBe(
      "robots.txt could not be kept in this browser (QuotaExceededError): after a reload, verdicts will come from the text shown, not from the file's bytes.",
    );
    // A later file that is kept clears the sentence.
    await keepOpenedFile(shelf().s, FILE);
    expect(useKeptFile.getState().keepError).toBeNull();
  });

  it('opens nothing when none was kept, or where there is no IndexedDB', async () => {
    let asked = 0;
    const reopen = async () => {
      asked++;
      return { invalidLines: 0, shownPartOf: null };
    };
    await reopenKeptFile(shelf().s, reopen);
    await reopenKeptFile(undefined, reopen);
    expect(asked).toBe(0);
    expect(useKeptFile.getState().opened).toBeNull();
  });
});
