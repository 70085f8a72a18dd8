import { keepThisTab, loadOtherTab } from '../state/otherTabs';
import { pageStorage, useRobotsLab } from '../state/store';

/** Says that another tab saved its inputs over this tab's, and lets the user choose which to keep. */
export function OtherTabNotice() {
  const changed = useRobotsLab((s) => s.otherTabChanged);
  if (!changed) return null;
  return (
    <div className="notices">
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
    </div>
  );
}
