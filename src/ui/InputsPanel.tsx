import { type ClipboardEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { readLocal, writeLocal } from '../persist/local';
import { useDeploy } from '../state/deploy';
import { useRobotsLab } from '../state/store';
import { countOf } from './format';
import { ProfileList } from './ProfileList';
import { Settings } from './Settings';
import { TypedTokens } from './TypedTokens';
import { UrlList } from './UrlList';

/** A wide screen: the page does not scroll, so the inputs take height from the verdicts. */
function wide(): boolean {
  return window.innerWidth > 1000;
}

/** Where the panel's last state is kept (a choice of layout, not an input: outside the store). */
const INPUTS_OPEN_KEY = 'robots-lab-inputs-open';

/**
 * Open as the user last left it; at first, open on a tall wide screen and
 * folded on a short one and on a phone, where the verdicts and their
 * explanation would otherwise start a screen or more down (the one-line
 * summary says what the inputs hold).
 */
function startsOpen(): boolean {
  const saved = readLocal(INPUTS_OPEN_KEY);
  return saved === null ? wide() && window.innerHeight >= 860 : saved === '1';
}

/**
 * The test's inputs (URLs, crawlers, robots.txt URL and fetch result), in a
 * panel that folds into a one-line summary so the verdicts get the room.
 */
export function InputsPanel() {
  const [open, setOpen] = useState(startsOpen);
  // Why the panel folded itself, while it stays folded; an import's note (inside the inputs) comes first.
  const [foldNote, setFoldNote] = useState<string | null>(null);
  const total = useRobotsLab((s) => s.results?.total ?? 0);
  const toggle = useRef<HTMLButtonElement>(null);
  // Before / after needs the height on a short wide screen: the inputs fold when it opens.
  const view = useDeploy((s) => s.view);
  useEffect(() => {
    if (view !== 'before-after' || !wide() || window.innerHeight >= 860) return;
    setOpen(false);
    setFoldNote('Folded to show the comparison.');
  }, [view]);
  const { onPaste, onImport } = useFoldAfterList((said) => {
    setOpen(false);
    setFoldNote(`${said ? `${said} ` : ''}Folded to show the verdicts.`);
    // The list that had the focus is hidden now: the focus goes to the button that opens it again.
    if (document.activeElement?.closest('#inputs-body')) toggle.current?.focus();
  });
  const crawlers = useRobotsLab((s) => s.crawlers.profiles.length + s.crawlers.tokens.length);
  const robotsUrl = useRobotsLab((s) => s.robotsUrl);
  return (
    <section
      className={`inputs-panel${open ? ' open' : ''}`}
      aria-labelledby="inputs-title"
      data-testid="inputs-panel"
      onPasteCapture={onPaste}
    >
      <div className="inputs-bar">
        <h2 id="inputs-title">
          <button
            type="button"
            className="disclosure"
            aria-expanded={open}
            aria-controls="inputs-body"
            ref={toggle}
            onClick={() => {
              setOpen(!open);
              setFoldNote(null);
              writeLocal(INPUTS_OPEN_KEY, open ? '0' : '1');
            }}
            data-testid="inputs-toggle"
          >
            <span aria-hidden="true">{open ? '▾' : '▸'}</span> Test inputs
          </button>
        </h2>
        <span className="hint inputs-summary">
          {countOf(total, 'URL')} · {countOf(crawlers, 'crawler')}
          {robotsUrl ? ` · ${robotsUrl}` : ' · every URL judged'}
        </span>
        {foldNote && !open && (
          <span className="hint" data-testid="inputs-folded-note">
            {foldNote}
          </span>
        )}
      </div>
      <div id="inputs-body" className="inputs-body" hidden={!open}>
        <UrlList onImported={onImport} />
        {/* The crawlers to test: built-in profiles and any typed product token. */}
        <fieldset className="field crawler-picker" data-testid="crawler-picker">
          <legend>Crawlers</legend>
          <ProfileList />
          <TypedTokens />
        </fieldset>
        <Settings />
      </div>
    </section>
  );
}

/**
 * On a wide screen, a list pasted into the URL list, or a list file imported,
 * folds the inputs once its verdicts are in, so that the table gets the
 * height (the page does not scroll there). Returns the panel's paste handler
 * and what an import calls; `fold` runs once per list.
 */
function useFoldAfterList(fold: (said: string | null) => void): {
  onPaste(e: ClipboardEvent): void;
  onImport(said: string): void;
} {
  const run = useRobotsLab((s) => s.results?.id ?? -1);
  const finished = useRobotsLab((s) => s.results?.finished ?? false);
  const cells = useRobotsLab((s) => (s.results ? s.results.total * s.results.crawlers.length : 0));
  // The run that was current when the paste came: the paste's own run is a later one.
  const waiting = useRef<{ run: number; said: string | null } | null>(null);
  const onFold = useEffectEvent(fold);
  useEffect(() => {
    const w = waiting.current;
    if (!w || run === w.run || !finished) return;
    waiting.current = null;
    if (cells > 0) onFold(w.said);
  }, [run, finished, cells]);
  // Called before the list's own run starts: the run now current is the one to wait past.
  const expect = (said: string | null) => {
    if (wide()) waiting.current = { run, said };
  };
  return {
    onPaste: (e) => {
      const inList = e.target instanceof Element && e.target.closest('.url-list');
      const text = e.clipboardData?.getData('text/plain') ?? '';
      if (inList && text.includes('\n')) expect(null);
    },
    onImport: expect,
  };
}
