import { useId } from 'react';
import { FETCH_STATUSES, type FetchStatus, fetchOutcome } from '../model/fetchStatus';
import { useRobotsLab } from '../state/store';
import { RobotsUrlField } from './RobotsUrlField';

/** The robots.txt URL, the simulated fetch result and URL normalisation. */
export function Settings() {
  const settings = useRobotsLab((s) => s.settings);
  const setFetchStatus = useRobotsLab((s) => s.setFetchStatus);
  const setNormalise = useRobotsLab((s) => s.setNormalise);
  const statusId = useId();
  const outcome = fetchOutcome(settings.fetchStatus);

  return (
    <div className="settings">
      <RobotsUrlField />
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
