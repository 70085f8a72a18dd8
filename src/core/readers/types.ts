/**
 * Other readers of a robots.txt: how RFC 9309 read literally, Bing, Yandex
 * and the 1994 convention decide, beside Google's exact reading
 * (docs/behaviour.md §14, §11). Each reader does only what its public
 * documentation says; docs/readers.md lists the sources and the gaps.
 */

/** The readers, Google's first. */
export type ReaderId = 'google' | 'rfc9309' | 'bing' | 'yandex' | 'legacy1994';

/** One reader's verdict for a URL × crawler, with its deciding line and why it differs from Google's. */
export interface ReaderVerdict {
  reader: ReaderId;
  name: string;
  allowed: boolean;
  /** The deciding line, or null when no rule decided. */
  line: number | null;
  lineText: string | null;
  /** Same verdict and same deciding line as Google's reading. */
  agreesWithGoogle: boolean;
  /** Short reasons, each starting with the reader's name ("Yandex: …"); empty when it agrees. */
  why: string[];
  /** The public page the reader is built from. */
  source: string;
}

/** Where each reader's behaviour comes from. */
export const READER_SOURCES: Record<ReaderId, string> = {
  google: 'https://github.com/google/robotstxt (robots.cc)',
  rfc9309: 'https://www.rfc-editor.org/rfc/rfc9309',
  bing: 'https://blogs.bing.com/webmaster/2012/05/03/to-crawl-or-not-to-crawl-that-is-bingbots-question',
  yandex: 'https://yandex.com/support/webmaster/robot-workings/allow-disallow.html',
  legacy1994: 'https://www.robotstxt.org/orig.html',
};

/** Display names. */
export const READER_NAMES: Record<ReaderId, string> = {
  google: 'Google',
  rfc9309: 'RFC 9309',
  bing: 'Bing',
  yandex: 'Yandex',
  legacy1994: '1994',
};

/** A reading difference found in one line (a line Google uses and this reader does not, or the reverse). */
export interface LineNote {
  line: number;
  text: string;
}
