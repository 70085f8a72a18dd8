/**
 * Share links (issue 10 item 4): the whole state in `#s=v1.<data>`, raw
 * DEFLATE + base64url. Fragments for the hostile cases are built with
 * node:zlib and Buffer, independently of the module's own encoder.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_FRAGMENT_CHARS, type ShareState } from '../../src/share/format';
import { decodeLink, encodeLink, isShareFragment } from '../../src/share/link';
import { shareState } from './arbitraries';

/** A fragment made without the module: JSON (or any bytes) → zlib raw deflate → base64url. */
const craft = (payload: string | Buffer) =>
  `#s=v1.${deflateRawSync(typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload).toString('base64url')}`;

const SAMPLE: ShareState = {
  robotsText: 'User-agent: *\nDisallow: /private/\n',
  robotsUrl: 'https://example.com/robots.txt',
  urlText: 'https://example.com/private/x\n',
  crawlers: { profiles: ['googlebot'], tokens: ['MyBot'] },
  settings: { normalise: true, fetchStatus: 200 },
  selected: null,
};

/** Decodes and expects failure, returning the message. */
async function failure(hash: string): Promise<string> {
  const r = await decodeLink(hash);
  if (r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r.state).slice(0, 200)}`);
  return r.error;
}

describe('share link round trip', () => {
  it('decodes every valid state to an equal state, with no warnings', async () => {
    await fc.assert(
      fc.asyncProperty(shareState, async (state) => {
        const link = await encodeLink(state);
        expect(link.ok).toBe(true);
        if (!link.ok) return;
        expect(link.fragment.startsWith('#s=v1.')).toBe(true);
        expect(link.fragment).toMatch(/^#s=v1\.[A-Za-z0-9_-]*$/);
        expect(await decodeLink(link.fragment)).toEqual({ ok: true, state, warnings: [] });
      }),
      { numRuns: 150 },
    );
  });

  it('shares only the format fields, not extra properties a caller object carries', async () => {
    const withExtra = { ...SAMPLE, urlPieces: ['secret'], parse: { huge: true } } as ShareState;
    const link = await encodeLink(withExtra);
    if (!link.ok) throw new Error('expected a link');
    const json = JSON.parse(inflateRawSync(Buffer.from(link.fragment.slice(6), 'base64url')).toString('utf8'));
    expect(Object.keys(json).sort()).toEqual([
      'crawlers',
      'robotsText',
      'robotsUrl',
      'selected',
      'settings',
      'urlText',
    ]);
  });

  it('decodes a fragment written by another DEFLATE implementation (node:zlib)', async () => {
    expect(await decodeLink(craft(JSON.stringify(SAMPLE)))).toEqual({ ok: true, state: SAMPLE, warnings: [] });
  });

  it('accepts the hash with or without its leading #', async () => {
    const link = await encodeLink(SAMPLE);
    if (!link.ok) throw new Error('expected a link');
    expect(await decodeLink(link.fragment.slice(1))).toEqual({ ok: true, state: SAMPLE, warnings: [] });
    expect(isShareFragment(link.fragment)).toBe(true);
    expect(isShareFragment('#section-2')).toBe(false);
    expect(isShareFragment('')).toBe(false);
  });
});

describe('a v1 link made today still opens', () => {
  // Made by encodeLink on 2026-11-22; the expected state is written by hand. Never regenerate it:
  // if this fails, the reader broke links people already hold.
  const V1_FRAGMENT =
    '#s=v1.fY7BSsNAEIZfJYweVGJjpafFCopXT7Un42G7TpLVyc4yO20jJQ_kc_hiklgRSvE2_N__D98OhFes6Qk7BQPLhHJpawxqsosyPPhkiXhrsiKK31jFogx3B0mDFE_LcJLd-LbOkrh5l3FAEZa5JRQ9m57flmHhFVsbTfZmNzY58VHNLy4D5HuRpRAYaFRjMkWBnW0j4cRxW_zwiXYKOayF9srHqn-y_9FB_HjD2errc5RyYreEksDsIApXnjCBeYaauSZc8eBSRx2OlxyU3zGM_PHjfoj6HBKq-lCPHwJLa8knBFNZSphDheqahVpdJzCzq9k4IHSKr8NAeAtmmoNjAnPd998';

  it('decodes the committed v1 fixture to the state it was made from', async () => {
    expect(await decodeLink(V1_FRAGMENT)).toEqual({
      ok: true,
      warnings: [],
      state: {
        robotsText:
          'User-agent: *\nDisallow: /private/\nAllow: /private/help$\n# <img src=x onerror=alert(1)>\nSitemap: javascript:alert(1)\n',
        robotsUrl: 'https://example.com/robots.txt',
        urlText: 'https://example.com/private/\nhttps://example.com/private/help\nhttps://example.com/café\n',
        crawlers: { profiles: ['googlebot', 'gptbot'], tokens: ['MyBot'] },
        settings: { normalise: false, fetchStatus: 404 },
        selected: { row: 1, col: 2 },
      },
    });
  });
});

describe('the size limit of a link', () => {
  /** Text that DEFLATE cannot shrink much: random letters from a fixed seed. */
  function incompressible(chars: number): string {
    let x = 12345;
    let s = '';
    for (let i = 0; i < chars; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      s += String.fromCharCode(33 + ((x >>> 16) % 90)); // high bits: an LCG's low bits repeat quickly
    }
    return s;
  }

  it('makes a link for a state whose fragment fits in 32 KiB', async () => {
    const link = await encodeLink({ ...SAMPLE, robotsText: incompressible(20_000) });
    expect(link.ok).toBe(true);
    if (link.ok) expect(link.fragment.length).toBeLessThanOrEqual(MAX_FRAGMENT_CHARS);
  });

  it('refuses a state whose fragment would exceed 32 KiB, says how large and points to a file', async () => {
    const link = await encodeLink({ ...SAMPLE, robotsText: incompressible(40_000) });
    expect(link.ok).toBe(false);
    if (link.ok) return;
    const kb = Number(/needs a (\d+) KB link/.exec(link.message)?.[1]);
    expect(kb).toBeGreaterThan(32);
    expect(link.message).toMatch(/over the 32 KB/);
    expect(link.message).toMatch(/Export it as a file/);
  });

  it('keeps a large but repetitive state in a link (the limit is on the compressed size)', async () => {
    const urls = Array.from({ length: 5000 }, (_, i) => `https://example.com/products/${i}`).join('\n');
    const link = await encodeLink({ ...SAMPLE, urlText: urls });
    expect(link.ok).toBe(true);
  });

  it('refuses a state over 32 MiB of JSON without compressing it', async () => {
    const link = await encodeLink({ ...SAMPLE, urlText: 'a'.repeat(33 * 1024 * 1024) });
    // Said without a size: no fragment was made to measure.
    expect(link).toEqual({
      ok: false,
      message: 'This state is too large for a share link. Export it as a file instead.',
    });
  });
});

describe('malformed links give a message, never a throw', () => {
  it('a hash that is not a share link', async () => {
    expect(await failure('#top')).toMatch(/no shared state/);
  });

  it('a link from a newer format version', async () => {
    expect(await failure('#s=v2.AAAA')).toMatch(/newer Robots Lab \(format v2\)/);
  });

  it('characters outside base64url (a link altered by a mail client)', async () => {
    expect(await failure('#s=v1.ab+c/d==')).toMatch(/damaged/);
    expect(await failure('#s=v1.abc%20def')).toMatch(/damaged/);
    expect(await failure('#s=v1.abcde')).toMatch(/damaged/); // a length no encoder makes
  });

  it('a link cut short', async () => {
    const link = craft(JSON.stringify({ ...SAMPLE, robotsText: 'Disallow: /x\n'.repeat(200) }));
    expect(await failure(link.slice(0, Math.floor(link.length / 2)))).toMatch(/damaged|cut short/);
  });

  it('data that is not DEFLATE', async () => {
    expect(await failure(`#s=v1.${Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff]).toString('base64url')}`)).toMatch(
      /damaged/,
    );
  });

  it('an empty payload', async () => {
    expect(await failure('#s=v1.')).toMatch(/damaged/);
  });

  it('a "zip bomb" that would inflate past 32 MiB stops and says so', async () => {
    const bomb = craft(Buffer.alloc(40 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(await failure(bomb)).toMatch(/more data than a link may hold/);
  });

  it('a fragment far longer than any link the encoder makes', async () => {
    expect(await failure(`#s=v1.${'A'.repeat(70_000)}`)).toMatch(/far too long/);
  });

  it('bytes that are not UTF-8', async () => {
    // Valid JSON once a lenient decoder turns 0xFF into U+FFFD: the reader must refuse it, not guess.
    const bytes = Buffer.concat([Buffer.from('{"robotsText":"'), Buffer.from([0xff]), Buffer.from('"}')]);
    expect(await failure(craft(bytes))).toMatch(/not a readable state/);
  });

  it('text that is not JSON', async () => {
    expect(await failure(craft('<html><script>alert(1)</script></html>'))).toMatch(/not a readable state/);
  });

  it('JSON that is not a state', async () => {
    expect(await failure(craft('[1,2,3]'))).toMatch(/not a Robots Lab state/);
    expect(await failure(craft('null'))).toMatch(/not a Robots Lab state/);
    expect(await failure(craft('"User-agent: *"'))).toMatch(/not a Robots Lab state/);
    expect(await failure(craft('{"robotsText": 42}'))).toMatch(/no robots.txt text/);
  });
});
