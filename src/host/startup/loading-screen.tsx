/** Loading screen of spec §4: brand logo and "Loading…" until the first price data arrives. */
import type { BrandSettings } from '../../core/contract';
import { useT } from '../../widgets/_shared/use-t';
import { BrandLogo } from '../ui/brand-logo';

/**
 * The theme of the loading screen the server wrote into the page (EK33), read from `root` before React replaces
 * it; null on a page without one.
 */
export function splashTheme(root: Element): 'light' | 'dark' | null {
  const theme = root.querySelector<HTMLElement>('[data-testid="loading"]')?.dataset.tkTheme;
  return theme === 'light' || theme === 'dark' ? theme : null;
}

/** Full-page loader; the logo shows once the config has named it. */
export function LoadingScreen({ brand }: { brand?: BrandSettings }) {
  const t = useT();
  return (
    <div className="host-fullpage host-loading" data-testid="loading" role="status" aria-live="polite">
      {brand ? (
        <span className="host-loading__logo">
          <BrandLogo brand={brand} decorative />
        </span>
      ) : null}
      <span className="host-loading__spinner" aria-hidden="true" />
      <p className="host-fullpage__text">{t('app.loading')}</p>
    </div>
  );
}
