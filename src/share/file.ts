/**
 * State files: the whole state as plain, versioned JSON, for states too
 * large for a share link (see format.ts). Reading one treats it as hostile
 * input and never throws.
 */
import { FILE_FORMAT, pickState, type ReadResult, SHARE_VERSION, type ShareState } from './format';
import { validateState } from './validate';

/** The largest state file read, in characters: a 64 Mi-character URL list plus the rest. */
const MAX_FILE_CHARS = 80 * 1024 * 1024;

/** The state as the text of a `.json` state file. */
export function stateToFile(state: ShareState): string {
  const body = { format: FILE_FORMAT, version: SHARE_VERSION, state: pickState(state) };
  return `${JSON.stringify(body, null, 2)}\n`;
}

/** Reads the text of a state file: a clean state with warnings, or a message saying why it cannot be used. */
export function stateFromFile(text: string): ReadResult {
  if (text.length > MAX_FILE_CHARS) return { ok: false, error: 'This file is too large to be a Robots Lab state.' };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: 'This file is not JSON, so it is not a Robots Lab state file.' };
  }
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  if (!Object.hasOwn(r, 'format') || r.format !== FILE_FORMAT) {
    return { ok: false, error: 'This JSON file is not a Robots Lab state file.' };
  }
  if (r.version !== SHARE_VERSION) {
    return typeof r.version === 'number' && r.version > SHARE_VERSION
      ? { ok: false, error: `This state file was made by a newer Robots Lab (format ${r.version}).` }
      : { ok: false, error: 'This state file has an unknown format version.' };
  }
  return validateState(Object.hasOwn(r, 'state') ? r.state : undefined);
}
