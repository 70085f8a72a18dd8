/**
 * The page's first Tab stop, shown only when focused: it moves the focus to
 * the verdict grid (or, before there is one, to the test pane), past the
 * header and the editor. A button, not a `#…` link: the location hash
 * carries share links (src/share/link.ts), and the grid is the target
 * whenever it exists, whatever its place in the pane.
 */
export function SkipLink() {
  function skip() {
    const grid = document.querySelector<HTMLElement>('[role="grid"]');
    const target = grid ?? document.getElementById('test-pane');
    target?.focus();
    target?.scrollIntoView({ block: 'nearest' });
  }
  return (
    <button type="button" className="skip-link" onClick={skip} data-testid="skip-link">
      Skip to the results
    </button>
  );
}
