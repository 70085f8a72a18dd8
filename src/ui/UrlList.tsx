import { useEffect, useRef } from 'react';
import { useRobotsLab } from '../state/store';

/**
 * The URL list: one URL or path per line. Uncontrolled, so a paste of a
 * million lines costs one store update, not a React render per keystroke.
 */
export function UrlList() {
  const ref = useRef<HTMLTextAreaElement>(null);
  const total = useRobotsLab((s) => s.results?.total ?? 0);

  useEffect(() => {
    const el = ref.current!;
    el.value = useRobotsLab.getState().urlText;
    return useRobotsLab.subscribe((s, prev) => {
      if (s.urlText !== prev.urlText && s.urlText !== el.value) el.value = s.urlText;
    });
  }, []);

  return (
    <div className="field url-list">
      <label htmlFor="url-list">
        URLs to test <span className="hint">one per line · full URLs or paths</span>
      </label>
      <textarea
        id="url-list"
        ref={ref}
        data-testid="url-list"
        spellCheck={false}
        wrap="off"
        onInput={(e) => useRobotsLab.getState().setUrlText(e.currentTarget.value)}
        aria-describedby="url-count"
      />
      <span id="url-count" className="hint">
        {total.toLocaleString('en')} URL{total === 1 ? '' : 's'}
      </span>
    </div>
  );
}
