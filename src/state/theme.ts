/**
 * The page's colour theme: the user's choice (follow the system, or always
 * light or dark), kept apart from the inputs like the table's view (it is a
 * way of looking, not something the user entered, and never goes into a
 * share link). A damaged or foreign entry reads as "system".
 */

import { readLocal, writeLocal } from '../persist/local';

/** What the user chose in the header. */
export type ThemeChoice = 'system' | 'light' | 'dark';

/** The choices, in the order the header offers them. */
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** The localStorage key (it starts with the store's, so "Forget" removes it too). */
const THEME_KEY = 'robots-lab-theme';

/** The saved choice, or "system" when there is none or it is not one of the choices. */
export function loadThemeChoice(storage: Pick<Storage, 'getItem'> | undefined): ThemeChoice {
  const v = readLocal(THEME_KEY, storage);
  return THEME_CHOICES.includes(v as ThemeChoice) ? (v as ThemeChoice) : 'system';
}

/** Saves the choice ("system", the default, is stored as nothing); where storage refuses, it holds for this visit. */
export function saveThemeChoice(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, c: ThemeChoice): void {
  writeLocal(THEME_KEY, c === 'system' ? null : c, storage);
}

/** The theme a choice shows ('light' or 'dark'), given whether the system prefers dark. */
export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Exclude<ThemeChoice, 'system'> {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}
