/**
 * A page's light or dark theme: the page tokens of tokens.css under `data-tk-theme` on the root element, and
 * the browser's own controls by `color-scheme`. The reference host and the back office both show it this way.
 */
export type PageTheme = 'light' | 'dark';

/** Switches the page tokens between light and dark. */
export function applyPageTheme(theme: PageTheme, doc: Document = document): void {
  doc.documentElement.dataset.tkTheme = theme;
  doc.documentElement.style.colorScheme = theme;
}
