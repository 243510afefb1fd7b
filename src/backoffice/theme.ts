/**
 * The back office's light and dark themes: the widgets' tokens (tokens.css) under `data-tk-theme` on the page's
 * root, as on the reference host. The operator's choice is kept in this browser; without one the system's
 * colour scheme decides, so a night shift's dark desktop gets a dark back office from the first paint.
 */
import { applyPageTheme, type PageTheme } from '../widgets/_shared/page-theme';

/** Where this browser keeps the operator's choice (the host's own `theme` key is the trader's). */
export const THEME_KEY = 'tk-bo-theme';

/** The theme to show: the stored choice when it names one, else the system's preference. */
export function chooseTheme(stored: string | null, systemPrefersDark: boolean): PageTheme {
  if (stored === 'light' || stored === 'dark') return stored;
  return systemPrefersDark ? 'dark' : 'light';
}

/** This browser's theme for the back office (storage may be refused: then the system's preference). */
export function readTheme(win: Window = window): PageTheme {
  let stored: string | null;
  try {
    stored = win.localStorage.getItem(THEME_KEY);
  } catch {
    stored = null;
  }
  return chooseTheme(stored, win.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false);
}

/** Shows `theme` (tokens and the browser's own controls) and keeps it as the operator's choice when asked. */
export function applyTheme(theme: PageTheme, options: { store?: boolean; win?: Window } = {}): void {
  const win = options.win ?? window;
  applyPageTheme(theme, win.document);
  if (!options.store) return;
  try {
    win.localStorage.setItem(THEME_KEY, theme);
  } catch {
    // A browser that refuses storage still shows the theme for this visit.
  }
}
