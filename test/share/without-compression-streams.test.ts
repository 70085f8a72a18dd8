/**
 * A browser without `CompressionStream` (Safari before 16.4, Firefox before
 * 113) makes share links through the fallback, and its links are the same
 * format: each side opens what the other made. Fragments are also
 * checked against node:zlib, which shares no code with either.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShareState } from '../../src/share/format';
import { decodeLink, encodeLink } from '../../src/share/link';

const STATE: ShareState = {
  robotsText: 'User-agent: *\nDisallow: /private/\nAllow: /private/ok é\n'.repeat(40),
  robotsUrl: 'https://example.com/robots.txt',
  urlText: 'https://example.com/private/x\n/caf%C3%A9\n',
  crawlers: { profiles: ['googlebot', 'gptbot'], tokens: ['MyBot'] },
  settings: { normalise: false, fetchStatus: 503 },
  selected: { row: 1, col: 0 },
};

const withoutStreams = () => {
  vi.stubGlobal('CompressionStream', undefined);
  vi.stubGlobal('DecompressionStream', undefined);
};

async function link(state: ShareState): Promise<string> {
  const made = await encodeLink(state);
  if (!made.ok) throw new Error(made.message);
  return made.fragment;
}

describe('share links without CompressionStream', () => {
  beforeEach(withoutStreams);
  afterEach(() => vi.unstubAllGlobals());

  it('makes a link that zlib reads as the state', async () => {
    const fragment = await link(STATE);
    expect(typeof CompressionStream).toBe('undefined');
    const json = JSON.parse(inflateRawSync(Buffer.from(fragment.slice(6), 'base64url')).toString('utf8'));
    expect(json.robotsText).toBe(STATE.robotsText);
    expect(await decodeLink(fragment)).toEqual({ ok: true, state: STATE, warnings: [] });
  });

  it('opens a link made with the platform streams, and the platform opens its links', async () => {
    vi.unstubAllGlobals();
    const native = await link(STATE);
    withoutStreams();
    expect(await decodeLink(native)).toEqual({ ok: true, state: STATE, warnings: [] });
    const fallback = await link(STATE);
    vi.unstubAllGlobals();
    expect(await decodeLink(fallback)).toEqual({ ok: true, state: STATE, warnings: [] });
  });

  it('says a cut or corrupt link is damaged', async () => {
    const fragment = await link(STATE);
    expect(await decodeLink(fragment.slice(0, fragment.length >> 1))).toMatchObject({ ok: false });
    expect(await decodeLink(`#s=v1.${Buffer.from([0xff, 0xff, 0xff, 0xff]).toString('base64url')}`)).toEqual({
      ok: false,
      error: expect.stringMatching(/damaged/),
    });
    expect(await decodeLink('#s=v1.')).toEqual({ ok: false, error: expect.stringMatching(/damaged/) });
  });

  it('stops a "zip bomb" at the cap and says so', async () => {
    const bomb = `#s=v1.${deflateRawSync(Buffer.alloc(40 * 1024 * 1024, 0x20)).toString('base64url')}`;
    expect(await decodeLink(bomb)).toEqual({
      ok: false,
      error: expect.stringMatching(/more data than a link may hold/),
    });
  });
});
