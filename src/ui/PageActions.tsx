import { useEffect, useState } from 'react';
import { ShareArea } from '../share/ShareArea';
import { DEFAULT_INPUTS, type Inputs } from '../state/inputs';
import { type OriginFile, useOrigins } from '../state/origins';
import { type InputsSnapshot, pageStorage, snapshotInputs, useRobotsLab } from '../state/store';
import { CloseButton } from './CloseButton';
import { deployStorage } from './deploy/storage';
import { HeaderMenu } from './HeaderMenu';
import { originsStorage } from './origins/storage';
import { ThemeToggle } from './ThemeToggle';

/** The id of the editor's file field (EditorPane.tsx), which "Open…" clicks. */
export const ROBOTS_FILE_INPUT = 'robots-file-input';

/** What "New" starts from: no file, no URLs, Googlebot, the default settings. */
const EMPTY_INPUTS: Inputs = {
  robotsText: '',
  robotsUrl: '',
  urlText: '',
  crawlers: { profiles: ['googlebot'], tokens: [] },
  settings: { ...DEFAULT_INPUTS.settings },
  selected: null,
};

/**
 * The page-wide actions: New, Open, Share and a menu with the rest (load the
 * example, state files, forget what this browser stored, the theme). New and
 * the example each offer an undo that puts back everything: texts, crawlers
 * and settings, and the other origins' files both clear.
 */
export function PageActions() {
  const loadExample = useRobotsLab((s) => s.loadExample);
  const restore = useRobotsLab((s) => s.restoreInputs);
  const [undo, setUndo] = useState<{ what: string; snapshot: InputsSnapshot; origins: OriginFile[] } | null>(null);
  const [confirmForget, setConfirmForget] = useState(false);

  // The offer stays until the user changes an input themselves (then the undo would throw that away).
  useEffect(() => {
    if (!undo) return;
    return useRobotsLab.subscribe((s, prev) => {
      if ((['robotsText', 'urlText', 'urlList', 'crawlers'] as const).some((k) => s[k] !== prev[k])) setUndo(null);
    });
  }, [undo]);

  function replace(what: 'example' | 'new', inputs: Inputs) {
    const origins = useOrigins.getState().files;
    setUndo({ what, snapshot: snapshotInputs(useRobotsLab.getState()), origins });
    loadExample(inputs);
    useOrigins.getState().restore([]);
  }

  return (
    <div className="header-actions">
      <button type="button" onClick={() => replace('new', EMPTY_INPUTS)} data-testid="new">
        New
      </button>
      {/* The editor's own file field: the same path as a file dropped on the editor. */}
      <button type="button" onClick={() => document.getElementById(ROBOTS_FILE_INPUT)?.click()} data-testid="open">
        Open…
      </button>
      <ShareArea
        menu={(stateFiles) => (
          <HeaderMenu>
            <button type="button" onClick={() => replace('example', DEFAULT_INPUTS)} data-testid="load-example">
              Load the example
            </button>
            {stateFiles}
            <button type="button" className="secondary" onClick={() => setConfirmForget(true)} data-testid="forget">
              Forget stored data…
            </button>
            <ThemeToggle />
          </HeaderMenu>
        )}
      />
      {undo && (
        <div className="toast" role="status" data-testid="undo-toast">
          <span className="toast-text">
            {undo.what === 'example' ? 'Loaded the example.' : 'Started empty.'} Your previous file, URLs, crawlers and
            settings can be put back.
          </span>
          <button
            type="button"
            onClick={() => {
              restore(undo.snapshot);
              useOrigins.getState().restore(undo.origins);
              setUndo(null);
            }}
            data-testid="undo"
          >
            Undo
          </button>
          <CloseButton label="Dismiss" className="secondary" onClick={() => setUndo(null)} />
        </div>
      )}
      {confirmForget && (
        <div className="toast" role="alertdialog" aria-labelledby="forget-title" data-testid="forget-dialog">
          <span id="forget-title" className="toast-text">
            Forget everything stored in this browser? The saved robots.txt, URL list, crawlers, settings, other origins'
            files, deployed file and snapshots are removed and the page starts again from the example.
          </span>
          <button
            type="button"
            onClick={() =>
              void Promise.all([pageStorage.forget(), deployStorage.forget(), originsStorage.forget()]).then(() =>
                location.reload(),
              )
            }
            data-testid="forget-confirm"
          >
            Forget everything
          </button>
          <button type="button" className="secondary" onClick={() => setConfirmForget(false)}>
            Cancel
          </button>
        </div>
      )}
    </div>
  );
}
