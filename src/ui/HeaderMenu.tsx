import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The header's menu: what a first visit does not need (the example, state
 * files, forgetting stored data, the theme). A native disclosure, so it opens
 * from the keyboard with no script; a click outside it or Escape closes it,
 * and so does choosing a button in it.
 */
export function HeaderMenu({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  // An item offered to the user (the state file, when a share link would be too long) opens the menu.
  useEffect(() => {
    if (ref.current?.querySelector('.share-offered')) ref.current.open = true;
  });
  useEffect(() => {
    const close = (e: Event) => {
      const menu = ref.current;
      if (!menu?.open) return;
      if (e instanceof KeyboardEvent) {
        if (e.key !== 'Escape') return;
        menu.open = false;
        menu.querySelector('summary')?.focus();
        return;
      }
      if (!menu.contains(e.target as Node)) menu.open = false;
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, []);
  return (
    <details className="header-menu" ref={ref} data-testid="header-menu">
      <summary>Menu</summary>
      {/* A button chosen in the menu closes it (a radio of the theme switch does not: it is a setting). */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the buttons inside take the keyboard; this only closes the menu after them */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: as above */}
      <div
        className="header-menu-body"
        onClick={(e) => {
          if ((e.target as Element).closest('button') && ref.current) ref.current.open = false;
        }}
      >
        {children}
      </div>
    </details>
  );
}
