import { describe, expect, it } from 'vitest';
import { type ResultRow, rowWriter } from '../../src/cli/rows';
import { csvCell, csvRecord, RESULT_COLUMNS, resultHeader } from '../../src/core/csv';

describe('the shared CSV schema (docs/behaviour.md §12 Outside the reference)', () => {
  it('names the result columns in the CLI order', () => {
    expect(resultHeader(false)).toBe('url,request_url,crawler,verdict,line,rule,note,expected,ok\r\n');
    expect(resultHeader(true)).toBe('url,request_url,crawler,verdict,line,rule,note,expected,ok,reason\r\n');
    expect(RESULT_COLUMNS).toHaveLength(9);
  });

  it('quotes a cell as RFC 4180 asks: quotes doubled, commas and line breaks enclosed', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('')).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell('padded\t')).toBe('"padded\t"');
    expect(csvCell('café')).toBe('café');
  });

  it('ends each record with CR LF', () => {
    expect(csvRecord(['a', 'b,c', ''])).toBe('a,"b,c",\r\n');
    expect(csvRecord([])).toBe('\r\n');
  });

  it("writes the CLI's rows with the same cells", () => {
    const row: ResultRow = {
      url: '/a,b',
      requestUrl: 'https://e.com/a,b',
      changes: [],
      origin: 'command line',
      crawler: 'Googlebot',
      profile: 'googlebot',
      tokens: ['googlebot'],
      status: 'blocked',
      allowed: false,
      line: 2,
      lineText: 'Disallow: /a',
      rule: { kind: 'disallow', pattern: '/a', length: 2 },
      note: '',
      expected: 'allowed',
      ok: false,
    };
    const csv = rowWriter('csv', { withReason: false, withPurposes: false, withExpect: true });
    expect(csv.head).toBe(resultHeader(false));
    const { url, requestUrl, changes, origin, ...tail } = row;
    expect(csv.row(url, requestUrl, changes, origin, csv.tail(tail))).toBe(
      '"/a,b","https://e.com/a,b",Googlebot,blocked,2,Disallow: /a,,allowed,false\r\n',
    );
  });
});
