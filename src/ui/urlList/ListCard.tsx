import { useRobotsLab } from '../../state/store';
import { formatCount } from '../format';

/**
 * A long list in a line: its name, how many URLs, and what can be done with
 * it. The list itself is whole in the store and the worker: runs, filters,
 * exports and the saved copy use every line.
 */
export function ListCard({ name, onReplace, onEdit }: { name: string | null; onReplace(): void; onEdit(): void }) {
  const total = useRobotsLab((s) => s.results?.total ?? null);
  return (
    <section className="list-card" aria-label="URL list" data-testid="list-card">
      <span>
        {name ?? 'Saved list'} · {total === null ? 'counting URLs…' : `${formatCount(total)} URLs`}
      </span>{' '}
      <button type="button" onClick={onReplace}>
        Replace
      </button>{' '}
      <button type="button" onClick={() => useRobotsLab.getState().setUrlText('')} data-testid="list-clear">
        Clear
      </button>{' '}
      <button type="button" onClick={onEdit} data-testid="list-edit">
        Edit
      </button>
    </section>
  );
}
