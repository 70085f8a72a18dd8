/**
 * "Copy share link", "Export state" and "Import state": the page's share
 * buttons. The caller hands the current state in at click time and takes an
 * imported one out; this component knows nothing of the store. Messages are
 * rendered as React text, so nothing in a state ever becomes HTML.
 */
import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { download } from '../ui/download';
import { copyShareLink, importStateFile, stateFileName } from './actions';
import { stateToFile } from './file';
import type { ShareState } from './format';

export interface ShareControlsProps {
  /** The state to share, read when a button is pressed. */
  getState(): ShareState;
  /**
   * Takes an imported state (already validated) with the sentence to show
   * once it is loaded; the caller may ask the user first.
   */
  onImport(state: ShareState, message: string): void;
  /** Where "Export state" and "Import state" go (a menu); beside "Copy share link" when absent. */
  menu?: (items: ReactNode) => ReactNode;
}

/**
 * A clipboard write that may wait for its text: `ClipboardItem` with a
 * promise where the browser has it (Safari needs it: it refuses a
 * `writeText` that comes after the click's activation has lapsed), else
 * `writeText` once the text is there (Chromium and Firefox still accept it).
 */
function writeClipboard(text: Promise<string>): Promise<void> {
  if (!navigator.clipboard) return Promise.reject(new Error('no clipboard'));
  if (typeof ClipboardItem === 'function' && typeof navigator.clipboard.write === 'function') {
    const blob = text.then((t) => new Blob([t], { type: 'text/plain' }));
    return navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
  }
  return text.then((t) => navigator.clipboard.writeText(t));
}

/** How long a passing status message stays (long enough to read twice). */
const MESSAGE_MS = 10_000;

/** The share buttons and their status line. */
export function ShareControls({ getState, onImport, menu }: ShareControlsProps) {
  const [message, setMessage] = useState('');
  const [offerFile, setOfferFile] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  // A passing message floats over the page on a wide screen: it goes after a while. The offer of a file stays.
  useEffect(() => {
    if (message === '' || offerFile) return;
    const timer = setTimeout(() => setMessage(''), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message, offerFile]);

  // Inside the click: the write is started at once with the link to come (see LinkTarget.writeClipboard).
  const copy = async () => {
    const outcome = await copyShareLink(getState(), {
      href: location.href,
      setFragment: (fragment) => history.replaceState(history.state, '', fragment),
      writeClipboard,
    });
    setMessage(outcome.message);
    setOfferFile(outcome.offerFile);
  };

  const exportState = () => {
    download(new Blob([stateToFile(getState())], { type: 'application/json' }), stateFileName(new Date()));
    setMessage('State exported as a JSON file.');
    setOfferFile(false);
  };

  const importState = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = '';
    if (!file) return;
    const outcome = importStateFile(await file.text());
    if (outcome.state) onImport(outcome.state, outcome.message);
    // A loaded state is announced by the caller (after asking, if it asks).
    setMessage(outcome.state ? '' : outcome.message);
    setOfferFile(false);
  };

  return (
    <div className="share-controls">
      <button type="button" onClick={copy}>
        Copy share link
      </button>
      {(menu ?? ((items: ReactNode) => items))(
        <>
          <button type="button" onClick={exportState} className={offerFile ? 'share-offered' : undefined}>
            Export state
          </button>
          <button type="button" onClick={() => fileInput.current?.click()}>
            Import state
          </button>
        </>,
      )}
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        hidden
        aria-label="State file to import"
        onChange={importState}
      />
      <p role="status" className="share-status">
        {message}
      </p>
    </div>
  );
}
