import { describe, expect, it } from 'vitest';
import { freshLabStore } from '../fakes/store';

describe('typed crawlers (issue 10 item 2: 10,000 typed)', () => {
  it('takes 100 crawlers in all and refuses the next, changing nothing', () => {
    const store = freshLabStore();
    // The example starts with three profiles: 97 tokens fill the table's 100 columns.
    expect(store.getState().crawlers.profiles).toHaveLength(3);
    const taken = Array.from({ length: 10_000 }, (_, i) => store.getState().addToken(`Bot${i}`));
    expect(taken.filter(Boolean)).toHaveLength(97);
    expect(taken[96]).toBe(true);
    expect(taken[97]).toBe(false);
    expect(store.getState().crawlers.tokens.at(-1)).toBe('Bot96');
    // A token already there is not refused (nothing to add).
    expect(store.getState().addToken('Bot5')).toBe(true);
  });
});
