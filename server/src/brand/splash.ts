import type { BrandRecord } from './store';

/**
 * The brand's loading screen as HTML (EK33): the host's `LoadingScreen` box and spinner on the brand's theme
 * (`data-tk-theme`). The server writes it into the host page's `#root`, so a dark brand's page is dark and busy
 * from its first paint instead of blank white until the scripts have run; React replaces it with its own loading
 * screen on its first commit, and the host applies the same theme before that (a visitor's stored choice first).
 * Nothing in it is contentful (no text, no image): the first contentful paint stays the site's own, so the page's
 * blocking time is measured from the same moment as before (a logo here cost the phone's home page 11 Lighthouse
 * points: the start-up's tasks then counted as blocking).
 */
export function brandSplash(brand: BrandRecord): string {
  const theme = brand.settings.theme === 'dark' ? 'dark' : 'light';
  return (
    `<div class="host-fullpage host-loading" data-testid="loading" data-tk-theme="${theme}" role="status" aria-live="polite">` +
    '<span class="host-loading__spinner" aria-hidden="true"></span></div>'
  );
}
