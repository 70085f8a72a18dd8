import { useState } from 'react';
import { useDeploy } from '../../state/deploy';
import { formatUtc } from '../format';
import { deployStorage } from './storage';

/**
 * Named, dated copies of the deployed file, kept in this browser: save the
 * current one, put one back as the deployed file, or delete it.
 */
export function Snapshots() {
  const snapshots = useDeploy((s) => s.snapshots);
  const deployed = useDeploy((s) => s.deployedText);
  const setDeployed = useDeploy((s) => s.setDeployedText);
  const [name, setName] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  async function save() {
    const label = name.trim() || `Snapshot ${snapshots.length + 1}`;
    await deployStorage.saveSnapshot(label);
    setName('');
    setMessage(`Saved “${label}”.`);
  }

  return (
    <details className="snapshots" data-testid="snapshots">
      <summary>
        Snapshots <span className="tab-count">{snapshots.length}</span>
      </summary>
      <form
        className="snapshot-save"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label>
          Name{' '}
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. live, 22 Nov"
            maxLength={80}
            data-testid="snapshot-name"
          />
        </label>
        <button type="submit" disabled={!deployed} data-testid="snapshot-save">
          Save the deployed file
        </button>
        {message && (
          <span className="hint" role="status" data-testid="snapshot-status">
            {message}
          </span>
        )}
      </form>
      {snapshots.length > 0 && (
        <ul className="snapshot-list" data-testid="snapshot-list">
          {snapshots.map((s) => (
            <li key={s.id} data-testid="snapshot">
              <span className="snapshot-name">{s.name}</span> <span className="hint">{formatUtc(s.savedAt)}</span>
              <span className="snapshot-actions">
                <button
                  type="button"
                  onClick={() => {
                    setDeployed(s.text);
                    setMessage(`“${s.name}” is the deployed file now (Ctrl+Z in its editor undoes it).`);
                  }}
                  data-testid="snapshot-restore"
                >
                  Use as deployed
                </button>
                <button
                  type="button"
                  onClick={() => void deployStorage.deleteSnapshot(s.id)}
                  aria-label={`Delete ${s.name}`}
                  data-testid="snapshot-delete"
                >
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
