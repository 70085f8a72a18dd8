/**
 * How the page's two editors look, as CodeMirror themes, plus the mounting
 * that lets the page run under `style-src 'self'` (no inline styles).
 *
 * CodeMirror puts its styles into a `<style>` element when the editor lives
 * in the document, which a strict Content-Security-Policy refuses. In a
 * shadow root it uses a constructed stylesheet (`adoptedStyleSheets`), which
 * the policy allows. So each editor is mounted in an open shadow root, and
 * the page stylesheet, which cannot reach inside, hands over its editor rules
 * here. Custom properties (`var(--focus)`) still inherit through the root.
 * A browser without constructed stylesheets gets the same rules through a
 * linked sheet (sheetFallback.ts).
 */
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { styleThroughLinkedSheet } from './sheetFallback';

/**
 * What a browser without constructed stylesheets shows above each editor
 * when the fallback's sheet cannot be loaded either: the editor is unstyled,
 * and the page says so rather than leave it without a word.
 */
const UNSTYLED_EDITOR_MESSAGE =
  'This browser cannot style the editor under the page’s security policy: it lacks constructable ' +
  'stylesheets (Safari 16.4, Firefox 101 and Chrome 73 have them) and the fallback stylesheet did not load. ' +
  'Update the browser to edit comfortably.';

/** Mounting options for `new EditorView`: a shadow root inside `host` as both root and parent. */
export function shadowMount(host: HTMLElement): { root: ShadowRoot; parent: ShadowRoot } {
  // React's StrictMode mounts effects twice; a host keeps its first shadow root.
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  if (!('adoptedStyleSheets' in (root as object)))
    styleThroughLinkedSheet(root, () => {
      if (root.querySelector('[data-unstyled-editor]')) return;
      const note = document.createElement('p');
      note.setAttribute('role', 'alert');
      note.dataset.unstyledEditor = '';
      note.textContent = UNSTYLED_EDITOR_MESSAGE;
      root.append(note);
    });
  return { root, parent: root };
}

/**
 * Rules both editors share: fill the host, the page's monospace font, a
 * visible focus ring, and colours from the page's custom properties, so one
 * theme serves the light and the dark page (styles.css sets both sets).
 */
function frame(outlineOffset: string): Extension {
  return [
    EditorView.theme({
      '&': { height: '100%', fontFamily: 'var(--mono)', color: 'var(--text)', backgroundColor: 'var(--panel)' },
      '&.cm-focused': { outline: '2px solid var(--focus)', outlineOffset },
      '.cm-content': { caretColor: 'var(--text)' },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--text)' },
      '.cm-gutters': {
        backgroundColor: 'var(--cm-gutter-bg)',
        color: 'var(--cm-gutter-text)',
        borderRightColor: 'var(--border)',
      },
      '.cm-activeLine': { backgroundColor: 'var(--cm-active-line)' },
      '.cm-activeLineGutter': { backgroundColor: 'var(--cm-active-line)', color: 'var(--text)' },
      '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
        { backgroundColor: 'var(--cm-selection)' },
      '.cm-tooltip, .cm-panels': {
        backgroundColor: 'var(--cm-tooltip-bg)',
        color: 'var(--text)',
        borderColor: 'var(--border)',
      },
      '.cm-tooltip-autocomplete ul li[aria-selected]': { backgroundColor: 'var(--accent)', color: 'var(--panel)' },
      '.cm-completionDetail, .cm-completionInfo': { color: 'var(--muted)' },
    }),
    // axe's scrollable-region-focusable rule counts only tabindex and native
    // controls as focusable, not contenteditable: the content is a Tab stop
    // either way, so saying so changes nothing for the keyboard.
    EditorView.contentAttributes.of({ tabindex: '0' }),
  ];
}

/** The robots.txt editor: the frame plus the deciding-line marker's size (colours are in highlight.ts). */
export const robotsEditorTheme: Extension = [
  frame('-2px'),
  EditorView.theme({ '.cm-rl-decides': { padding: '0 3px', fontSize: '0.8em' } }),
];

/** The URL list editor. */
export const urlListTheme: Extension = frame('-1px');
