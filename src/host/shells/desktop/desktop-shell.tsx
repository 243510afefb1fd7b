/** Desktop shell (≥ 1024 px): top bar, the page (the trading layout on home) and a status line. */
import { useCallback, useEffect } from 'react';
import { CLIENT_VERSION } from '../../../core/config/version';
import { sortQuotes } from '../../../core/domain/quotes';
import type { QuoteView } from '../../../core/runtime/types';
import { usePlatform } from '../../../widgets/_shared/platform-context';
import { useAtomSelect } from '../../../widgets/_shared/store-react';
import { useT } from '../../../widgets/_shared/use-t';
import { useHost } from '../../host-context';
import { DesktopOverlay } from '../../pages/desktop-overlay';
import { SupportFloat } from './support-float';
import { isDesktopTradingPage } from '../../pages/page-kinds';
import { useKnownSymbol } from '../../pages/use-known-symbol';
import { RouteOutlet } from '../../pages/route-outlet';
import { navigate } from '../../routing/history';
import { chartPath, normalizeSymbol, placeDirection } from '../../routing/paths';
import { useRoute } from '../../routing/router';
import { CHART_TARGET } from './chart-panel';
import { DesktopStateProvider, useDesktopState } from './desktop-state';
import { ORDER_TARGET } from './order-panel';
import { TopBar } from './top-bar';
import { TradingLayout } from './trading-layout';
import './desktop.css';

/**
 * Spec §2: the desktop starts on BTCUSDT once prices arrive. Visitors without a session get it too: the
 * trading layout is open to them (spec §6) and an empty chart panel would show nothing.
 */
export const DEFAULT_SYMBOL = 'BTCUSDT';

/** Picks the default symbol (BTCUSDT, else the best-ranked quote) once prices arrive. */
function useDefaultSymbol(): void {
  const { atoms } = usePlatform();
  // The shell renders again when the default changes, not with every catalogue message (EK45).
  const first = useAtomSelect(atoms.prices, defaultSymbolOf);
  const { symbol, setSymbol } = useHost();
  const { page } = useRoute();
  useEffect(() => {
    // A chart link names its own symbol (an unquoted one leaves for home, where this default applies).
    if (symbol !== null || first === null || isSymbolPage(page)) return;
    setSymbol(first);
  }, [symbol, first, setSymbol, page]);
}

/** BTCUSDT once quoted, else the best-ranked quote; null before prices arrive. */
function defaultSymbolOf(prices: ReadonlyMap<string, QuoteView>): string | null {
  if (prices.has(DEFAULT_SYMBOL)) return DEFAULT_SYMBOL;
  return sortQuotes(prices.values())[0]?.symbol ?? null;
}

/** The routes that name a symbol: its chart and the order forms of the two trade modes. */
const isSymbolPage = (page: string) => page === 'chart' || page === 'place' || page === 'placeOption';

/** The trade mode each order route serves (spec §2: the form leaves when the mode is not its own). */
const FORM_MODE: Readonly<Record<string, 'market' | 'option'>> = { place: 'market', placeOption: 'option' };

/**
 * `/{symbol}/chart` on desktop shows that symbol in the trading layout; `/{symbol}/place?direction=` (market
 * mode) and `/{symbol}/placeOption?direction=` (option mode) show it with the order panel open on that side,
 * then name the chart (the panel is layout state, not a page). A wrong direction or mode leaves for home.
 */
function useRouteSymbol(): void {
  const { page, params, query } = useRoute();
  const { atoms } = usePlatform();
  const { setSymbol, tradeMode } = useHost();
  const { openOrder } = useDesktopState();
  const wanted = isSymbolPage(page) ? normalizeSymbol(params.symbol) : '';
  const formMode = FORM_MODE[page];
  const direction = formMode === tradeMode ? placeDirection(query.direction) : null;
  const quotes = useCallback((prices: ReadonlyMap<string, QuoteView>) => prices.has(wanted), [wanted]);
  const quoted = useAtomSelect(atoms.prices, quotes);
  useKnownSymbol(wanted);
  useEffect(() => {
    if (quoted) setSymbol(wanted);
  }, [quoted, wanted, setSymbol]);
  useEffect(() => {
    if (!formMode) return;
    if (direction !== null) openOrder(direction);
    navigate(direction === null ? '/' : chartPath(wanted), { replace: true });
  }, [formMode, wanted, direction, openOrder]);
}

/** The desktop shell. */
export function DesktopShell() {
  return (
    <DesktopStateProvider>
      <DesktopFrame />
    </DesktopStateProvider>
  );
}

/**
 * "Skip to order form" and "Skip to chart", first in the shell (issue #26: Buy was 35 Tabs away). The order
 * link opens the buy form when the panel is closed; the panel takes the focus when it opens.
 */
function TradingSkipLinks() {
  const t = useT();
  const { page } = useRoute();
  const { symbol } = useHost();
  const { order, openOrder } = useDesktopState();
  if (!isDesktopTradingPage(page) || symbol === null) return null;
  const focus = (id: string) => document.getElementById(id)?.focus();
  return (
    <>
      <a
        className="host-skip"
        href={`#${ORDER_TARGET}`}
        onClick={(event) => {
          event.preventDefault();
          if (order.open) focus(ORDER_TARGET);
          else openOrder(0);
        }}
      >
        {t('a11y.skip_to_order')}
      </a>
      <a
        className="host-skip"
        href={`#${CHART_TARGET}`}
        onClick={(event) => {
          event.preventDefault();
          focus(CHART_TARGET);
        }}
      >
        {t('a11y.skip_to_chart')}
      </a>
    </>
  );
}

function DesktopFrame() {
  const t = useT();
  const { page } = useRoute();
  const { config, siteTitle } = useHost();
  useRouteSymbol();
  useDefaultSymbol();
  return (
    <div className="host-desktop" data-testid="desktop-shell">
      <TradingSkipLinks />
      <TopBar />
      <main id="main" tabIndex={-1} className="host-desktop__main">
        {isDesktopTradingPage(page) ? <TradingLayout /> : <RouteOutlet />}
      </main>
      <footer className="host-statusbar">
        <span>{siteTitle}</span>
        <span className="host-statusbar__version">
          {t('app.version', { version: config.version || CLIENT_VERSION })}
        </span>
      </footer>
      <DesktopOverlay />
      <SupportFloat />
    </div>
  );
}
