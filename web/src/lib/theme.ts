// The colour theme: the OS's (prefers-color-scheme) unless the person picks one in the header.
// The choice is kept in localStorage under the key public/theme.js reads before the first paint.

export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_CHOICES: Array<[ThemeChoice, string]> = [
  ['system', 'System'],
  ['light', 'Light'],
  ['dark', 'Dark'],
];

const KEY = 'hoplink-theme';
/** Fired on window after the theme changes, for drawings that take colours at draw time (the trend chart). */
export const THEME_EVENT = 'hoplink-theme';

/** The stored choice; 'system' when there is none or storage is refused. */
export function storedTheme(): ThemeChoice {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

/** Applies a choice to the page (html[data-theme]) and keeps it for the next visit. */
export function chooseTheme(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
  try {
    if (choice === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    // Storage refused: the choice holds for this page only.
  }
  dispatchEvent(new Event(THEME_EVENT));
}

/** Calls `then` whenever the colours in use may have changed: a choice here or the OS switching. */
export function onThemeChange(then: () => void): () => void {
  const media = matchMedia('(prefers-color-scheme: dark)');
  addEventListener(THEME_EVENT, then);
  media.addEventListener('change', then);
  return () => {
    removeEventListener(THEME_EVENT, then);
    media.removeEventListener('change', then);
  };
}
