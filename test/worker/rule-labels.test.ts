import { describe, expect, it } from 'vitest';
import { ruleLabels } from '../../src/worker/protocol';

describe('ruleLabels: line → rule as written, made when asked', () => {
  const table = {
    lines: Int32Array.of(2, 3, 7),
    kinds: Uint8Array.of(1, 0, 1),
    raws: '/private\n/private/ok\n',
  };

  it('names each rule line and nothing else', () => {
    const labels = ruleLabels(table);
    expect(labels.get(7)).toBe('Disallow: ');
    expect(labels.get(2)).toBe('Disallow: /private');
    expect(labels.get(3)).toBe('Allow: /private/ok');
    expect(labels.get(1)).toBeUndefined();
    expect(labels.get(4)).toBeUndefined();
    expect(labels.get(8)).toBeUndefined();
  });

  it('finds lines when groups are not in file order', () => {
    const labels = ruleLabels({ lines: Int32Array.of(9, 2), kinds: Uint8Array.of(0, 1), raws: '/b\n/a' });
    expect(labels.get(2)).toBe('Disallow: /a');
    expect(labels.get(9)).toBe('Allow: /b');
  });
});
