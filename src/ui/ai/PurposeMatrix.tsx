import type { Purpose } from '../../core/aipref/vocab';
import type { MatrixCell } from '../../core/purposes';
import { LineLink } from '../lenses/LineLink';

type CellState = MatrixCell['state'];
type Crawler = MatrixCell['crawlers'][number];

/** Each purpose's name in the view, with the key the file writes. */
const PURPOSE_NAMES: Readonly<Record<Purpose, string>> = {
  search: 'Search',
  'ai-input': 'AI answers',
  'ai-train': 'AI training',
  use: 'Use level',
};

/** The buckets of a purpose's sentence, in the order they are read, with their words. */
const BUCKETS: readonly [CellState, string][] = [
  ['blocked', 'blocked (may not fetch) for'],
  ['disallowed', 'not allowed (preference) for'],
  ['allowed', 'allowed (preference) for'],
  ['level', 'a use level for'],
  ['open', 'no preference (may fetch) for'],
  ['mixed', 'mixed for'],
];

const STATE_WORDS: Readonly<Record<Crawler['state'], string>> = {
  blocked: 'blocked',
  disallowed: 'not allowed',
  allowed: 'allowed',
  level: 'level',
  open: 'no preference',
};

function CrawlerLine({ c, label }: { c: Crawler; label: string }) {
  return (
    <span className="matrix-crawler">
      {label}
      {c.state === 'level' && c.level ? ` ${c.level}` : ''}{' '}
      {c.line === null ? (
        <span className="hint">(no line decides)</span>
      ) : (
        <LineLink line={c.line} testId="matrix-line" />
      )}
    </span>
  );
}

/** One operator in a bucket: one link when its crawlers agree on a line, else one per crawler. */
function Cell({ cell }: { cell: MatrixCell }) {
  const lines = new Set(cell.crawlers.map((c) => c.line));
  const levels = new Set(cell.crawlers.map((c) => c.level));
  const one = cell.state !== 'mixed' && lines.size === 1 && levels.size === 1;
  return (
    <li className="matrix-cell" data-testid="matrix-cell" data-operator={cell.operator} data-state={cell.state}>
      {one ? (
        <CrawlerLine c={cell.crawlers[0]} label={cell.operator} />
      ) : (
        <>
          {cell.operator}:{' '}
          {cell.crawlers.map((c, i) => (
            <span key={c.id}>
              {i > 0 && '; '}
              <CrawlerLine c={c} label={cell.state === 'mixed' ? `${c.name} ${STATE_WORDS[c.state]}` : c.name} />
            </span>
          ))}
        </>
      )}
    </li>
  );
}

/**
 * The purposes × operators matrix of the whole file at the site's root
 * (docs/behaviour.md §15), read as one sentence per purpose: "AI training:
 * blocked for OpenAI, Anthropic…; no preference for …". Every operator links
 * to the line that decides for it.
 */
export function PurposeMatrix({ cells }: { cells: readonly MatrixCell[] }) {
  const purposes = [...new Set(cells.map((c) => c.purpose))];
  return (
    <section className="ai-matrix" aria-label="Purposes by operator" data-testid="ai-matrix">
      <h3>What the file says to each AI purpose, at /</h3>
      {purposes.map((purpose) => {
        const mine = cells.filter((c) => c.purpose === purpose);
        return (
          <section key={purpose} className="matrix-purpose" data-testid="matrix-purpose" data-purpose={purpose}>
            <h4>
              {PURPOSE_NAMES[purpose]} <code>{purpose}</code>
            </h4>
            <ul className="matrix-buckets">
              {BUCKETS.map(([state, words]) => {
                const inBucket = mine.filter((c) => c.state === state);
                if (inBucket.length === 0) return null;
                return (
                  <li key={state} className={`matrix-bucket ${state}`} data-testid="matrix-bucket" data-state={state}>
                    <span className="bucket-words">{words}</span>
                    <ul className="matrix-cells">
                      {inBucket.map((cell) => (
                        <Cell key={cell.operator} cell={cell} />
                      ))}
                    </ul>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </section>
  );
}
