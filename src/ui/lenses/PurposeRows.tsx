import type { PurposeFinding } from '../../core/purposes';
import { LineLink } from './LineLink';

/** What a finding says: an icon (decoration) and the words; a use level's words are the level itself. */
const SHOWN: Record<PurposeFinding['expressed'], [icon: string, text: string]> = {
  allow: ['✓', 'yes'],
  disallow: ['✕', 'no'],
  level: ['•', ''],
  'no-preference': ['–', 'no preference'],
  'not-applicable': ['–', 'not applicable: the path may not be fetched'],
};

/**
 * What the file expresses for each AI purpose at this URL, for this crawler
 * (docs/behaviour.md §15): the value and the lines it comes from.
 */
export function PurposeRows({ findings }: { findings: PurposeFinding[] }) {
  return (
    <section className="lens" aria-label="AI purposes" data-testid="explain-purposes">
      <h3>AI purposes</h3>
      <table className="purposes">
        <caption>Content-Usage and Content-Signal preferences; they never change the verdict</caption>
        <thead>
          <tr>
            <th scope="col">Purpose</th>
            <th scope="col">Preference</th>
            <th scope="col">From</th>
          </tr>
        </thead>
        <tbody>
          {findings.map((f) => {
            const [icon, text] = SHOWN[f.expressed];
            return (
              <tr key={f.purpose} data-testid="purpose-row" data-purpose={f.purpose} className={f.expressed}>
                <th scope="row">
                  <code>{f.purpose}</code>
                </th>
                <td data-testid="purpose-value">
                  <span aria-hidden="true">{icon} </span>
                  {f.expressed === 'level' ? (f.level ?? '') : text}
                </td>
                <td>
                  {f.lines.map((line, i) => (
                    <span key={line}>
                      {i > 0 && ', '}
                      <LineLink line={line} testId="purpose-line" />
                    </span>
                  ))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
