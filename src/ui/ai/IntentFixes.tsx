import { useState } from 'react';
import { useController } from '../../app/context';
import type { IntentSuggestion } from '../../model/wire';
import { LineLink } from '../lenses/LineLink';
import { DiffView } from './DiffView';

/** A list of names for a sentence: "A, B and C". */
const names = (list: readonly string[]) => new Intl.ListFormat('en-GB').format(list);

/** What the edits do, in words, before the diff shows how: the groups they change and what they leave alone. */
function WhatItDoes({ s }: { s: IntentSuggestion }) {
  return (
    <ul className="intent-what" data-testid="intent-what">
      {s.edited.map((g) => (
        <li key={`${g.line}-${g.how}`} data-testid="intent-edited" data-how={g.how}>
          {g.how === 'rules' ? (
            <>
              The group of <LineLink line={g.line} testId="intent-line" /> ({names(g.tokens)}) now blocks everything:
              its Allow lines are removed and <code>Disallow: /</code> is in place.
            </>
          ) : (
            <>
              {names(g.tokens)} {g.tokens.length === 1 ? 'leaves' : 'leave'} the group of{' '}
              <LineLink line={g.line} testId="intent-line" />, which names other crawlers too; its rules stay for them.
            </>
          )}
        </li>
      ))}
      {s.added.length > 0 && <li data-testid="intent-added">A new group at the end blocks {names(s.added)}.</li>}
      {s.alreadyBlocked.length > 0 && (
        <li data-testid="intent-already-blocked">
          Left as the file has them, blocked at / by its own rules:{' '}
          {s.alreadyBlocked.map((b, i) => (
            <span key={b.name}>
              {i > 0 && ', '}
              {b.name}
              {b.line !== null && (
                <>
                  {' '}
                  (<LineLink line={b.line} testId="intent-line" />)
                </>
              )}
            </span>
          ))}
          .
        </li>
      )}
    </ul>
  );
}

/**
 * One suggestion for a stated intent (docs/behaviour.md §15): a button that
 * shows its diff, then Apply (one undoable edit) or Cancel; or why it is not
 * offered.
 */
export function IntentItem({ s, text }: { s: IntentSuggestion; text: string }) {
  const controller = useController();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const apply = () => {
    if (controller.editor.applyEdits(s.edits, text)) {
      setOpen(false);
      setNote('Applied as one edit: undo (Ctrl+Z in the editor) takes it back.');
    } else setNote('The text changed since this suggestion was made; it is being made again. Look at the new diff.');
  };
  return (
    <li className="intent" data-testid="intent" data-intent={s.intent}>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => {
          setOpen(!open);
          setNote(null);
        }}
        data-testid="intent-preview"
      >
        {s.label}
      </button>
      {open && (
        <div className="intent-body">
          {s.refused ? (
            <p className="intent-refused" data-testid="intent-refused">
              {s.refused}
            </p>
          ) : s.edits.length === 0 ? (
            <p className="hint">The file already says this: nothing to add.</p>
          ) : (
            <>
              <WhatItDoes s={s} />
              <DiffView hunks={s.hunks} />
            </>
          )}
          <div className="row">
            <button type="button" onClick={apply} disabled={s.edits.length === 0} data-testid="intent-apply">
              Apply
            </button>
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {note && (
        <p className="hint" role="status" data-testid="intent-note">
          {note}
        </p>
      )}
    </li>
  );
}
