/**
 * Applies the colour theme to the page: `data-theme` on the root element
 * picks the custom properties of styles.css (the editors' shadow roots
 * inherit them). While the choice is "system", a change of the system's
 * preference repaints the page at once.
 */
import { browserLocal } from '../persist/local';
import { loadThemeChoice, resolveTheme, saveThemeChoice, type ThemeChoice } from '../state/theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

let choice: ThemeChoice = 'system';
const listeners = new Set<(c: ThemeChoice) => void>();

function systemDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

function paint(): void {
  document.documentElement.dataset.theme = resolveTheme(choice, systemDark());
}

/** Reads the saved choice and paints the page; call once, before the first render. */
export function startTheme(): void {
  choice = loadThemeChoice(browserLocal());
  paint();
  if (typeof matchMedia === 'function') matchMedia(DARK_QUERY).addEventListener('change', paint);
}

/** The current choice. */
export function themeChoice(): ThemeChoice {
  return choice;
}

/** Saves and applies a new choice. */
export function setThemeChoice(next: ThemeChoice): void {
  choice = next;
  saveThemeChoice(browserLocal(), next);
  paint();
  for (const l of listeners) l(next);
}

/** Calls `listener` on every new choice; returns the unsubscribe function. */
export function onThemeChoice(listener: (c: ThemeChoice) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
