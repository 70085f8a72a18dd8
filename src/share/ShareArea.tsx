/**
 * The page's share feature: "Copy share link", "Export state" and "Import
 * state", opening a `#s=…` link, and the dialog that asks before a shared or
 * imported state replaces local work. Everything a shared state holds reaches
 * the page as store values or React text, never as HTML.
 */
import { type ChangeEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useController } from '../app/context';
import type { AppController } from '../app/controller';
import { persistedPart, useRobotsLab } from '../state/store';
import { CloseButton } from '../ui/CloseButton';
import { download } from '../ui/download';
import { copyShareLink, importStateFile, stateFileName } from './actions';
import { stateToFile } from './file';
import { pickState, type ShareState } from './format';
import { decodeLink, isShareFragment } from './link';
import { shouldAskBeforeReplacing } from './persisted';

interface Incoming {
  state: ShareState;
  /** Where it came from; the dialog names it. */
  source: 'link' | 'file';
  /** What to say once it is opened (with any field the reader had to cut). */
  done: string;
}

/** Takes the `#s=…` fragment out of the address bar, without a new history entry or a reload. */
function clearFragment(): void {
  history.replaceState(history.state, '', location.pathname + location.search);
}

const currentState = (): ShareState => pickState(persistedPart(useRobotsLab.getState()));

/** The state to share: a list the worker holds is asked for whole (the user asked to share it). */
async function sharedState(controller: AppController): Promise<ShareState> {
  const state = currentState();
  if (!useRobotsLab.getState().urlList) return state;
  const urlText = await controller.listText();
  if (urlText === null) throw new Error('The URL list is no longer held; import it again to share it.');
  return { ...state, urlText };
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

/** The "replace your work?" dialog: modal, so focus stays in it; Escape keeps the local work. */
function ReplaceDialog({ incoming, onAnswer }: { incoming: Incoming; onAnswer(replace: boolean): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // The safe answer has the focus, so Enter never throws work away by accident.
    keep.current?.focus();
    return () => dialog?.close();
  }, []);
  const what = incoming.source === 'link' ? 'This share link holds' : 'The imported file holds';
  return (
    <dialog
      ref={ref}
      className="share-dialog"
      aria-labelledby="share-dialog-title"
      aria-describedby="share-dialog-text"
      data-testid="share-dialog"
      onCancel={(e) => {
        e.preventDefault();
        onAnswer(false);
      }}
    >
      <h2 id="share-dialog-title">Replace your work?</h2>
      <p id="share-dialog-text">
        {what} a robots.txt, URL list, crawlers and settings that differ from yours. Opening it replaces what you have
        on this page; your own version is not kept anywhere else.
      </p>
      <div className="share-dialog-actions">
        <button type="button" onClick={() => onAnswer(true)}>
          Open the shared state
        </button>
        <button type="button" className="secondary" onClick={() => onAnswer(false)} ref={keep}>
          Keep mine
        </button>
      </div>
    </dialog>
  );
}

/**
 * The share buttons in the page header, plus the handling of links and
 * imported files; `menu` places the state-file buttons (in the header's menu).
 */
export function ShareArea({ menu }: { menu: (stateFiles: ReactNode) => ReactNode }) {
  const loadExample = useRobotsLab((s) => s.loadExample);
  const controller = useController();
  const [incoming, setIncoming] = useState<Incoming | null>(null);
  const [notice, setNotice] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  // The buttons' own status line, and whether a state file is offered in place of a too-long link.
  const [message, setMessage] = useState('');
  const [offerFile, setOfferFile] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const apply = useCallback(
    (next: Incoming) => {
      loadExample(pickState(next.state));
      setNotice({ kind: 'info', text: next.done });
    },
    [loadExample],
  );

  /** Applies a state at once on a fresh page, or asks when it would replace local work. */
  const offer = useCallback(
    (next: Incoming) => {
      // A list the worker holds is work too, though the shared fields do not show it.
      if (useRobotsLab.getState().urlList || shouldAskBeforeReplacing(currentState(), next.state)) {
        setIncoming(next);
        return;
      }
      apply(next);
      if (next.source === 'link') clearFragment();
    },
    [apply],
  );

  // A link opened with the page, or pasted into the address bar of an open page (only the fragment changes).
  useEffect(() => {
    let live = true;
    const open = async () => {
      if (!isShareFragment(location.hash)) return;
      const read = await decodeLink(location.hash);
      if (!live) return;
      if (!read.ok) {
        setNotice({ kind: 'error', text: `${read.error} Nothing on the page was changed.` });
        return;
      }
      offer({ state: read.state, source: 'link', done: ['Opened the shared state.', ...read.warnings].join(' ') });
    };
    void open();
    addEventListener('hashchange', open);
    return () => {
      live = false;
      removeEventListener('hashchange', open);
    };
  }, [offer]);

  // A passing message floats over the page on a wide screen: it goes after a while. The offer of a file stays.
  useEffect(() => {
    if (message === '' || offerFile) return;
    const timer = setTimeout(() => setMessage(''), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message, offerFile]);

  // Inside the click: the write is started at once with the link to come (see LinkTarget.writeClipboard).
  // The state may not come (a list the worker no longer holds): the status line says why.
  const saying = (act: () => Promise<void>) => () =>
    act().catch((e: unknown) => setMessage(e instanceof Error ? e.message : String(e)));

  const copy = saying(async () => {
    const outcome = await copyShareLink(sharedState(controller), {
      href: location.href,
      setFragment: (fragment) => history.replaceState(history.state, '', fragment),
      writeClipboard,
    });
    setMessage(outcome.message);
    setOfferFile(outcome.offerFile);
  });

  const exportState = saying(async () => {
    const state = await sharedState(controller);
    download(new Blob([stateToFile(state)], { type: 'application/json' }), stateFileName(new Date()));
    setMessage('State exported as a JSON file.');
    setOfferFile(false);
  });

  const importState = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = '';
    if (!file) return;
    const outcome = importStateFile(await file.text());
    // A loaded state is announced once it is opened (after asking, if it asks).
    if (outcome.state) offer({ state: outcome.state, source: 'file', done: outcome.message });
    setMessage(outcome.state ? '' : outcome.message);
    setOfferFile(false);
  };

  const answer = (replace: boolean) => {
    if (!incoming) return;
    if (replace) apply(incoming);
    else setNotice({ kind: 'info', text: 'Kept your work; the shared state was not opened.' });
    if (incoming.source === 'link') clearFragment();
    setIncoming(null);
  };

  return (
    <div className="share-area">
      <div className="share-controls">
        <button type="button" onClick={copy}>
          Copy share link
        </button>
        {menu(
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
      {notice && (
        <div
          className={`share-notice share-notice-${notice.kind}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
          data-testid="share-notice"
        >
          <span className="share-notice-text">{notice.text}</span>
          <CloseButton label="Dismiss" className="secondary" onClick={() => setNotice(null)} />
        </div>
      )}
      {incoming && <ReplaceDialog incoming={incoming} onAnswer={answer} />}
    </div>
  );
}
