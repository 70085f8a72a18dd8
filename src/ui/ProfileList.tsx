import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { type CatalogueProfile, CRAWLER_CATEGORIES, CRAWLER_PROFILES, type CrawlerCategory } from '../core/profiles';
import { useRobotsLab } from '../state/store';
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
  const caveat = p.caveat ? `; ${p.caveat}` : '';
  return `${p.purpose} · tokens: ${p.tokens.join(' → ')} · docs: ${p.source} (${checked}${caveat})`;
}

/** The chosen profiles first, in column order; then the others by purpose, in catalogue order. */
function sections(shown: readonly CatalogueProfile[], chosen: readonly string[]) {
  const picked = chosen.map((id) => shown.find((p) => p.id === id)).filter((p) => p !== undefined);
  const rest = shown.filter((p) => !chosen.includes(p.id));
  return [
    { key: 'chosen', title: 'Chosen, in the table’s column order', profiles: picked },
    ...CRAWLER_CATEGORIES.map((category) => ({
      key: category,
      title: CATEGORY_NAMES[category],
      profiles: rest.filter((p) => p.category === category),
    })),
  ].filter((s) => s.profiles.length > 0);
}

/** The profiles whose name, operator or a token holds `query` (all of them for an empty one). */
function matching(query: string): readonly CatalogueProfile[] {
  const q = query.trim().toLowerCase();
  if (!q) return CRAWLER_PROFILES;
  const has = (text: string) => text.toLowerCase().includes(q);
  return CRAWLER_PROFILES.filter((p) => has(p.name) || has(p.operator) || p.tokens.some(has));
}

/**
 * The built-in profiles, searchable, the chosen ones first and the others
 * grouped by purpose, as ONE tab stop: the arrow keys (and Home, End) move
 * between the boxes, Space ticks the focused one. The box last focused keeps
 * the tab stop, so Tab returns to it. A ticked box moves to the chosen
 * section as the same element (one flat keyed list), so it keeps the focus.
 */
export function ProfileList() {
  // The chosen profiles' ids, in the table's column order.
  const chosen = useRobotsLab((s) => s.crawlers.profiles);
  const toggle = useRobotsLab((s) => s.toggleProfile);
  const [query, setQuery] = useState('');
  const shown = matching(query);
  const uid = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState<string | null>(null);
  const stop = shown.some((p) => p.id === active) ? active : (shown[0]?.id ?? null);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const move = MOVES[e.key];
    if (move === undefined || !listRef.current) return;
    const boxes = Array.from(listRef.current.querySelectorAll<HTMLInputElement>('input[type=checkbox]'));
    const at = boxes.indexOf(e.currentTarget);
    e.preventDefault();
    const next =
      move === 'first' ? 0 : move === 'last' ? boxes.length - 1 : Math.max(0, Math.min(boxes.length - 1, at + move));
    boxes[next].focus();
  };

  return (
    <>
      <label htmlFor={`${uid}-search`} className="visually-hidden">
        Search crawlers
      </label>
      <input
        id={`${uid}-search`}
        type="search"
        placeholder="Search crawlers…"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="crawler-search"
      />
      <span id={`${uid}-keys`} className="visually-hidden">
        Arrow keys move between crawlers; Space ticks one.
      </span>
      <ul ref={listRef} className="profile-list" aria-label="Crawler profiles" data-testid="profile-list">
        {/* One flat list of keyed items: a ticked box moves between sections as the same element (keys are per array). */}
        {sections(shown, chosen).flatMap((section) => [
          <li
            key={`head-${section.key}`}
            id={`${uid}-${section.key}`}
            className="profile-group-head"
            data-testid="profile-group-head"
          >
            {section.title}
          </li>,
          ...section.profiles.map((p) => (
            <li key={p.id}>
              <label title={profileTitle(p)}>
                <input
                  type="checkbox"
                  tabIndex={p.id === stop ? 0 : -1}
                  checked={chosen.includes(p.id)}
                  onChange={(e) => toggle(p.id, e.target.checked)}
                  onFocus={() => setActive(p.id)}
                  onKeyDown={onKeyDown}
                  aria-describedby={`${uid}-${section.key} ${uid}-keys`}
                  data-testid={`crawler-${p.id}`}
                />
                <span className="profile-name">{p.name}</span>
                <span className="profile-operator">{p.operator}</span>
              </label>
            </li>
          )),
        ])}
        {shown.length === 0 && <li className="hint">No profile matches; add it as a token below.</li>}
      </ul>
    </>
  );
}
