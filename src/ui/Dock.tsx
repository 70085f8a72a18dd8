import { lazy, Suspense, useEffect, useState } from 'react';
import { diagnosticCount } from '../model/diagnosticTable';
import { type DockTab, useRobotsLab } from '../state/store';
import { DecidingList } from './DecidingList';
import { Diagnostics } from './Diagnostics';
import { ExplainPanel } from './ExplainPanel';
import { SitemapsPanel } from './SitemapsPanel';
import { Totals } from './Totals';
import { tabAfterKey } from './tabKeys';

// Tabs a first visit does not open load when first shown, off the page's start-up.
const AiLens = lazy(() => import('./ai/AiLens').then((m) => ({ default: m.AiLens })));
const LogsPanel = lazy(() => import('./logs/LogsPanel').then((m) => ({ default: m.LogsPanel })));

const TABS: [DockTab, string][] = [
  ['why', 'Why'],
  ['totals', 'Totals'],
  ['problems', 'Problems'],
  ['ai', 'AI'],
  ['sitemaps', 'Sitemaps'],
  ['logs', 'Logs'],
];

/**
 * The answer's panel, beside the editor on a wide screen and pinned to the
 * bottom on a phone: why the selected cell says what it says, or the totals.
 * Selecting a cell shows its explanation; a gutter marker's list comes first.
 */
export function Dock() {
  const tab = useRobotsLab((s) => s.dockTab);
  const setTab = useRobotsLab((s) => s.setDockTab);
  const problems = useRobotsLab((s) => (s.parse ? diagnosticCount(s.parse.diagnostics) : 0));
  // On a phone the panel covers the bottom of the screen: it opens when a cell is chosen, not before.
  const [folded, setFolded] = useState(() => window.innerWidth <= 1000);
  // Widened, the panel takes the verdicts' place (on a phone: most of the screen), for Totals' rules or the AI tab.
  const [wide, setWide] = useState(false);
  // A new selection (or gutter click) brings the explanation back into view.
  useEffect(
    () =>
      useRobotsLab.subscribe((s, prev) => {
        if (s.selected === prev.selected && s.decidingLine === prev.decidingLine) return;
        if (s.selected === null && s.decidingLine === null) return;
        setTab('why');
        setFolded(false);
        setWide(false);
        // On a phone the panel is pinned over the bottom of the screen: keep the chosen cell above it.
        if (window.innerWidth <= 1000)
          requestAnimationFrame(() => document.querySelector('.cell.active')?.scrollIntoView({ block: 'nearest' }));
      }),
    [setTab],
  );

  return (
    <aside
      className={`pane dock${folded ? ' folded' : ''}${wide && !folded ? ' wide' : ''}`}
      aria-label="The answer"
      data-testid="dock"
    >
      <div className="dock-tabs">
        {/* The fold button is no tab, so it stays outside the tablist (axe: aria-required-children). */}
        <div className="dock-tablist" role="tablist" aria-label="Answer views">
          {TABS.map(([id, label]) => (
            <button
              key={id}
              type="button"
              role="tab"
              id={`dock-tab-${id}`}
              aria-selected={tab === id}
              aria-controls="dock-panel"
              tabIndex={tab === id ? 0 : -1}
              onKeyDown={(e) => {
                const next = tabAfterKey(TABS, e.key, id);
                if (!next) return;
                e.preventDefault();
                setTab(next);
                setFolded(false);
                document.getElementById(`dock-tab-${next}`)?.focus();
              }}
              onClick={() => {
                setTab(id);
                setFolded(false);
                // The logs report is a table of eight columns: it takes the verdicts' place.
                if (id === 'logs') setWide(true);
              }}
              data-testid={`dock-${id}`}
            >
              {label}
              {id === 'problems' && problems > 0 && <span className="tab-count"> {problems}</span>}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="dock-widen"
          aria-pressed={wide && !folded}
          aria-label="Widen the answer panel"
          title={wide ? 'Back to the verdicts' : 'Widen: the panel takes the verdicts’ place'}
          onClick={() => {
            setWide(!(wide && !folded));
            setFolded(false);
          }}
          data-testid="dock-widen"
        >
          <span aria-hidden="true">{wide && !folded ? '⤡' : '⤢'}</span>
        </button>
        <button
          type="button"
          className="dock-fold"
          aria-expanded={!folded}
          aria-controls="dock-panel"
          aria-label={folded ? 'Show the answer panel' : 'Fold the answer panel'}
          onClick={() => setFolded(!folded)}
          data-testid="dock-fold"
        >
          {folded ? '▴' : '▾'}
        </button>
      </div>
      <div id="dock-panel" className="dock-body" role="tabpanel" aria-labelledby={`dock-tab-${tab}`} hidden={folded}>
        {tab === 'why' && (
          <>
            <DecidingList />
            <ExplainPanel />
          </>
        )}
        {tab === 'totals' && <Totals />}
        {tab === 'problems' && <Diagnostics />}
        <Suspense fallback={<p className="lazy-loading">Loading…</p>}>
          {tab === 'ai' && <AiLens />}
          {tab === 'sitemaps' && <SitemapsPanel />}
          {tab === 'logs' && <LogsPanel />}
        </Suspense>
      </div>
    </aside>
  );
}
