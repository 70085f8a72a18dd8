import type { EditorStateConfig } from '@codemirror/state';
import { EditorView } from '@codemirror/view';

/**
 * [line, element] of each marker a gutter of a mounted editor draws. A gutter
 * element stands at its line block's top (a margin for the gap above it), so
 * the line block starting there names its line, whatever the layout measured.
 */
export function gutterMarks(view: EditorView, gutterClass: string, marker: string): [number, HTMLElement][] {
  const out: [number, HTMLElement][] = [];
  const gutter = view.dom.querySelector(`.${gutterClass}`);
  if (!gutter) throw new Error(`no ${gutterClass} in the editor`);
  let top = 0;
  for (const el of gutter.querySelectorAll<HTMLElement>('.cm-gutterElement')) {
    top += Number.parseFloat(el.style.marginTop || '0');
    const block = view.viewportLineBlocks.find((b) => b.top === top);
    if (!block) throw new Error(`no line block starts at ${top}px`);
    const line = view.state.doc.lineAt(block.from).number;
    const m = el.querySelector<HTMLElement>(marker);
    if (m) out.push([line, m]);
    top += Number.parseFloat(el.style.height || '0');
  }
  return out;
}

/** An editor mounted in the test's document (happy-dom), so its gutters draw. */
export function mountEditor(config: EditorStateConfig): EditorView {
  const parent = document.createElement('div');
  document.body.append(parent);
  return new EditorView({ ...config, parent });
}
