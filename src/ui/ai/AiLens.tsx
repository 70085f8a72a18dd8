import { useEffect, useState } from 'react';
import { useController } from '../../app/context';
import type { AiLensResult } from '../../model/wire';
import { useRobotsLab } from '../../state/store';
import { AiNotes } from './AiNotes';
import { IntentItem } from './IntentFixes';
import { PurposeMatrix } from './PurposeMatrix';
import './ai.css';

/**
 * The AI lens of the whole file: suggestions for a stated intent first (what
 * a site owner comes to do), then which purposes each AI operator may use the
 * site for and which line says so.
 * Computed in the worker for each parsed version of the text.
 */
export function AiLens() {
  const controller = useController();
  const parseVersion = useRobotsLab((s) => s.parseVersion);
  const [lens, setLens] = useState<{ result: AiLensResult; text: string } | null>(null);
  useEffect(() => {
    if (parseVersion < 0) return;
    let live = true;
    void controller.client.aiLens().then((r) => {
      if (live && r) setLens(r);
    });
    return () => {
      live = false;
    };
  }, [controller, parseVersion]);
  if (!lens) return <p className="hint">Reading the file…</p>;
  return (
    <div className="ai-lens" data-testid="ai-lens">
      <section className="ai-intents" aria-label="Write the file for an intent" data-testid="ai-intents">
        <h3>Write it for an intent</h3>
        <ul className="intents">
          {lens.result.suggestions.map((s) => (
            <IntentItem key={s.intent} s={s} text={lens.text} />
          ))}
        </ul>
      </section>
      <p className="hint">
        Content-Usage and Content-Signal lines state preferences; they never change whether a crawler may fetch.
        Operators whose crawlers may not fetch the root are blocked.
      </p>
      <PurposeMatrix cells={lens.result.matrix} />
      <AiNotes />
    </div>
  );
}
