/** fast-check generators of valid shared states, written from the format (docs in src/share/format.ts). */
import fc from 'fast-check';
import { CRAWLER_PROFILES } from '../../src/core/profiles';
import type { ShareState } from '../../src/share/format';

const token = fc
  .string({ minLength: 1, maxLength: 24 })
  .map((s) => s.trim())
  .filter((s) => s !== '');

/** Any valid state: arbitrary Unicode text (astral characters included), known profiles, unique tokens. */
export const shareState: fc.Arbitrary<ShareState> = fc.record({
  robotsText: fc.string({ unit: 'binary', maxLength: 400 }),
  robotsUrl: fc.oneof(fc.webUrl(), fc.string({ maxLength: 40 })),
  urlText: fc
    .array(fc.oneof(fc.webUrl({ withQueryParameters: true }), fc.string()), { maxLength: 20 })
    .map((l) => l.join('\n')),
  crawlers: fc.record({
    profiles: fc.shuffledSubarray(CRAWLER_PROFILES.map((p) => p.id)),
    tokens: fc.uniqueArray(token, { maxLength: 8 }),
  }),
  settings: fc.record({
    normalise: fc.boolean(),
    fetchStatus: fc.oneof(fc.constant(0), fc.integer({ min: 100, max: 599 })),
  }),
  selected: fc.option(fc.record({ row: fc.nat(1_000_000), col: fc.nat(100) }), { nil: null }),
});
