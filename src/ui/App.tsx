import { useEffect } from 'react';
import { severityCounts } from '../model/diagnosticTable';
import { keepThisTab, loadOtherTab } from '../state/otherTabs';
import { pageStorage, useRobotsLab } from '../state/store';
import { Announcer } from './Announcer';
import { CloseButton } from './CloseButton';
import { Dock } from './Dock';
import { MainView } from './deploy/MainView';
import { followOpenedText } from './deploy/openedText';
import { EditorPane } from './EditorPane';
import { ExpectationsCount } from './ExpectationsCount';
import { countOf, formatCount } from './format';
import { InputsPanel } from './InputsPanel';
import { OriginsPanel } from './origins/OriginsPanel';
import { PageActions } from './PageActions';
import { ResultsTable } from './ResultsTable';
import { ResultsTools } from './ResultsTools';
import { ScopeBanner } from './ScopeBanner';
import { SitemapsBanner } from './SitemapsBanner';
import { SkipLink } from './SkipLink';

/** The page's own troubles: the worker restarted, storage refused, another tab saved over this one's inputs. */
function Notices() {
  const worker = useRobotsLab((s) => s.workerNotice);
  const storage = useRobotsLab((s) => s.storageNotice);
  const otherTab = useRobotsLab((s) => s.otherTabChanged);
  const setWorker = useRobotsLab((s) => s.setWorkerNotice);
  if (!worker && !storage && !otherTab) return null;
  return (
    <div className="notices">
      {worker && (
        <div className="notice" role="alert" data-testid="worker-notice">
          <span>{worker}</span>
          <CloseButton label="Dismiss" onClick={() => setWorker(null)} />
        </div>
      )}
      {storage && (
        <div className="notice" role="alert" data-testid="storage-notice">
          <span>{storage}</span>
        </div>
      )}
      {otherTab && (
        <div className="notice" role="alert" data-testid="other-tab-notice">
          <span>
            Your inputs were changed in another tab of this page, and that tab's version is now the saved one. Load it
            here, or keep yours (it then replaces the other tab's).
          </span>
          <span className="notice-actions">
            <button type="button" onClick={() => void loadOtherTab(useRobotsLab, pageStorage)}>
              Load the other tab's
            </button>
            <button type="button" className="secondary" onClick={() => keepThisTab(useRobotsLab, pageStorage)}>
              Keep mine
            </button>
          </span>
        </div>
      )}
    </div>
  );
}

/** The page's title and its page-wide actions. */
function AppHeader() {
  return (
    <header className="app-header">
      <div className="brand">
        <h1>
          <svg className="logo" viewBox="0 0 32 32" aria-hidden="true">
            <rect x="4" y="8" width="24" height="18" rx="5" fill="currentColor" />
            <circle cx="12" cy="17" r="3" fill="#fff" />
            <circle cx="20" cy="17" r="3" fill="#fff" />
            <rect x="15" y="2" width="2" height="6" fill="currentColor" />
            <circle cx="16" cy="2.5" r="2" fill="currentColor" />
          </svg>
          Robots Lab
        </h1>
        <p className="tagline">
          Test a robots.txt as Google's parser reads it. It all runs in your browser: nothing you paste leaves it.
        </p>
      </div>
      <div className="header-tools">
        <PageActions />
      </div>
    </header>
  );
}

function FileStats() {
  const parse = useRobotsLab((s) => s.parse);
  const setDockTab = useRobotsLab((s) => s.setDockTab);
  if (!parse) return null;
  // Notes (ignored keys, preferences Google does not read) are no problem of the file: they are not counted as warnings.
  const { error: errors, warning: warnings, info: notes } = severityCounts(parse.diagnostics);
  return (
    <p className="file-stats" data-testid="file-stats">
      {formatCount(parse.lineCount)} lines · {countOf(parse.groups.length, 'group')} ·{' '}
      {countOf(parse.sitemaps.length, 'sitemap')} ·{' '}
      <button
        type="button"
        className="link stats-problems"
        onClick={() => setDockTab('problems')}
        aria-label={`${countOf(errors, 'error')}, ${countOf(warnings, 'warning')}: show the list`}
        title={notes > 0 ? `and ${countOf(notes, 'note')} (ignored keys, preferences): in the list` : undefined}
        data-testid="diagnostic-count"
      >
        {countOf(errors, 'error')}, {countOf(warnings, 'warning')}
      </button>
    </p>
  );
}

export function App() {
  // The file as it came into the page, for Before / after's deployed side.
  useEffect(() => followOpenedText(), []);
  return (
    <div className="app">
      <SkipLink />
      <AppHeader />
      <Notices />
      <ScopeBanner />
      <main className="layout">
        <section className="pane editor-pane" aria-labelledby="editor-title">
          <div className="pane-head">
            <h2 id="editor-title">robots.txt</h2>
            <FileStats />
            <ExpectationsCount />
          </div>
          <EditorPane />
          <OriginsPanel />
        </section>
        <section className="pane test-pane" id="test-pane" tabIndex={-1} aria-labelledby="test-title">
          <h2 id="test-title" className="visually-hidden">
            Test
          </h2>
          <InputsPanel />
          <MainView
            results={
              <>
                <SitemapsBanner />
                <ResultsTools />
                <ResultsTable />
              </>
            }
          />
        </section>
        <Dock />
      </main>
      <Announcer />
    </div>
  );
}
