/**
 * Applies the colour theme to the page: `data-theme` on the root element
 * picks the custom properties of styles.css (the editors' shadow roots
 * inherit them). While the choice is "system", a change of the system's
 * preference repaints the page at once.
 */
import { create } from 'zustand';
import { browserLocal } from '../persist/local';
import { loadThemeChoice, resolveTheme, saveThemeChoice, type ThemeChoice } from '../state/theme';

const systemDark = matchMedia('(prefers-color-scheme: dark)');

/** The user's choice, for the header's switch. */
export const useThemeChoice = create<{ choice: ThemeChoice }>(() => ({ choice: 'system' }));

function paint(): void {
  document.documentElement.dataset.theme = resolveTheme(useThemeChoice.getState().choice, systemDark.matches);
}

/** Reads the saved choice and paints the page; call once, before the first render. */
export function startTheme(): void {
  useThemeChoice.setState({ choice: loadThemeChoice(browserLocal()) });
  paint();
  systemDark.addEventListener('change', paint);
}

/** Saves and applies a new choice. */
export function setThemeChoice(choice: ThemeChoice): void {
  useThemeChoice.setState({ choice });
  saveThemeChoice(browserLocal(), choice);
  paint();
}
