/**
 * The page's share feature: the share buttons, opening a `#s=…` link, and the
 * dialog that asks before a shared or imported state replaces local work.
 * Everything a shared state holds reaches the page as store values or React
 * text, never as HTML.
 */
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { persistedPart, useRobotsLab } from '../state/store';
import type { ShareState } from './format';
import { decodeLink, isShareFragment } from './link';
import { inputsToShare, shareToInputs, shouldAskBeforeReplacing } from './persisted';
import { ShareControls } from './ShareControls';

/** Where an incoming state came from; the dialog names it. */
type Source = 'link' | 'file';

interface Incoming {
  state: ShareState;
  source: Source;
  /** What to say once it is opened (with any field the reader had to cut). */
  done: string;
}

interface Notice {
  kind: 'error' | 'info';
  text: string;
}

/** Takes the `#s=…` fragment out of the address bar, without a new history entry or a reload. */
function clearFragment(): void {
  history.replaceState(history.state, '', location.pathname + location.search);
}

const currentState = (): ShareState => inputsToShare(persistedPart(useRobotsLab.getState()));

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

/** The share buttons in the page header, plus the handling of links and imported files; `menu` takes the state-file buttons. */
export function ShareArea({ menu }: { menu?: (items: ReactNode) => ReactNode }) {
  const loadExample = useRobotsLab((s) => s.loadExample);
  const [incoming, setIncoming] = useState<Incoming | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const apply = useCallback(
    (next: Incoming) => {
      loadExample(shareToInputs(next.state));
      setNotice({ kind: 'info', text: next.done });
    },
    [loadExample],
  );

  /** Applies a state at once on a fresh page, or asks when it would replace local work. */
  const offer = useCallback(
    (next: Incoming) => {
      if (shouldAskBeforeReplacing(currentState(), next.state)) {
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

  const answer = (replace: boolean) => {
    if (!incoming) return;
    if (replace) apply(incoming);
    else setNotice({ kind: 'info', text: 'Kept your work; the shared state was not opened.' });
    if (incoming.source === 'link') clearFragment();
    setIncoming(null);
  };

  return (
    <div className="share-area">
      <ShareControls
        getState={currentState}
        onImport={(state, message) => offer({ state, source: 'file', done: message })}
        menu={menu}
      />
      {notice && (
        <div
          className={`share-notice share-notice-${notice.kind}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
          data-testid="share-notice"
        >
          <span className="share-notice-text">{notice.text}</span>
          <button type="button" className="secondary" aria-label="Dismiss" onClick={() => setNotice(null)}>
            ×
          </button>
        </div>
      )}
      {incoming && <ReplaceDialog incoming={incoming} onAnswer={answer} />}
    </div>
  );
}
