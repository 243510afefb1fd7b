/**
 * Desktop top bar (spec §2): brand, trade-mode tabs, navigation, search, the chart's period, candle style
 * and indicators (while the trading layout shows), colour themes (> 1600 px), language, light/dark, account.
 */
import { useT } from '../../../widgets/_shared/use-t';
import { useHost, type TradeMode } from '../../host-context';
import { Link } from '../../routing/link';
import { useRoute } from '../../routing/router';
import { BrandLogo } from '../../ui/brand-logo';
import { ColorSchemePicker } from '../../ui/color-scheme-picker';
import { LanguageMenu } from '../../ui/language-menu';
import { ServiceButton } from '../../ui/service-button';
import { ThemeToggle } from '../../ui/theme-toggle';
import { AccountSwitch } from '../../account/account-switch';
import { UserBlock } from '../../account/user-block';
import { isDesktopTradingPage } from '../../pages/page-kinds';
import { PlaceOrderIcon, SearchIcon } from '../../ui/icons';
import { useIsWide } from '../use-media-query';
import { ChartSelectors } from './chart-selectors';
import { useDesktopState } from './desktop-state';

/** The place-order toggle: shows or hides the order form panel beside the chart. */
function PlaceOrderToggle() {
  const t = useT();
  const { order, toggleOrder } = useDesktopState();
  return (
    <button
      type="button"
      className="host-icon-btn host-place-toggle"
      data-testid="place-order-toggle"
      aria-pressed={order.open}
      aria-label={t('desktop.place_order')}
      title={t('desktop.place_order')}
      onClick={toggleOrder}
    >
      <PlaceOrderIcon />
    </button>
  );
}

/**
 * The trade-mode tabs (spec §1: when both modes are enabled the user can switch; the choice is remembered,
 * spec §3). Switching changes the order form that buy/sell and the place-order toggle open.
 */
function ModeTabs() {
  const t = useT();
  const { config, tradeMode, setTradeMode } = useHost();
  const modes: TradeMode[] = config.brand.tradeModes;
  if (modes.length < 2) return null;
  return (
    <div className="host-modes" role="radiogroup" aria-label={t('desktop.trade_mode')}>
      {modes.map((mode) => (
        <button
          key={mode}
          type="button"
          role="radio"
          aria-checked={mode === tradeMode}
          className="host-modes__tab"
          onClick={() => setTradeMode(mode)}
        >
          {t(`mode.${mode}`)}
        </button>
      ))}
    </div>
  );
}

/** The top bar of the desktop shell. */
export function TopBar() {
  const t = useT();
  const { config, siteTitle } = useHost();
  const { page } = useRoute();
  const wide = useIsWide();
  const brand = config.brand;
  // A word-mark logo already says the brand name: the title shows only when it adds something.
  const title = siteTitle;
  return (
    <header className="host-topbar">
      <Link className="host-topbar__brand" to="/" aria-label={`${brand.name} — ${t('nav.home')}`}>
        <BrandLogo brand={brand} decorative />
        {brand.logoUrl && title === brand.name ? null : (
          <span className="host-topbar__title" data-with-logo={Boolean(brand.logoUrl) || undefined}>
            {title}
          </span>
        )}
      </Link>
      <ModeTabs />
      <nav className="host-topbar__nav" aria-label={t('a11y.main_nav')}>
        <Link className="host-topbar__link" to="/" aria-current={page === 'home' ? 'page' : undefined}>
          {t('nav.home')}
        </Link>
        <Link
          className="host-topbar__link"
          to="/quotation"
          aria-current={page === 'quotation' ? 'page' : undefined}
        >
          {t('nav.quotation')}
        </Link>
      </nav>
      <div className="host-topbar__tools">
        {isDesktopTradingPage(page) ? <ChartSelectors /> : null}
        {isDesktopTradingPage(page) ? <PlaceOrderToggle /> : null}
        <Link
          className="host-icon-btn"
          to="/search"
          data-testid="top-search"
          aria-label={t('nav.search')}
          title={t('nav.search')}
        >
          <SearchIcon />
        </Link>
        {wide ? <ColorSchemePicker /> : null}
        <LanguageMenu compact={!wide} />
        <ThemeToggle />
        <ServiceButton />
        <AccountSwitch />
        <UserBlock />
      </div>
    </header>
  );
}
