/**
 * Streaming writers for `check`'s csv, json and jsonl output. A row is
 * written either whole from a ResultRow, or fast: the URL part is built per
 * row and the rest (crawler, verdict, line, rule…) is a fragment the writer
 * made once from a whole row with the same verdict, so a million rows cost
 * a million string joins rather than a million JSON.stringify calls. Both
 * forms give the same bytes.
 */
import { csvCell, csvLine, type ResultRow } from './format';

/** How one output format is written row by row. */
export interface RowWriter {
  /** Text before the first row. */
  head: string;
  /** A whole row. */
  row(r: ResultRow): string;
  /**
   * The part of `r`'s output after its url, requestUrl, changes and origin,
   * to be reused for rows with the same verdict; null when this format has
   * no fast form.
   */
  tail(r: ResultRow): string | null;
  /** A row from its URL part and a `tail` made earlier; the origin is `name:line`. */
  fast(url: string, requestUrl: string, changes: readonly string[], name: string, line: number, tail: string): string;
  /**
   * The same bytes as `fast(url, url, [], name, line, tail)`, for a URL
   * already in request form (ASCII, nothing JSON escapes).
   */
  plain(url: string, name: string, line: number, tail: string): string;
  /** Text after the last row; `rows` is how many were written. */
  end(rows: number): string;
  /**
   * The bytes of a plain row around its URL, for a list of this name (see
   * PlainBytes); null when this format has no plain rows.
   */
  plainBytes(name: string): PlainBytes | null;
}

/**
 * A plain row as bytes, the same bytes as `plain` gives: `open`, the URL,
 * `between`, the URL again, `close`, the line number when `line` is set,
 * then `tail`, the tail (from `tail`) as it ends such a row.
 */
export interface PlainBytes {
  open: Buffer;
  between: Buffer;
  close: Buffer;
  line: boolean;
  tail(text: string): Buffer;
}

/** Characters JSON.stringify would escape (lone surrogates included; pairs go the slow way too). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what JSON must escape.
const JSON_SPECIAL = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A JSON string literal, without JSON.stringify for the usual plain URL. */
function jsonString(s: string): string {
  return JSON_SPECIAL.test(s) ? JSON.stringify(s) : `"${s}"`;
}

function jsonlWriter(): RowWriter {
  // The list name, quoted up to its colon, for the origin of every row of that list.
  let lastName = '';
  let quotedName = '"';
  // The start of a plain row after its URL, up to the origin's line number.
  let plainMiddle = '","changes":[],"origin":"';
  const quoteName = (name: string) => {
    lastName = name;
    quotedName = JSON.stringify(`${name}:`).slice(0, -1);
    plainMiddle = `","changes":[],"origin":${quotedName}`;
  };
  return {
    head: '',
    row: (r) => `${JSON.stringify(r)}\n`,
    tail: (r) => {
      const { url: _u, requestUrl: _q, changes: _c, origin: _o, ...rest } = r;
      return JSON.stringify(rest).slice(1);
    },
    fast: (url, requestUrl, changes, name, line, tail) => {
      if (name !== lastName) quoteName(name);
      const u = jsonString(url);
      const q = requestUrl === url ? u : jsonString(requestUrl);
      const c = changes.length === 0 ? '[]' : JSON.stringify(changes);
      return `{"url":${u},"requestUrl":${q},"changes":${c},"origin":${quotedName}${line}",${tail}\n`;
    },
    plain: (url, name, line, tail) => {
      if (name !== lastName) quoteName(name);
      return `{"url":"${url}","requestUrl":"${url}${plainMiddle}${line}",${tail}\n`;
    },
    end: () => '',
    plainBytes: (name) => {
      if (name !== lastName) quoteName(name);
      return {
        open: Buffer.from('{"url":"'),
        between: Buffer.from('","requestUrl":"'),
        close: Buffer.from(plainMiddle),
        line: true,
        tail: (text) => Buffer.from(`",${text}\n`),
      };
    },
  };
}

function csvWriter(withReason: boolean, withPurposes: boolean): RowWriter {
  return {
    head: csvLine(withReason, undefined, withPurposes),
    row: (r) => csvLine(withReason, r, withPurposes),
    tail: (r) =>
      withReason || withPurposes
        ? null
        : csvLine(false, r).slice(csvCell(r.url).length + csvCell(r.requestUrl).length + 2),
    fast: (url, requestUrl, _changes, _name, _line, tail) => {
      const u = csvCell(url);
      return `${u},${requestUrl === url ? u : csvCell(requestUrl)},${tail}`;
    },
    // A request-form URL has no quote, line break or white space: only a comma makes it quoted.
    plain: (url, _name, _line, tail) =>
      url.indexOf(',') === -1 ? `${url},${url},${tail}` : `${csvCell(url)},${csvCell(url)},${tail}`,
    end: () => '',
    // A URL with a comma never reaches the plain path in CSV (see TextListLines).
    plainBytes: () => ({
      open: Buffer.alloc(0),
      between: Buffer.from(','),
      close: Buffer.from(','),
      line: false,
      tail: (text) => Buffer.from(text),
    }),
  };
}

function jsonWriter(): RowWriter {
  let rows = 0;
  return {
    head: '[\n',
    // The same bytes as JSON.stringify(allRows, null, 2), one row at a time.
    row: (r) => `${rows++ === 0 ? '' : ',\n'}  ${JSON.stringify(r, null, 2).replace(/\n/g, '\n  ')}`,
    tail: () => null,
    fast: () => {
      throw new Error('json rows are written whole');
    },
    plain: () => {
      throw new Error('json rows are written whole');
    },
    end: (n) => (n === 0 ? '[]\n' : '\n]\n'),
    plainBytes: () => null,
  };
}

/** The writer for a streamed format; `withReason` and `withPurposes` add CSV columns. */
export function rowWriter(format: 'csv' | 'json' | 'jsonl', withReason: boolean, withPurposes = false): RowWriter {
  return format === 'csv' ? csvWriter(withReason, withPurposes) : format === 'json' ? jsonWriter() : jsonlWriter();
}
