import { type OpenedNote, useKeptFile } from '../persist/openedFile';
import { useRobotsLab } from '../state/store';
import { formatCount } from './format';

function openedText(o: OpenedNote, fromBytes: boolean): string {
  if (o.error) return `Could not open ${o.name}: ${o.error}`;
  // Once edited, the text shown is what counts: its U+FFFD characters are just characters.
  const invalid =
    fromBytes && o.invalidLines > 0
      ? ` ${formatCount(o.invalidLines)} line${o.invalidLines === 1 ? ' holds' : 's hold'} bytes that are not UTF-8 (see the warnings).`
      : '';
  const source = fromBytes
    ? 'verdicts come from its bytes, as Google reads them, until you edit it.'
    : 'it has been edited since, so verdicts come from the text shown.';
  // A file opened before a reload: its bytes were kept in this browser (persist/openedFile.ts).
  return `Opened ${o.name}${o.kept ? ' (kept from before the reload)' : ''}: ${source}${invalid}`;
}

const NOT_ROBOTS = {
  html: 'This looks like an HTML page, not a robots.txt (a server error or login page saved by mistake?). Crawlers find no rules in it, so every URL is allowed.',
  json: 'This looks like a JSON body, not a robots.txt (an API error saved by mistake?). Crawlers find no rules in it, so every URL is allowed.',
} as const;

/** Notes above the editor: the opened file, a text that is not a robots.txt, and Google's 500 KiB cut. */
export function EditorNotes() {
  const fromBytes = useRobotsLab((s) => s.parse?.fromBytes === true);
  const opened = useKeptFile((s) => s.opened);
  const keepError = useKeptFile((s) => s.keepError);
  const kind = useRobotsLab((s) => s.parse?.looksLike ?? null);
  const cutLine = useRobotsLab((s) => s.parse?.sizeLimit?.line ?? null);
  return (
    <>
      {opened && (
        <p
          className={opened.error ? 'import-note warn' : 'import-note hint'}
          role={opened.error ? 'alert' : 'status'}
          data-testid="robots-file-note"
        >
          {openedText(opened, fromBytes)}
        </p>
      )}
      {opened?.notText && (
        <p className="import-note warn" role="alert" data-testid="not-text-note">
          {opened.name} is not a text file: {opened.notText}. It was opened as Google would read it, but a robots.txt is
          text: check that this is the file you meant.
        </p>
      )}
      {keepError && (
        <p className="import-note warn" role="alert" data-testid="robots-file-kept-error">
          {keepError}
        </p>
      )}
      {opened?.shownPartOf != null && !opened.error && (
        <p className="import-note warn" role="status" data-testid="shown-part-note">
          {opened.name} is {(opened.shownPartOf / 1_000_000).toFixed(1)} MB, too large to edit here: the editor shows
          the first 500 KiB, which is all Google reads, and verdicts come from the file's bytes. An edit makes the text
          shown the file.
        </p>
      )}
      {kind && (
        <p className="import-note warn" role="alert" data-testid="not-robots-note">
          {NOT_ROBOTS[kind]}
        </p>
      )}
      {cutLine !== null && (
        <p className="import-note warn" data-testid="size-limit-note">
          Google reads only the first 500 KiB of a robots.txt: verdicts stop at line {formatCount(cutLine)}. The rest
          stays in the editor, unread by Google.
        </p>
      )}
    </>
  );
}
