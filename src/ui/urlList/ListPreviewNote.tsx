import { formatCount } from '../format';
import type { ListPreview } from './useUrlEditor';

/** A size in characters as the page writes it: 35.2 MB, 640 KB (a URL list is ASCII, a character a byte). */
function formatChars(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(n / 1000))} KB`;
}

/**
 * Says what the URL editor shows of a long list (its first lines, read-only)
 * and that the whole list is kept and tested; offers to put all of it in the
 * editor, which takes a moment for a million lines.
 */
export function ListPreviewNote({ preview, editAll }: { preview: ListPreview; editAll(): void }) {
  return (
    <p className="import-note hint list-preview" role="status" data-testid="list-preview">
      {preview.loading ? (
        <>Putting all {formatChars(preview.chars)} of the list into the editor…</>
      ) : (
        <>
          This list is {formatChars(preview.chars)}: the editor shows its first {formatCount(preview.shown)} lines,
          read-only, so the page stays quick. Every line is kept, saved and tested.{' '}
          <button type="button" onClick={editAll} data-testid="list-edit-all">
            Edit the whole list
          </button>
        </>
      )}
    </p>
  );
}
