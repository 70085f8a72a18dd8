import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { type CatalogueProfile, CRAWLER_CATEGORIES, type CrawlerCategory } from '../core/profiles';
import './profileList.css';

/** Each catalogue category's heading in the picker. */
const CATEGORY_NAMES: Readonly<Record<CrawlerCategory, string>> = {
  'search-index': 'Search index',
  'ai-training': 'AI training',
  'ai-answers': 'AI answers and grounding',
  'user-fetch': 'User-triggered fetches',
  'control-token': 'Control tokens (no crawler of their own)',
  ads: 'Ads',
  other: 'Other',
};

/** The key that moves the roving focus, and where to: -1 back, +1 on, or to the first or last box. */
const MOVES: Readonly<Record<string, number | 'first' | 'last'>> = {
  ArrowDown: 1,
  ArrowRight: 1,
  ArrowUp: -1,
  ArrowLeft: -1,
  Home: 'first',
  End: 'last',
};

/** A profile's details on hover: purpose, tokens in order, and its documentation with the date it was checked. */
function profileTitle(p: CatalogueProfile): string {
  const checked = p.checked === 'unchecked' ? 'not yet checked' : `checked ${p.checked}`;
  return `${p.purpose} · tokens: ${p.tokens.join(' → ')} · docs: ${p.source} (${checked})`;
}

interface Props {
  shown: readonly CatalogueProfile[];
  chosen: readonly string[];
  toggle(id: string, on: boolean): void;
}

/**
 * The built-in profiles grouped by purpose, as ONE tab stop: the arrow keys
 * (and Home, End) move between the boxes, Space ticks the focused one. The
 * box last focused keeps the tab stop, so Tab returns to it.
 */
export function ProfileList({ shown, chosen, toggle }: Props) {
  const uid = useId();
  const listRef = useRef<HTMLFieldSetElement>(null);
  const [active, setActive] = useState<string | null>(null);
  const stop = shown.some((p) => p.id === active) ? active : (shown[0]?.id ?? null);

  const onKeyDown = (e: KeyboardEvent<HTMLFieldSetElement>) => {
    const move = MOVES[e.key];
    if (move === undefined || !listRef.current) return;
    const boxes = Array.from(listRef.current.querySelectorAll<HTMLInputElement>('input[type=checkbox]'));
    const at = boxes.indexOf(document.activeElement as HTMLInputElement);
    if (at === -1) return;
    e.preventDefault();
    const next =
      move === 'first' ? 0 : move === 'last' ? boxes.length - 1 : Math.max(0, Math.min(boxes.length - 1, at + move));
    boxes[next].focus();
  };

  const groups = CRAWLER_CATEGORIES.map((category) => ({
    category,
    profiles: shown.filter((p) => p.category === category),
  })).filter((g) => g.profiles.length > 0);

  return (
    <fieldset
      ref={listRef}
      className="profile-list"
      aria-describedby={`${uid}-keys`}
      onKeyDown={onKeyDown}
      data-testid="profile-list"
    >
      <legend className="visually-hidden">Crawler profiles</legend>
      <span id={`${uid}-keys`} className="visually-hidden">
        Arrow keys move between crawlers; Space ticks one.
      </span>
      {groups.map((g) => (
        <fieldset key={g.category} className="profile-group" data-testid="profile-group">
          <legend className="profile-group-head">{CATEGORY_NAMES[g.category]}</legend>
          <ul>
            {g.profiles.map((p) => (
              <li key={p.id}>
                <label title={profileTitle(p)}>
                  <input
                    type="checkbox"
                    tabIndex={p.id === stop ? 0 : -1}
                    checked={chosen.includes(p.id)}
                    onChange={(e) => toggle(p.id, e.target.checked)}
                    onFocus={() => setActive(p.id)}
                    data-testid={`crawler-${p.id}`}
                  />
                  <span className="profile-name">{p.name}</span>
                  <span className="profile-operator">{p.operator}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
      {shown.length === 0 && <p className="hint">No profile matches; add it as a token below.</p>}
    </fieldset>
  );
}
