/** Applies the brand and the visitor's display choices to the document (title, colours, theme, lang). */

import { readableAgainst } from '../../core/domain/contrast';
import { THEME_TOKENS } from '../../widgets/_shared/theme-tokens';

/** Light or dark page theme. */
export type ThemeName = 'light' | 'dark';

/** An up/down colour pair. */
export interface UpDownColors {
  up: string;
  down: string;
}

/** Sets the document title to the site title (kept when the config has none). */
export function applyTitle(siteTitle: string, doc: Document = document): void {
  if (siteTitle.trim()) doc.title = siteTitle.trim();
}

/** Sets `--tk-color-up` / `--tk-color-down` on the root element, so widgets and host pages follow. */
export function applyColors(colors: UpDownColors, doc: Document = document): void {
  const style = doc.documentElement.style;
  style.setProperty('--tk-color-up', colors.up);
  style.setProperty('--tk-color-down', colors.down);
}

/** The darker of the two surfaces of each theme: what up/down colours must read on (tokens.css). */
const THEME_BACKDROP: Record<ThemeName, string> = Object.fromEntries(
  (['light', 'dark'] as const).map((theme) => [
    theme,
    THEME_TOKENS.find((token) => token.name === '--tk-surface-2')![theme],
  ]),
) as Record<ThemeName, string>;

/**
 * Up/down colours that read at 4.5:1 in the theme: as text on its surfaces, and as the fill of buttons whose
 * text is `--tk-accent-text` (white in light, the dark surface colour in dark). A brand colour that already
 * does is kept; one that does not is mixed toward black (light) or white (dark) just enough.
 */
export function readableColors(colors: UpDownColors, theme: ThemeName): UpDownColors {
  const backdrop = THEME_BACKDROP[theme];
  return { up: readableAgainst(colors.up, backdrop), down: readableAgainst(colors.down, backdrop) };
}

/** Switches the page tokens between light and dark (`data-tk-theme` on the root element, see tokens.css). */
export function applyTheme(theme: ThemeName, doc: Document = document): void {
  doc.documentElement.dataset.tkTheme = theme;
  doc.documentElement.style.colorScheme = theme;
}

/** Sets the document language (screen readers, hyphenation, fonts for CJK). */
export function applyLanguage(language: string, doc: Document = document): void {
  doc.documentElement.lang = language;
}
