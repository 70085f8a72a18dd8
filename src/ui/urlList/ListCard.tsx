import type { ListHandle } from '../../model/wire';
import { useRobotsLab } from '../../state/store';
import { formatCount } from '../format';

/**
 * A list the worker holds, in a line: its name, how many URLs, and what can
 * be done with it. Runs, filters, exports and the saved copy use every line
 * of it; _Edit_ brings the whole list into the URL editor.
 */
export function ListCard({ list, onReplace, onEdit }: { list: ListHandle; onReplace(): void; onEdit(): void }) {
  return (
    <section className="list-card" aria-label="URL list" data-testid="list-card">
      <span>
        {list.name ?? 'Saved list'} · {formatCount(list.count)} URL{list.count === 1 ? '' : 's'}
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
