/**
 * Syntax highlighting of the visible lines that costs the viewport, not the
 * file. CodeMirror's `syntaxHighlighting` walks the tree from its root with
 * a cursor that steps over anonymous nodes, so it passes every line before
 * the viewport one by one. On a tree that Lezer parsed at once those lines
 * sit in packed buffers and the walk is cheap; on a tree grown by many small
 * edits (lines typed or inserted one input event each) every line is a node
 * of its own under layers of repeat nodes, and at 10,000 typed lines the
 * walk was a quarter of each keystroke's time (Chromium profile, 2026-11-23).
 *
 * Here the walk enters only the nodes that overlap a visible range (anonymous
 * ones included, so whole subtrees before the viewport are skipped) and hands
 * each line-level node to `highlightTree` on its own. That gives the same
 * marks because, in this grammar, only the top node and `Group` hold lines,
 * and neither has a style of its own or one that its children inherit
 * (test/editor/viewport-highlight.test.ts compares both on random files).
 */
import { type HighlightStyle, syntaxTree } from '@codemirror/language';
import { type Extension, RangeSetBuilder } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import type { Tree } from '@lezer/common';
import { highlightTree } from '@lezer/highlight';

/** Nodes that only contain lines: walked into, never highlighted themselves. */
const CONTAINERS: ReadonlySet<string> = new Set(['Group']);

/** The marks of `style` for the parts of `tree` in the view's visible ranges. */
export function visibleMarks(
  tree: Tree,
  style: HighlightStyle,
  ranges: readonly { from: number; to: number }[],
  add: (from: number, to: number, cls: string) => void,
): void {
  for (const { from, to } of ranges) {
    tree.iterate({
      from,
      to,
      enter(node) {
        if (node.type.isTop || CONTAINERS.has(node.name)) return true;
        const at = node.from;
        highlightTree(
          node.node.toTree(),
          style,
          (f, t, cls) => add(at + f, at + t, cls),
          Math.max(from, at) - at,
          Math.min(to, node.to) - at,
        );
        return false;
      },
    });
  }
}

/** The highlighter as an extension: the view plugin and the style's CSS. */
export function viewportHighlighting(style: HighlightStyle): Extension {
  const plugin = ViewPlugin.fromClass(
    class {
      decorations: DecorationSet;
      tree: Tree;
      decoratedTo: number;
      readonly marks = new Map<string, Decoration>();

      constructor(view: EditorView) {
        this.tree = syntaxTree(view.state);
        this.decorations = this.build(view);
        this.decoratedTo = view.viewport.to;
      }

      update(u: ViewUpdate): void {
        const tree = syntaxTree(u.state);
        const { viewport } = u.view;
        const mappedTo = u.changes.mapPos(this.decoratedTo, 1);
        // As CodeMirror's own highlighter does: while the parse lags behind the viewport, keep the old marks mapped.
        if (tree.length < viewport.to && tree.type === this.tree.type && mappedTo >= viewport.to) {
          this.decorations = this.decorations.map(u.changes);
          this.decoratedTo = mappedTo;
        } else if (tree !== this.tree || u.viewportChanged) {
          this.tree = tree;
          this.decorations = this.build(u.view);
          this.decoratedTo = viewport.to;
        }
      }

      build(view: EditorView): DecorationSet {
        if (!this.tree.length) return Decoration.none;
        const builder = new RangeSetBuilder<Decoration>();
        visibleMarks(this.tree, style, view.visibleRanges, (from, to, cls) => {
          let mark = this.marks.get(cls);
          if (!mark) {
            mark = Decoration.mark({ class: cls });
            this.marks.set(cls, mark);
          }
          builder.add(from, to, mark);
        });
        return builder.finish();
      }
    },
    { decorations: (v) => v.decorations },
  );
  return [plugin, style.module ? EditorView.styleModule.of(style.module) : []];
}
