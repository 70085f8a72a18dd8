import { useOrigins } from '../../state/origins';
import { originOf } from '../../state/robotsUrl';

/** Offers to write the robots.txt of a URL's origin beside the editor's (the list of origins then appears). */
export function AddOriginButton({ url }: { url: string }) {
  const edit = useOrigins((s) => s.edit);
  const origin = originOf(url);
  if (origin === null) return null;
  return (
    <button type="button" className="secondary" onClick={() => edit(origin)} data-testid="add-origin">
      Add the robots.txt of {origin}
    </button>
  );
}
