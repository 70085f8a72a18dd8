import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

/**
 * Lines typed one input event each pass through the screen and CodeMirror
 * keeps a measured height for each; src/editor/heightMapTrim.ts folds those
 * far above the screen back into one estimate every 2,000 new lines. This
 * reads CodeMirror's height map (an internal, `viewState.heightMap`) to see
 * that it stays small, and checks that every line still sits where a line
 * of its number must (this editor does not wrap) and that nothing typed is
 * lost.
 */

const CHUNKS = 250;
const PER_CHUNK = 20;

test('lines typed one event at a time leave a small height map and the view where it was', async ({ page }) => {
  test.setTimeout(120_000);
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText('User-agent: *\n');
  await lab.editor.content.press('ControlOrMeta+End');

  const found = await lab.editor.content.evaluate(
    async (element, { chunks, perChunk }) => {
      type Node = { left?: Node; right?: Node };
      type View = {
        state: {
          selection: { main: { head: number } };
          doc: { toString(): string; lines: number; line(n: number): { from: number } };
        };
        viewState: { heightMap: Node };
        lineBlockAt(pos: number): { top: number };
        coordsAtPos(pos: number): { top: number; bottom: number } | null;
        defaultLineHeight: number;
        scrollDOM: HTMLElement;
      };
      const view = (element as unknown as { cmTile?: { root?: { view?: View } } }).cmTile?.root?.view;
      if (!view) throw new Error('no EditorView behind .cm-content (CodeMirror changed its internals)');
      const leaves = (node: Node): number => (node.left && node.right ? leaves(node.left) + leaves(node.right) : 1);
      const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      let most = 0;
      for (let c = 0; c < chunks; c++) {
        let text = '';
        for (let i = 0; i < perChunk; i++) text += `Allow: /typed-${c * perChunk + i}\n`;
        document.execCommand('insertText', false, text);
        // Two frames: CodeMirror measures the new lines, and a trim task can run.
        await frame();
        await frame();
        most = Math.max(most, leaves(view.viewState.heightMap));
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      const { doc } = view.state;
      const misplaced: number[] = [];
      for (let n = 1; n <= doc.lines; n += 97) {
        const top = view.lineBlockAt(doc.line(n).from).top;
        if (Math.abs(top - (n - 1) * view.defaultLineHeight) > 0.5) misplaced.push(n);
      }
      const caret = view.coordsAtPos(view.state.selection.main.head) ?? undefined;
      const scroller = view.scrollDOM.getBoundingClientRect();
      return {
        lines: doc.lines,
        text: doc.toString(),
        leavesAtEnd: leaves(view.viewState.heightMap),
        most,
        misplaced,
        caretOnScreen: caret !== undefined && caret.top >= scroller.top && caret.bottom <= scroller.bottom,
      };
    },
    { chunks: CHUNKS, perChunk: PER_CHUNK },
  );

  let expected = 'User-agent: *\n';
  for (let i = 0; i < CHUNKS * PER_CHUNK; i++) expected += `Allow: /typed-${i}\n`;
  expect(found.text).toBe(expected);
  expect(found.lines).toBe(CHUNKS * PER_CHUNK + 2);
  // Untrimmed, every one of the 5,000 typed lines keeps a leaf of its own.
  console.log(`height map: ${found.most} leaves at most, ${found.leavesAtEnd} at the end`);
  expect(found.most).toBeLessThan(3_000);
  expect(found.misplaced).toEqual([]);
  expect(found.caretOnScreen).toBe(true);
  // Back at the top, through the folded stretch: the first lines are drawn where they belong.
  await lab.editor.content.press('ControlOrMeta+Home');
  await expect(lab.editor.content.getByText('User-agent: *', { exact: true })).toBeInViewport();
  await expect(lab.editor.content.getByText('Allow: /typed-0', { exact: true })).toBeInViewport();
  // The worker read it all.
  await expect(lab.editor.stats).toContainText(`${(CHUNKS * PER_CHUNK + 2).toLocaleString('en')} lines`);
});
