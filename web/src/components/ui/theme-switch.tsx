import { useState } from 'preact/hooks';
import { chooseTheme, storedTheme, THEME_CHOICES, type ThemeChoice } from '../../lib/theme.ts';

/** System / Light / Dark as one radio group (arrow keys move between them), kept over reloads. */
export function ThemeSwitch() {
  const [choice, setChoice] = useState<ThemeChoice>(storedTheme);
  const pick = (next: ThemeChoice) => {
    setChoice(next);
    chooseTheme(next);
  };
  return (
    <fieldset class="segmented theme-switch">
      <legend>Theme</legend>
      {THEME_CHOICES.map(([value, label]) => (
        <label key={value}>
          <input type="radio" name="theme" value={value} checked={choice === value} onChange={() => pick(value)} />
          <span>{label}</span>
        </label>
      ))}
    </fieldset>
  );
}
