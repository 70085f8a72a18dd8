import { THEME_CHOICES, type ThemeChoice } from '../state/theme';
import { setThemeChoice, useThemeChoice } from './theme';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/**
 * The header's theme switch: follow the system, or always light or dark.
 * Native radio buttons, so the group is one Tab stop and the arrow keys move
 * between the choices; the choice is saved (src/state/theme.ts).
 */
export function ThemeToggle() {
  const current = useThemeChoice((s) => s.choice);
  return (
    <fieldset className="theme-toggle" data-testid="theme-toggle">
      <legend className="visually-hidden">Colour theme</legend>
      {THEME_CHOICES.map((c) => (
        <label key={c} className={c === current ? 'on' : undefined}>
          <input
            type="radio"
            name="theme"
            value={c}
            checked={c === current}
            onChange={() => setThemeChoice(c)}
            data-testid={`theme-${c}`}
          />
          {LABELS[c]}
        </label>
      ))}
    </fieldset>
  );
}
