/** Desktop shell (≥ 1024 px): top bar, the page (the trading layout on home) and a status line. */
import { useEffect } from 'react';
import { CLIENT_VERSION } from '../../../core/config/version';
import { sortQuotes } from '../../../core/domain/quotes';
import { usePlatform } from '../../../widgets/_shared/platform-context';
import { useAtomValue } from '../../../widgets/_shared/store-react';
import { useT } from '../../../widgets/_shared/use-t';
import { useHost } from '../../host-context';
import { DesktopOverlay } from '../../pages/desktop-overlay';
import { isDesktopOverlayPage } from '../../pages/page-kinds';
import { RouteOutlet } from '../../pages/route-outlet';
import { useRoute } from '../../routing/router';
import { TopBar } from './top-bar';
import { TradingLayout } from './trading-layout';
import './desktop.css';

/** Spec §2: the desktop starts on BTCUSDT once prices arrive. */
export const DEFAULT_SYMBOL = 'BTCUSDT';

/** Picks the default symbol (BTCUSDT, else the best-ranked quote) once prices arrive. */
function useDefaultSymbol(): void {
  const { atoms } = usePlatform();
  const prices = useAtomValue(atoms.prices);
  const { symbol, setSymbol } = useHost();
  useEffect(() => {
    if (symbol !== null || prices.size === 0) return;
    const first = prices.has(DEFAULT_SYMBOL) ? DEFAULT_SYMBOL : sortQuotes(prices.values())[0]?.symbol;
    if (first) setSymbol(first);
  }, [symbol, prices, setSymbol]);
}

/** The desktop shell. */
export function DesktopShell() {
  const t = useT();
  const { page } = useRoute();
  const { config } = useHost();
  useDefaultSymbol();
  return (
    <div className="host-desktop" data-testid="desktop-shell">
      <TopBar />
      <main id="main" tabIndex={-1} className="host-desktop__main">
        {page === 'home' || isDesktopOverlayPage(page) ? <TradingLayout /> : <RouteOutlet />}
      </main>
      <footer className="host-statusbar">
        <span>{config.siteTitle || config.brand.name}</span>
        <span className="host-statusbar__version">
          {t('app.version', { version: config.version || CLIENT_VERSION })}
        </span>
      </footer>
      <DesktopOverlay />
    </div>
  );
}
