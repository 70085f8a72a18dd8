import { useId, useState } from 'react';
import { CRAWLER_PROFILES, nearCatalogueToken } from '../core/profiles';
import { isValidUserAgentToObey } from '../core/reference';
import { MAX_CRAWLERS, useRobotsLab } from '../state/store';
import { CloseButton } from './CloseButton';

/** The built-in profile a typed token was probably meant to be (`Claude-Bot` → ClaudeBot), if any. */
function meantProfile(token: string) {
  const near = nearCatalogueToken(token.trim());
  return near === null ? undefined : CRAWLER_PROFILES.find((p) => p.tokens[0] === near);
}

/**
 * Any other product token: typed, checked as a product token, and offered
 * the catalogue's real crawler when it looks like a misspelling of one
 * (in the form, and on its chip once added).
 */
export function TypedTokens() {
  const tokens = useRobotsLab((s) => s.crawlers.tokens);
  const toggleProfile = useRobotsLab((s) => s.toggleProfile);
  const addToken = useRobotsLab((s) => s.addToken);
  const [token, setToken] = useState('');
  const [full, setFull] = useState(false);
  const tokenId = useId();
  const meant = token.trim() === '' ? undefined : meantProfile(token);
  const typedValid = token.trim() === '' || isValidUserAgentToObey(token.trim());

  return (
    <>
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
        {meant && (
          <p className="hint warn" data-testid="token-meant">
            Did you mean <code>{meant.tokens[0]}</code> ({meant.operator})?{' '}
            <button
              type="button"
              onClick={() => {
                toggleProfile(meant.id, true);
                setToken('');
              }}
              data-testid="token-meant-use"
            >
              Use {meant.name}
            </button>
          </p>
        )}
      </form>
      <TokenChips tokens={tokens} />
    </>
  );
}

/** The typed tokens as chips, each checked and offered its real crawler when misspelt. */
function TokenChips({ tokens }: { tokens: readonly string[] }) {
  const toggleProfile = useRobotsLab((s) => s.toggleProfile);
  const removeToken = useRobotsLab((s) => s.removeToken);
  if (tokens.length === 0) return null;
  return (
    <ul className="token-chips" aria-label="Typed tokens">
      {tokens.map((t) => {
        const valid = isValidUserAgentToObey(t);
        const fix = meantProfile(t);
        return (
          <li key={t} className={valid ? 'chip' : 'chip invalid'} data-testid="token-chip">
            {!valid && (
              <span className="warn-icon" aria-hidden="true">
                ⚠
              </span>
            )}
            <span>{t}</span>
            {!valid && <span className="visually-hidden"> (not a valid product token)</span>}
            {fix && (
              <button
                type="button"
                className="chip-fix"
                onClick={() => {
                  removeToken(t);
                  toggleProfile(fix.id, true);
                }}
                aria-label={`Replace ${t} with ${fix.tokens[0]}`}
                data-testid="token-chip-fix"
              >
                → {fix.tokens[0]}?
              </button>
            )}
            <CloseButton label={`Remove ${t}`} onClick={() => removeToken(t)} />
          </li>
        );
      })}
    </ul>
  );
}
