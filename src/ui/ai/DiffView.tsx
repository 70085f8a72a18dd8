import type { DiffHunk } from '../../core/aipref/diff';

const MARK = { context: ' ', removed: '−', added: '+' } as const;
const SPOKEN = { context: '', removed: 'removed: ', added: 'added: ' } as const;

/** A suggestion's changes as a line diff: kept lines, removed lines (−) and added lines (+), per hunk. */
export function DiffView({ hunks }: { hunks: readonly DiffHunk[] }) {
  return (
    <div className="diff" data-testid="intent-diff">
      {hunks.map((h) => (
        <div key={h.line} className="diff-hunk">
          <div className="diff-head">from line {h.line}</div>
          {h.lines.map((l, i) => (
            // Lines of a hunk never move: the index is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <div key={i} className={`diff-line ${l.kind}`} data-testid={`diff-${l.kind}`}>
              <span className="diff-mark" aria-hidden="true">
                {MARK[l.kind]}
              </span>
              <span className="visually-hidden">{SPOKEN[l.kind]}</span>
              <code>{l.text}</code>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
