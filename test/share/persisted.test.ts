/** The bridge to the store's persisted inputs, and when opening a link must ask first (issue 10 item 4). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_PROFILE_IDS, EXAMPLE_ROBOTS_TXT } from '../../src/fixtures/example';
import { pickState } from '../../src/share/format';
import { decodeLink, encodeLink } from '../../src/share/link';
import { migrateInputs, shouldAskBeforeReplacing } from '../../src/share/persisted';
import { DEFAULT_INPUTS } from '../../src/state/inputs';
import { shareState } from './arbitraries';

describe('persisted inputs and the share payload', () => {
  it('turns the first-visit inputs into a payload and back unchanged', () => {
    const share = pickState(DEFAULT_INPUTS);
    expect(share.robotsText).toBe(EXAMPLE_ROBOTS_TXT);
    expect(share.crawlers.profiles).toEqual(EXAMPLE_PROFILE_IDS);
    expect(pickState(share)).toEqual(DEFAULT_INPUTS);
  });

  it('copies arrays, so a later edit of the store never changes a payload', () => {
    const inputs = migrateInputs({ crawlers: { profiles: ['googlebot'], tokens: ['A'] } });
    const share = pickState(inputs);
    inputs.crawlers.tokens.push('B');
    expect(share.crawlers.tokens).toEqual(['A']);
  });

  it('gives inputs the store reads back as they are (reading them back keeps every field)', () => {
    fc.assert(
      fc.property(shareState, (state) => {
        const inputs = pickState(state);
        expect(migrateInputs(JSON.parse(JSON.stringify(inputs)))).toEqual(inputs);
        expect(pickState(inputs)).toEqual(state);
      }),
    );
  });

  it('carries the store inputs through a link and back', async () => {
    const inputs = { ...DEFAULT_INPUTS, robotsText: 'User-agent: *\nDisallow: /x\n', selected: null };
    const link = await encodeLink(pickState(inputs));
    if (!link.ok) throw new Error('expected a link');
    const read = await decodeLink(link.fragment);
    if (!read.ok) throw new Error(read.error);
    expect(pickState(read.state)).toEqual(inputs);
  });
});

describe('asking before a link replaces local work', () => {
  const pristine = pickState(DEFAULT_INPUTS);
  const edited = { ...pristine, robotsText: 'User-agent: *\nDisallow: /mine\n' };
  const incoming = { ...pristine, robotsText: 'User-agent: *\nDisallow: /theirs\n' };

  it('does not ask on a first visit (the page still shows the example)', () => {
    expect(shouldAskBeforeReplacing(pristine, incoming)).toBe(false);
  });

  it('asks when local edits would be replaced by something different', () => {
    expect(shouldAskBeforeReplacing(edited, incoming)).toBe(true);
    expect(shouldAskBeforeReplacing({ ...pristine, urlText: 'https://a.example/\n' }, incoming)).toBe(true);
    expect(shouldAskBeforeReplacing({ ...pristine, crawlers: { profiles: ['bingbot'], tokens: [] } }, incoming)).toBe(
      true,
    );
    expect(shouldAskBeforeReplacing({ ...pristine, settings: { normalise: false, fetchStatus: 200 } }, pristine)).toBe(
      true,
    );
  });

  it('does not ask when the link holds the same work (say, the user reopens their own link)', () => {
    expect(shouldAskBeforeReplacing(edited, { ...edited, selected: { row: 5, col: 1 } })).toBe(false);
  });

  it('treats another selected cell as no work', () => {
    expect(shouldAskBeforeReplacing({ ...pristine, selected: null }, incoming)).toBe(false);
  });

  it('compares against the pristine state the caller gives', () => {
    expect(shouldAskBeforeReplacing(edited, incoming, edited)).toBe(false);
  });
});
