import { describe, expect, it } from 'vitest';
import { ALL_ROWS } from '../../src/model/codes';
import { apiAfterRun } from '../fakes/handler';

describe('verdict sorts put rows not judged last, both ways', () => {
  // Googlebot: /a allowed, /private/x blocked; other.com is out of scope; the last is not a URL.
  const URLS = ['not a url', 'https://other.com/', 'https://e.com/a', 'https://e.com/private/x', 'https://e.com/b'];

  async function view(desc: boolean): Promise<number[] | null> {
    const { api } = apiAfterRun(
      'User-agent: *\nDisallow: /private/\n',
      URLS,
      [{ kind: 'profile', id: 'googlebot' }],
      'https://e.com/robots.txt',
    );
    const query = { ...ALL_ROWS, sort: { key: 'verdict' as const, col: 0, desc } };
    const v = await api.view({ run: 2, query });
    return v.rows ? Array.from(v.rows) : null;
  }

  it('blocked first: blocked, allowed, out of scope, invalid', async () => {
    expect(await view(false)).toEqual([3, 2, 4, 1, 0]);
  });

  it('allowed first: allowed, blocked, out of scope, invalid', async () => {
    expect(await view(true)).toEqual([2, 4, 3, 1, 0]);
  });
});
