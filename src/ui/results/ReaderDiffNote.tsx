import { READER_NAMES } from '../../core/readers/types';
import { DISAGREE_READERS } from '../../model/codes';
import { useRobotsLab } from '../../state/store';
import '../infile.css';

/**
 * Under a row's URL, when the "where readers disagree" filter is on: which
 * readers give another verdict than Google's (docs/behaviour.md §14). The
 * cell's explanation shows each reader's deciding line and why.
 */
export function ReaderDiffNote({ row }: { row: number }) {
  const mask = useRobotsLab((s) => (s.view?.query.verdict === 'disagree' ? (s.view.readers?.[row] ?? 0) : 0));
  if (mask === 0) return null;
  const names = DISAGREE_READERS.filter((_, i) => mask & (1 << i)).map((id) => READER_NAMES[id]);
  return (
    <span className="url-readers" data-testid="url-readers">
      Differs from Google: {names.join(', ')}
    </span>
  );
}
