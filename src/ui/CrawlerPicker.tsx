import { useId, useMemo, useState } from 'react';
import { CRAWLER_PROFILES } from '../core/profiles';
import { useRobotsLab } from '../state/store';
import { ProfileList } from './ProfileList';
import { TypedTokens } from './TypedTokens';

/** Chooses the crawlers to test: built-in profiles (searchable) and any typed product token. */
export function CrawlerPicker() {
  const profiles = useRobotsLab((s) => s.crawlers.profiles);
  const toggleProfile = useRobotsLab((s) => s.toggleProfile);
  const [query, setQuery] = useState('');
  const searchId = useId();

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q
      ? CRAWLER_PROFILES.filter(
          (p) =>
            p.name.toLowerCase().includes(q) ||
            p.operator.toLowerCase().includes(q) ||
            p.tokens.some((t) => t.toLowerCase().includes(q)),
        )
      : CRAWLER_PROFILES;
  }, [query]);

  return (
    <fieldset className="field crawler-picker" data-testid="crawler-picker">
      <legend>Crawlers</legend>
      <label htmlFor={searchId} className="visually-hidden">
        Search crawlers
      </label>
      <input
        id={searchId}
        type="search"
        placeholder="Search crawlers…"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="crawler-search"
      />
      <ProfileList shown={shown} chosen={profiles} toggle={toggleProfile} />
      <TypedTokens />
    </fieldset>
  );
}
