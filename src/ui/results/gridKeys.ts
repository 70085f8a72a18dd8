/** Where a key press moves the active cell of the verdict grid, or null when the key does not move it. */
export function moveCell(
  key: string,
  ctrl: boolean,
  cur: { row: number; col: number },
  size: { rows: number; cols: number; page: number },
): { row: number; col: number } | null {
  const { rows, cols, page } = size;
  // Rows and columns to move by; Home and End go to the row's first or last
  // cell, and with Ctrl to the grid's.
  const by: Record<string, [number, number]> = {
    ArrowDown: [1, 0],
    ArrowUp: [-1, 0],
    ArrowRight: [0, 1],
    ArrowLeft: [0, -1],
    PageDown: [page, 0],
    PageUp: [-page, 0],
    Home: [ctrl ? -rows : 0, -cols],
    End: [ctrl ? rows : 0, cols],
  };
  const move = by[key];
  if (!move) return null;
  const clamp = (n: number, max: number) => Math.max(0, Math.min(max - 1, n));
  return { row: clamp(cur.row + move[0], rows), col: clamp(cur.col + move[1], cols) };
}
