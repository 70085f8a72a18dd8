import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { resultHighlightField, showResultHighlight } from '../../editor/decorations';
import { robotsBaseTheme, robotsHighlighting } from '../../editor/highlight';
import { robots } from '../../editor/language';
import { robotsEditorTheme, shadowMount } from '../../editor/theme';

/**
 * A past version of the robots.txt, read-only, with its deciding line
 * highlighted as the editor highlights a verdict's rule (the same
 * decoration), in a shadow root like the editors for the strict CSP.
 */
export function VersionView({ text, line, label }: { text: string; line: number; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const view = new EditorView({
      ...shadowMount(host.current!),
      state: EditorState.create({
        doc: text,
        extensions: [
          lineNumbers(),
          robots(),
          robotsHighlighting,
          robotsBaseTheme,
          robotsEditorTheme,
          resultHighlightField,
          EditorState.readOnly.of(true),
          EditorView.editable.of(false),
          EditorView.contentAttributes.of({ 'aria-label': `${label}, read-only`, 'data-testid': 'logs-version-text' }),
        ],
      }),
    });
    showResultHighlight(view, { groupLines: [], ruleLine: line });
    return () => view.destroy();
  }, [text, line, label]);
  return <div className="logs-version" ref={host} data-testid="logs-version" />;
}
