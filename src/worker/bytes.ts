/**
 * A robots.txt opened as a file, held as its bytes: while the editor still
 * shows exactly what the bytes decode to, verdicts come from the bytes
 * (`parseRobotsTxt(bytes)`), so that invalid UTF-8, a second byte-order mark
 * or a NUL behave as the reference reads them (docs/behaviour.md §13). After
 * an edit the text is what counts.
 */
import { decodeUtf8WithOffsets } from '../core/globals';
import { applyGoogleSizeLimit, GOOGLE_SIZE_LIMIT_BYTES, parseRobotsTxt } from '../core/index';
import type { ParsedRobots } from '../core/types';
import type { WireDiagnostic } from '../model/wire';

/**
 * A file larger than this (in bytes) is not put into the editor whole: the
 * editor shows the part Google reads (its first 500 KiB), and the bytes stay
 * here. Pasted text over about the same size comes this way too (ui/EditorPane.tsx).
 */
const EDITOR_CAP_BYTES = 2_000_000;

/** Invalid bytes on one line: where the first one is (1-based line, column in characters, offset in the editor's text) and how many. */
interface InvalidOnLine {
  line: number;
  column: number;
  from: number;
  /** Invalid sequences on the line (each shown as one U+FFFD). */
  count: number;
  /** The first sequence's bytes, as hex. */
  first: string;
}

/** The bytes a BOM prefix at the start of `bytes` takes, skipped once (docs/behaviour.md §13). */
function bomLength(bytes: Uint8Array): number {
  const bom = [0xef, 0xbb, 0xbf];
  let skip = 0;
  while (skip < 3 && skip < bytes.length && bytes[skip] === bom[skip]) skip++;
  return skip;
}

/** Each line's invalid UTF-8 sequences in `body` (the bytes after the skipped mark), line ends as the parser counts them. */
function findInvalid(body: Uint8Array): InvalidOnLine[] {
  const { text, offsets } = decodeUtf8WithOffsets(body);
  const out: InvalidOnLine[] = [];
  let line = 1;
  let lineStart = 0;
  // The editor's text has "\n" for each CR LF: one character fewer per CR LF before here.
  let crlf = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || c === 0x0d) {
      if (c === 0x0d && text.charCodeAt(i + 1) === 0x0a) {
        i++;
        crlf++;
      }
      line++;
      lineStart = i + 1;
      continue;
    }
    if (c !== 0xfffd) continue;
    const at = offsets[i];
    const end = offsets[i + 1];
    // A real U+FFFD in the file is EF BF BD: valid, not reported.
    if (end - at === 3 && body[at] === 0xef && body[at + 1] === 0xbf && body[at + 2] === 0xbd) continue;
    const last = out.at(-1);
    if (last?.line === line) last.count++;
    else out.push({ line, column: i - lineStart + 1, from: i - crlf, count: 1, first: hex(body.subarray(at, end)) });
  }
  return out;
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
}

/** The bytes of the last opened file, their parse and what the editor shows for them. */
export class HeldBytes {
  /** What a crawler reads: the bytes up to Google's size limit, parsed as bytes. */
  readonly parsed: ParsedRobots;
  /** The decoded text as the editor holds it (its line ends as "\n", the skipped mark left out). */
  readonly editorText: string;

  /**
   * The whole file parsed as bytes, for the diagnostics, when its positions
   * fit the editor's text (no CR line ends); else null and the editor's text
   * is linted (same lines, same verdicts: only the line ends differ).
   */
  readonly full: ParsedRobots | null;
  /** The file's size when the editor shows only the part Google reads (over `EDITOR_CAP_BYTES`), else null. */
  readonly shownPartOf: number | null;
  private readonly invalid: InvalidOnLine[];
  /** How many lines hold invalid UTF-8. */
  readonly invalidLines: number;

  constructor(bytes: Uint8Array) {
    // Where Googlebot stops reading (docs/behaviour.md §3), not inside a UTF-8 sequence.
    const read = applyGoogleSizeLimit(bytes).bytes;
    this.parsed = parseRobotsTxt(read);
    this.shownPartOf = bytes.length > EDITOR_CAP_BYTES ? bytes.length : null;
    const shown = this.shownPartOf === null ? bytes : read;
    const full = shown.length <= GOOGLE_SIZE_LIMIT_BYTES ? this.parsed : parseRobotsTxt(shown);
    this.editorText = full.text.indexOf('\r') === -1 ? full.text : full.text.replace(/\r\n?/g, '\n');
    this.full = this.editorText === full.text ? full : null;
    this.invalid = full.invalidUtf8 ? findInvalid(shown.subarray(bomLength(shown))) : [];
    this.invalidLines = this.invalid.length;
  }

  /** The invalid-bytes diagnostics, one per line, positioned in the editor's text (capped per code like the linter's, capDiagnostics.ts). */
  diagnostics(): WireDiagnostic[] {
    return this.invalid.map((v) => {
      const more = v.count > 1 ? ` (and ${v.count - 1} more on this line)` : '';
      return {
        from: v.from,
        to: v.from + 1,
        line: v.line,
        severity: 'warning',
        code: 'invalid-utf8',
        message: `Invalid UTF-8 at line ${v.line}, column ${v.column}: the bytes ${v.first}${more} are not UTF-8. Google matches them as raw bytes (0xFF is %FF in a pattern); the editor shows each as \uFFFD. Verdicts come from the file's bytes until you edit it.`,
      };
    });
  }
}
