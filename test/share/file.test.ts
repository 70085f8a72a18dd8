/** State files (issue 10 item 4): the state as versioned plain JSON, read as untrusted input. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stateFromFile, stateToFile } from '../../src/share/file';
import { shareState } from './arbitraries';

const STATE = {
  robotsText: 'User-agent: *\nDisallow: /\n',
  robotsUrl: 'https://example.com/robots.txt',
  urlText: 'https://example.com/a\n',
  crawlers: { profiles: ['bingbot'], tokens: ['MyBot'] },
  settings: { normalise: false, fetchStatus: 503 },
  selected: { row: 0, col: 1 },
};

describe('state files', () => {
  it('round-trips every valid state', () => {
    fc.assert(
      fc.property(shareState, (state) => {
        expect(stateFromFile(stateToFile(state))).toEqual({ ok: true, state, warnings: [] });
      }),
      { numRuns: 200 },
    );
  });

  it('writes the documented header and the state as plain JSON', () => {
    expect(JSON.parse(stateToFile(STATE))).toEqual({ format: 'robots-lab-state', version: 1, state: STATE });
  });

  it('reads a hand-written v1 file', () => {
    const text = `{"format":"robots-lab-state","version":1,"state":${JSON.stringify(STATE)}}`;
    expect(stateFromFile(text)).toEqual({ ok: true, state: STATE, warnings: [] });
  });

  it('explains each kind of file it cannot use', () => {
    const error = (text: string) => {
      const r = stateFromFile(text);
      return r.ok ? 'accepted' : r.error;
    };
    expect(error('User-agent: *\nDisallow: /')).toMatch(/not JSON/);
    expect(error('<!doctype html><html><body onload=alert(1)>')).toMatch(/not JSON/);
    expect(error('{"error":"Not found"}')).toMatch(/not a Robots Lab state file/);
    expect(error('[]')).toMatch(/not a Robots Lab state file/);
    expect(error('{"format":"something-else","version":1,"state":{}}')).toMatch(/not a Robots Lab state file/);
    expect(error('{"format":"robots-lab-state","version":7,"state":{}}')).toMatch(/newer Robots Lab \(format 7\)/);
    expect(error('{"format":"robots-lab-state","version":"1","state":{}}')).toMatch(/unknown format version/);
    expect(error('{"format":"robots-lab-state","version":1}')).toMatch(/not a Robots Lab state/);
    expect(error('{"format":"robots-lab-state","version":1,"state":{"robotsText":["x"]}}')).toMatch(/no robots.txt/);
  });

  it('does not let __proto__ in a file pollute objects', () => {
    const text =
      '{"format":"robots-lab-state","version":1,"__proto__":{"polluted":1},' +
      '"state":{"robotsText":"x","__proto__":{"polluted":1,"urlText":"evil"}}}';
    const r = stateFromFile(text);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.state.urlText).toBe('');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
