/**
 * What the share buttons do, apart from the DOM: the browser's pieces (the
 * address, the clipboard) come in as arguments, so tests run them in Node.
 * Every outcome is a sentence for a status line, shown as text, never HTML.
 */
import { stateFromFile } from './file';
import type { ShareState } from './format';
import { encodeLink } from './link';

/** The browser pieces a copy needs. */
export interface LinkTarget {
  /** The page's address now (its fragment is replaced). */
  href: string;
  /** Puts the fragment in the address bar without a new history entry. */
  setFragment(fragment: string): void;
  /**
   * Copies text to the clipboard; may reject (no permission, no focus, or
   * `text` rejects). Called at once, inside the click: Safari refuses a
   * write started after the user's gesture has lapsed, and compressing the
   * link takes longer than that, so the text comes as a promise.
   */
  writeClipboard(text: Promise<string>): Promise<void>;
}

/** The outcome of "Copy share link": the sentence to show, and whether a file should be offered instead. */
export interface CopyOutcome {
  message: string;
  offerFile: boolean;
}

/** The page's address with its fragment replaced. */
function linkFor(href: string, fragment: string): string {
  const hash = href.indexOf('#');
  return (hash < 0 ? href : href.slice(0, hash)) + fragment;
}

/** Encodes the state, puts the link in the address bar and on the clipboard, and says what happened. */
export async function copyShareLink(state: ShareState | Promise<ShareState>, target: LinkTarget): Promise<CopyOutcome> {
  const encoding = Promise.resolve(state).then(encodeLink);
  const link = encoding.then((e) => (e.ok ? linkFor(target.href, e.fragment) : Promise.reject(new Error(e.message))));
  // Started before the first await, while the click's user activation lasts.
  const copied = target.writeClipboard(link).then(
    () => true,
    () => false,
  );
  const encoded = await encoding;
  if (!encoded.ok) return { message: encoded.message, offerFile: true };
  target.setFragment(encoded.fragment);
  const kb = Math.max(1, Math.ceil((await link).length / 1024));
  const message = (await copied)
    ? `Share link copied (${kb} KB). It holds the whole state; nothing is sent to a server.`
    : `Share link made (${kb} KB): copy it from the address bar.`;
  return { message, offerFile: false };
}

/** The download name of a state file made on `date` (UTC day). */
export function stateFileName(date: Date): string {
  return `robots-lab-state-${date.toISOString().slice(0, 10)}.json`;
}

/** Reads an imported state file's text: the state to load (or null) and the sentence that says what was loaded or why not. */
export function importStateFile(text: string): { state: ShareState | null; message: string } {
  const read = stateFromFile(text);
  if (!read.ok) return { state: null, message: read.error };
  const note = read.warnings.length > 0 ? ` ${read.warnings.join(' ')}` : '';
  return { state: read.state, message: `State imported.${note}` };
}
