import { useMemo } from 'react';
import type { RobotsDiagnosticCode } from '../../core/lint';
import { useRobotsLab } from '../../state/store';
import { SEVERITY_LABEL } from '../Diagnostics';
import { LineLink } from '../lenses/LineLink';

/** The diagnostics about AI-preference lines and what they contradict (docs/lint-codes.md), not Google's own. */
const CONTRADICTIONS: ReadonlySet<string> = new Set([
  'ai-train-contradiction',
  'search-blocked-contradiction',
  'control-token-mismatch',
  'answer-engine-blocked',
  'license-relative',
]);

function isAiNote(code: RobotsDiagnosticCode): boolean {
  return code.startsWith('aipref-') || CONTRADICTIONS.has(code);
}

/** What is malformed or contradictory in the file's AI preferences, each with its line one click away. */
export function AiNotes() {
  const diagnostics = useRobotsLab((s) => s.parse?.diagnostics);
  const notes = useMemo(
    () => (diagnostics ? diagnostics.filter((d) => isAiNote(d.code)).sort((a, b) => a.line - b.line) : []),
    [diagnostics],
  );
  return (
    <section className="ai-notes" aria-label="AI preference problems" data-testid="ai-notes">
      <h3>What to look at</h3>
      {notes.length === 0 ? (
        <p className="hint">Nothing malformed or contradictory in the AI preferences.</p>
      ) : (
        <ul>
          {notes.map((d) => (
            <li
              key={`${d.from}-${d.code}`}
              className={`ai-note ${d.severity}`}
              data-testid="ai-note"
              data-code={d.code}
            >
              <strong>{SEVERITY_LABEL[d.severity]}</strong> <LineLink line={d.line} testId="ai-note-line" />:{' '}
              {d.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
