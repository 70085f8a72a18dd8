import type { ReactNode } from 'react';
import type { ListHandle } from '../../model/wire';
import { useRobotsLab } from '../../state/store';
import { formatCount } from '../format';

/**
 * A list the worker holds, in a line: its name, how many URLs, and what can
 * be done with it. Runs, filters, exports and the saved copy use every line
 * of it; _Edit_ brings the whole list into the URL editor. `children` is
 * the Replace button (a file picker).
 */
export function ListCard({ list, onEdit, children }: { list: ListHandle; onEdit(): void; children: ReactNode }) {
  return (
    <section className="list-card" aria-label="URL list" data-testid="list-card">
      <span>
        {list.name ?? 'Saved list'} · {formatCount(list.count)} URL{list.count === 1 ? '' : 's'}
      </span>{' '}
      {children}{' '}
      <button type="button" onClick={() => useRobotsLab.getState().setUrlText('')} data-testid="list-clear">
        Clear
      </button>{' '}
      <button type="button" onClick={onEdit} data-testid="list-edit">
        Edit
      </button>
    </section>
  );
}
