import { type ComponentProps, useId } from 'react';
import { fetchOutcome } from '../core/fetch';
import { FETCH_STATUSES, type FetchStatus } from '../model/fetchStatus';
import { useRobotsLab } from '../state/store';
import { RobotsUrlField } from './RobotsUrlField';

/** The answers a server may give for /robots.txt, to choose one from. */
export function FetchStatusSelect({
  value,
  onChange,
  ...rest
}: Omit<ComponentProps<'select'>, 'value' | 'onChange'> & { value: FetchStatus; onChange(status: FetchStatus): void }) {
  return (
    <select value={value} onChange={(e) => onChange(Number(e.target.value))} {...rest}>
      {FETCH_STATUSES.map((s) => (
        <option key={s.value} value={s.value}>
          {s.label}
        </option>
      ))}
    </select>
  );
}

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
        <FetchStatusSelect
          id={statusId}
          value={settings.fetchStatus}
          onChange={setFetchStatus}
          data-testid="fetch-status"
          aria-describedby={`${statusId}-why`}
        />
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
