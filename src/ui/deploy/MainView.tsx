import { lazy, type ReactNode, Suspense } from 'react';
import { useDeploy, type MainView as View } from '../../state/deploy';
import { formatCount } from '../format';
import './deploy.css';
import { tabAfterKey } from '../tabKeys';

// Before / after (and the merge view it pulls in) is not on a first visit's screen: it loads when first shown.
const BeforeAfter = lazy(() => import('./BeforeAfter').then((m) => ({ default: m.BeforeAfter })));

const TABS: [View, string][] = [
  ['results', 'Results'],
  ['before-after', 'Before / after'],
];

/** The test pane's two main views, as tabs: the results of the file, and what an edit of it changes. */
export function MainView({ results }: { results: ReactNode }) {
  const view = useDeploy((s) => s.view);
  const setView = useDeploy((s) => s.setView);
  const flips = useDeploy((s) =>
    s.flips?.tally ? s.flips.tally.allowedToBlocked + s.flips.tally.blockedToAllowed : null,
  );
  return (
    <>
      <div className="main-tabs" role="tablist" aria-label="Main views">
        {TABS.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`main-tab-${id}`}
            aria-selected={view === id}
            aria-controls={view === id ? `main-view-${id}` : undefined}
            tabIndex={view === id ? 0 : -1}
            onKeyDown={(e) => {
              const next = tabAfterKey(TABS, e.key, id);
              if (!next) return;
              e.preventDefault();
              setView(next);
              document.getElementById(`main-tab-${next}`)?.focus();
            }}
            onClick={() => setView(id)}
            data-testid={`main-tab-${id}`}
          >
            {label}
            {id === 'before-after' && flips !== null && <span className="tab-count"> {formatCount(flips)}</span>}
          </button>
        ))}
      </div>
      <div className="main-view" id={`main-view-${view}`} role="tabpanel" aria-labelledby={`main-tab-${view}`}>
        {view === 'results' ? (
          results
        ) : (
          <Suspense fallback={<p className="lazy-loading">Loading…</p>}>
            <BeforeAfter />
          </Suspense>
        )}
      </div>
    </>
  );
}
