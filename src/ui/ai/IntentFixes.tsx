import { useState } from 'react';
import { useController } from '../../app/context';
import type { IntentSuggestion } from '../../worker/protocol';
import { DiffView } from './DiffView';

/** One intent: a button that shows its diff, then Apply (one undoable edit) or Cancel. */
function IntentItem({ s, text }: { s: IntentSuggestion; text: string }) {
  const controller = useController();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const apply = () => {
    if (controller.applySuggestion(s.edits, text)) {
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
          {s.edits.length === 0 ? (
            <p className="hint">The file already says this: nothing to add.</p>
          ) : (
            <DiffView hunks={s.hunks} />
          )}
          {s.skipped.length > 0 && (
            <p className="hint" data-testid="intent-skipped">
              Left alone, because the file already has a group for them (a second group would merge with it):{' '}
              {s.skipped.join(', ')}. Edit those groups yourself.
            </p>
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

/** Suggestions for a stated intent, each shown as a diff before it is applied (docs/behaviour.md §15). */
export function IntentFixes({ suggestions, text }: { suggestions: readonly IntentSuggestion[]; text: string }) {
  return (
    <section className="ai-intents" aria-label="Write the file for an intent" data-testid="ai-intents">
      <h3>Write it for an intent</h3>
      <ul className="intents">
        {suggestions.map((s) => (
          <IntentItem key={s.intent} s={s} text={text} />
        ))}
      </ul>
    </section>
  );
}
