import { useState } from 'react';
import { useRobotsLab } from '../state/store';
import { CrawlerPicker } from './CrawlerPicker';
import { formatCount } from './format';
import { Settings } from './Settings';
import { UrlList } from './UrlList';

/**
 * Open at first on a phone (the page scrolls) and on a tall screen; folded on
 * a short wide one, where the verdicts and their explanation need the height.
 */
function startsOpen(): boolean {
  const saved = readSaved();
  if (saved !== null) return saved;
  return typeof window === 'undefined' || window.innerWidth <= 1000 || window.innerHeight >= 860;
}

/** Where the panel's last state is kept (a choice of layout, not an input: outside the store). */
const INPUTS_OPEN_KEY = 'robots-lab-inputs-open';

function readSaved(): boolean | null {
  try {
    const v = localStorage.getItem(INPUTS_OPEN_KEY);
    return v === null ? null : v === '1';
  } catch {
    return null;
  }
}

function save(open: boolean): void {
  try {
    localStorage.setItem(INPUTS_OPEN_KEY, open ? '1' : '0');
  } catch {
    // Storage refused (private mode, quota): the panel still works, it just is not remembered.
  }
}

/**
 * The test's inputs (URLs, crawlers, robots.txt URL and fetch result), in a
 * panel that folds into a one-line summary so the verdicts get the room.
 */
export function InputsPanel() {
  const [open, setOpen] = useState(startsOpen);
  const total = useRobotsLab((s) => s.results?.total ?? 0);
  const crawlers = useRobotsLab((s) => s.crawlers.profiles.length + s.crawlers.tokens.length);
  const robotsUrl = useRobotsLab((s) => s.robotsUrl);
  return (
    <section className={`inputs-panel${open ? ' open' : ''}`} aria-labelledby="inputs-title" data-testid="inputs-panel">
      <div className="inputs-bar">
        <h2 id="inputs-title">
          <button
            type="button"
            className="disclosure"
            aria-expanded={open}
            aria-controls="inputs-body"
            onClick={() => {
              setOpen(!open);
              save(!open);
            }}
            data-testid="inputs-toggle"
          >
            <span aria-hidden="true">{open ? '▾' : '▸'}</span> Test inputs
          </button>
        </h2>
        <span className="hint inputs-summary">
          {formatCount(total)} URL{total === 1 ? '' : 's'} · {crawlers} crawler{crawlers === 1 ? '' : 's'}
          {robotsUrl ? ` · ${robotsUrl}` : ' · every URL judged'}
        </span>
      </div>
      <div id="inputs-body" className="inputs-body" hidden={!open}>
        <UrlList />
        <CrawlerPicker />
        <Settings />
      </div>
    </section>
  );
}
