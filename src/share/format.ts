/**
 * The share format, version 1: what a share link or a state file holds.
 *
 * A **share link** carries the state in the URL fragment, which browsers
 * never send to a server: `#s=v1.<data>`, where `<data>` is the state as
 * JSON (UTF-8), compressed with raw DEFLATE (`CompressionStream('deflate-raw')`)
 * and written in base64url without padding. The version sits in the prefix so
 * that a later format can change everything after it.
 *
 * A **state file** is the same state as plain JSON with a header:
 * `{ "format": "robots-lab-state", "version": 1, "state": { … } }`. It is
 * offered when a state is too large for a link.
 *
 * The state object (`ShareState`) has these fields, all required when
 * written; a reader takes a neutral value for a missing one and says so:
 *
 * - `robotsText`: the robots.txt as typed (string)
 * - `robotsUrl`: the URL the robots.txt is served from (string)
 * - `urlText`: the URL list, one URL a line (string)
 * - `crawlers`: `{ profiles: string[], tokens: string[] }`: built-in profile
 *   ids in the order chosen, then product tokens typed
 * - `settings`: `{ normalise: boolean, fetchStatus: number }`: the simulated
 *   HTTP status (0 for an unreachable server, see docs/behaviour.md §2)
 * - `selected`: `{ row: number, col: number }` or null: the selected cell
 *
 * Everything read back is untrusted: `validateState` checks it field by field.
 */
import type { Inputs } from '../state/inputs';

/** The format version written by this code. */
export const SHARE_VERSION = 1;

/** What precedes the data in a link's fragment. */
export const FRAGMENT_PREFIX = '#s=v1.';

/** The `format` field of a state file. */
export const FILE_FORMAT = 'robots-lab-state';

/**
 * The longest fragment a share link may have, in characters (all ASCII).
 * Browsers accept far longer URLs (Chromium caps them at 2 MiB, Firefox at
 * 1 MiB), but the places links travel through do not: chat apps, mail
 * clients, issue trackers and URL previewers cut or refuse URLs of a few tens
 * of kilobytes, and a link that arrives truncated fails to decode at all.
 * 32 KiB keeps a link usable in those places while holding a robots.txt of
 * roughly 100–200 KB of ordinary text (DEFLATE shrinks such text 4–8 times,
 * and base64 adds a third). Above it, the page offers a state file instead.
 */
export const MAX_FRAGMENT_CHARS = 32 * 1024;

/**
 * The most JSON (in bytes) a link may expand to. DEFLATE can shrink at most
 * about 1032 to 1, so 32 KiB of fragment can never honestly hold more than
 * ~25 MiB; the decoder stops at this cap so that a crafted link (a
 * "zip bomb") cannot make the page inflate gigabytes.
 */
export const MAX_LINK_JSON_BYTES = 32 * 1024 * 1024;

/** Caps applied to each field of an untrusted state (longer values are cut, with a warning). */
export const LIMITS = {
  /** Characters of robots.txt: well above the 500 KiB Google reads, as large as the page accepts in a paste. */
  robotsText: 10 * 1024 * 1024,
  /** Characters of the robots.txt URL. */
  robotsUrl: 8 * 1024,
  /** Characters of the URL list: a million URLs of ~60 characters. */
  urlText: 64 * 1024 * 1024,
  /** Product tokens typed. */
  tokens: 10_000,
  /** Characters of one product token. */
  token: 256,
  /** The largest row or column index of a selected cell. */
  cellIndex: 100_000_000,
} as const;

/**
 * Everything a share link or state file carries (see the module comment for
 * the format): the page's persisted inputs, as they are.
 */
export type ShareState = Inputs;

/**
 * Exactly the format's fields, in the format's order, in fresh objects:
 * whatever else a caller's object carries (the store's whole state, say) is
 * not shared, and the caller's arrays are never shared by reference.
 */
export function pickState(s: ShareState): ShareState {
  return {
    robotsText: s.robotsText,
    robotsUrl: s.robotsUrl,
    urlText: s.urlText,
    crawlers: { profiles: [...s.crawlers.profiles], tokens: [...s.crawlers.tokens] },
    settings: { normalise: s.settings.normalise, fetchStatus: s.settings.fetchStatus },
    selected: s.selected && { row: s.selected.row, col: s.selected.col },
  };
}

/** The outcome of reading an untrusted share: a clean state and what was changed, or why it was refused. */
export type ReadResult = { ok: true; state: ShareState; warnings: string[] } | { ok: false; error: string };
