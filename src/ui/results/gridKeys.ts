/** Where a key press moves the active cell of the verdict grid, or null when the key does not move it. */
export function moveCell(
  key: string,
  ctrl: boolean,
  cur: { row: number; col: number },
  size: { rows: number; cols: number; page: number },
): { row: number; col: number } | null {
  let { row, col } = cur;
  const { rows, cols, page } = size;
  switch (key) {
    case 'ArrowDown':
      row = Math.min(rows - 1, row + 1);
      break;
    case 'ArrowUp':
      row = Math.max(0, row - 1);
      break;
    case 'ArrowRight':
      col = Math.min(cols - 1, col + 1);
      break;
    case 'ArrowLeft':
      col = Math.max(0, col - 1);
      break;
    case 'PageDown':
      row = Math.min(rows - 1, row + page);
      break;
    case 'PageUp':
      row = Math.max(0, row - page);
      break;
    case 'Home':
      if (ctrl) row = 0;
      col = 0;
      break;
    case 'End':
      if (ctrl) row = rows - 1;
      col = cols - 1;
      break;
    default:
      return null;
  }
  return { row, col };
}
