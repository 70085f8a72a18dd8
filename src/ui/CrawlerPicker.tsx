import { useId, useMemo, useState } from 'react';
import { CRAWLER_PROFILES } from '../core/profiles';
import { isValidUserAgentToObey } from '../core/reference';
import { MAX_CRAWLERS, useRobotsLab } from '../state/store';

/** Chooses the crawlers to test: built-in profiles (searchable) and any typed product token. */
export function CrawlerPicker() {
  const profiles = useRobotsLab((s) => s.crawlers.profiles);
  const tokens = useRobotsLab((s) => s.crawlers.tokens);
  const toggleProfile = useRobotsLab((s) => s.toggleProfile);
  const addToken = useRobotsLab((s) => s.addToken);
  const removeToken = useRobotsLab((s) => s.removeToken);
  const [query, setQuery] = useState('');
  const [token, setToken] = useState('');
  const [full, setFull] = useState(false);
  const searchId = useId();
  const tokenId = useId();

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    const list = q
      ? CRAWLER_PROFILES.filter(
          (p) =>
            p.name.toLowerCase().includes(q) ||
            p.operator.toLowerCase().includes(q) ||
            p.tokens.some((t) => t.toLowerCase().includes(q)),
        )
      : CRAWLER_PROFILES;
    // Chosen crawlers first, in the order chosen: the table's column order.
    const chosen = profiles.map((id) => list.find((p) => p.id === id)).filter((p) => p !== undefined);
    return [...chosen, ...list.filter((p) => !profiles.includes(p.id))];
  }, [query, profiles]);

  const typedValid = token.trim() === '' || isValidUserAgentToObey(token.trim());

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
      <ul className="profile-list" aria-label="Crawler profiles">
        {shown.map((p) => (
          <li key={p.id}>
            <label title={`${p.purpose} · tokens: ${p.tokens.join(' → ')}`}>
              <input
                type="checkbox"
                checked={profiles.includes(p.id)}
                onChange={(e) => toggleProfile(p.id, e.target.checked)}
                data-testid={`crawler-${p.id}`}
              />
              <span className="profile-name">{p.name}</span>
              <span className="profile-operator">{p.operator}</span>
            </label>
          </li>
        ))}
        {shown.length === 0 && <li className="hint">No profile matches; add it as a token below.</li>}
      </ul>
      <form
        className="token-form"
        onSubmit={(e) => {
          e.preventDefault();
          // Over MAX_CRAWLERS the token is refused and stays in the field (nothing typed is lost).
          const added = addToken(token);
          setFull(!added);
          if (added) setToken('');
        }}
      >
        <label htmlFor={tokenId}>Any other product token</label>
        <div className="row">
          <input
            id={tokenId}
            value={token}
            onChange={(e) => setToken(e.target.value)}
            placeholder="e.g. MyBot"
            aria-invalid={!typedValid}
            aria-describedby={`${tokenId}-help`}
            data-testid="token-input"
            spellCheck={false}
          />
          <button type="submit" data-testid="token-add">
            Add
          </button>
        </div>
        <span id={`${tokenId}-help`} className={typedValid && !full ? 'hint' : 'hint warn'} aria-live="polite">
          {full
            ? `⚠ At most ${MAX_CRAWLERS} crawlers at once (each is a column): remove one to add “${token.trim()}”.`
            : typedValid
              ? 'Letters, - and _ only, as crawlers send it.'
              : '⚠ Not a valid product token: only A–Z, a–z, - and _.'}
        </span>
      </form>
      {tokens.length > 0 && (
        <ul className="token-chips" aria-label="Typed tokens">
          {tokens.map((t) => {
            const valid = isValidUserAgentToObey(t);
            return (
              <li key={t} className={valid ? 'chip' : 'chip invalid'} data-testid="token-chip">
                {!valid && (
                  <span className="warn-icon" aria-hidden="true">
                    ⚠
                  </span>
                )}
                <span>{t}</span>
                {!valid && <span className="visually-hidden"> (not a valid product token)</span>}
                <button type="button" onClick={() => removeToken(t)} aria-label={`Remove ${t}`}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
