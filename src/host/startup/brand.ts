/** Applies the brand and the visitor's display choices to the document (title, colours, theme, lang). */

import type { UpDownPair } from '../../core/domain/contrast';

/** Light or dark page theme. */
export type { PageTheme as ThemeName } from '../../widgets/_shared/page-theme';

/** An up/down colour pair. */
export type UpDownColors = UpDownPair;

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

/** Switches the page tokens between light and dark (`data-tk-theme` on the root element, see tokens.css). */
export { applyPageTheme as applyTheme } from '../../widgets/_shared/page-theme';

/** Sets the document language (screen readers, hyphenation, fonts for CJK). */
export function applyLanguage(language: string, doc: Document = document): void {
  doc.documentElement.lang = language;
}
