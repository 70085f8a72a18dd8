import { useEffect, useId, useState } from 'react';
import { create } from 'zustand';
import { readRobotsUrl } from '../state/robotsUrl';
import { useRobotsLab } from '../state/store';
import { useListOrigins } from './useListOrigins';

/**
 * Whether the user is still typing a robots.txt URL (changed since the field
 * took the focus, no Enter yet): every prefix of a host ("news.", "news.e", …)
 * reads as a URL, so what speaks of the field's site waits for Enter or for
 * the focus to leave it.
 */
export const useRobotsUrlTyping = create<{ typing: boolean }>(() => ({ typing: false }));
const setTyping = (typing: boolean) => useRobotsUrlTyping.setState({ typing });

/**
 * The robots.txt URL: takes a bare host or origin and completes it, shows
 * its error at the field, and offers the robots.txt of the origin the tested
 * URLs share when the field is empty.
 */
export function RobotsUrlField() {
  const robotsUrl = useRobotsLab((s) => s.robotsUrl);
  const setRobotsUrl = useRobotsLab((s) => s.setRobotsUrl);
  const spread = useListOrigins(useRobotsLab((s) => s.results));
  const id = useId();
  // The text as typed; the store holds it only once it reads as a robots.txt URL (completed).
  const [draft, setDraft] = useState(robotsUrl);
  useEffect(
    () =>
      setDraft((d) => {
        const r = readRobotsUrl(d);
        return r.ok && r.url === robotsUrl ? d : robotsUrl;
      }),
    [robotsUrl],
  );
  // A field folded away mid-typing is done with.
  useEffect(() => () => setTyping(false), []);
  const reading = readRobotsUrl(draft);
  const offer =
    robotsUrl === '' && spread.main !== null && spread.mainCount === spread.absolute
      ? `${spread.main}/robots.txt`
      : null;

  function change(text: string) {
    setDraft(text);
    setTyping(true);
    const r = readRobotsUrl(text);
    if (r.ok) setRobotsUrl(r.url);
  }

  /** Enter or leaving the field: the URL is the one meant, shown completed. */
  function done() {
    setTyping(false);
    if (reading.ok) setDraft(reading.url);
  }

  return (
    <div className="field robots-url-field">
      <label htmlFor={id}>
        robots.txt URL <span className="hint">the site it governs; empty: judge every URL</span>
      </label>
      <input
        id={id}
        type="text"
        inputMode="url"
        value={draft}
        placeholder="example.com or https://example.com/robots.txt"
        onChange={(e) => change(e.target.value)}
        onBlur={done}
        onKeyDown={(e) => e.key === 'Enter' && done()}
        aria-invalid={!reading.ok}
        aria-describedby={`${id}-note`}
        data-testid="robots-url"
        spellCheck={false}
        autoCapitalize="off"
      />
      <span
        id={`${id}-note`}
        className={reading.ok ? 'hint' : 'hint warn'}
        data-testid="robots-url-note"
        role={reading.ok ? undefined : 'alert'}
      >
        {!reading.ok ? `⚠ ${reading.error}` : reading.completed ? `Reads as ${reading.url}.` : ''}
      </span>
      {offer && (
        <button
          type="button"
          className="link-button"
          onClick={() => setRobotsUrl(offer)}
          data-testid="robots-url-offer"
        >
          Use {offer}, the site of your URLs
        </button>
      )}
    </div>
  );
}
