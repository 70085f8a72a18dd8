import { useId } from 'react';
import { useRobotsLab } from '../state/store';
import { FETCH_STATUSES, type FetchStatus, fetchOutcome } from '../worker/fetchStatus';

/** The robots.txt URL, the simulated fetch result and URL normalisation. */
export function Settings() {
  const robotsUrl = useRobotsLab((s) => s.robotsUrl);
  const setRobotsUrl = useRobotsLab((s) => s.setRobotsUrl);
  const settings = useRobotsLab((s) => s.settings);
  const setFetchStatus = useRobotsLab((s) => s.setFetchStatus);
  const setNormalise = useRobotsLab((s) => s.setNormalise);
  const urlId = useId();
  const statusId = useId();
  const outcome = fetchOutcome(settings.fetchStatus);

  return (
    <div className="settings">
      <div className="field">
        <label htmlFor={urlId}>
          robots.txt URL <span className="hint">optional · URLs outside its origin are flagged</span>
        </label>
        <input
          id={urlId}
          type="url"
          value={robotsUrl}
          placeholder="https://example.com/robots.txt"
          onChange={(e) => setRobotsUrl(e.target.value)}
          data-testid="robots-url"
          spellCheck={false}
        />
      </div>
      <div className="field">
        <label htmlFor={statusId}>The server answered</label>
        <select
          id={statusId}
          value={settings.fetchStatus}
          onChange={(e) => setFetchStatus(Number(e.target.value) as FetchStatus)}
          data-testid="fetch-status"
          aria-describedby={`${statusId}-why`}
        >
          {FETCH_STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        <span
          id={`${statusId}-why`}
          className={outcome.mode === 'rules' ? 'hint' : 'hint warn'}
          data-testid="fetch-outcome"
        >
          {outcome.reason}
        </span>
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={settings.normalise}
          onChange={(e) => setNormalise(e.target.checked)}
          data-testid="normalise"
        />
        Normalise URLs to the form a crawler requests (percent-encoding, punycode)
      </label>
    </div>
  );
}
