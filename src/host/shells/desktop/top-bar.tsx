/**
 * Desktop top bar (spec §2): brand, trade-mode tabs, navigation, search, the chart's period, candle style
 * and indicators (while the trading layout shows), colour themes (> 1600 px), language, light/dark, account.
 */
import { useRef } from 'react';
import { useT } from '../../../widgets/_shared/use-t';
import { useHost } from '../../host-context';
import { Link } from '../../routing/link';
import { useRoute } from '../../routing/router';
import { BrandLogo } from '../../ui/brand-logo';
import { ColorSchemePicker } from '../../ui/color-scheme-picker';
import { LanguageMenu } from '../../ui/language-menu';
import { ModeSwitch } from '../../ui/mode-switch';
import { NotificationBell } from '../../ui/notification-bell';
import { ServiceButton } from '../../ui/service-button';
import { ThemeToggle } from '../../ui/theme-toggle';
import { AccountGlance } from '../../account/account-glance';
import { AccountSwitch } from '../../account/account-switch';
import { useGlance } from '../../account/use-glance';
import { UserBlock } from '../../account/user-block';
import { isDesktopTradingPage } from '../../pages/page-kinds';
import { PlaceOrderIcon, SearchIcon } from '../../ui/icons';
import { useHostSession, useHostUser } from '../../session/use-host-session';
import { useIsWide } from '../use-media-query';
import { ChartSelectors } from './chart-selectors';
import { useDesktopState } from './desktop-state';
import { COLLAPSE, MAX_COLLAPSE, TopBarMore } from './top-bar-more';
import { useCollapseLevel } from './use-collapse-level';

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
 * The top bar of the desktop shell: always one row. What does not fit moves into the More menu, least used
 * first (top-bar-more.tsx), measured for the language, brand and session shown.
 */
export function TopBar() {
  const t = useT();
  const { config, language, tradeMode, siteTitle } = useHost();
  const { state } = useHostSession();
  const user = useHostUser();
  const { page } = useRoute();
  const wide = useIsWide();
  const bar = useRef<HTMLElement>(null);
  const brand = config.brand;
  const trading = isDesktopTradingPage(page);
  const glance = useGlance();
  // The glance's figures change on every price; only their length changes what fits.
  const figures = glance
    ? `${glance.figures.balance.length}|${glance.figures.available.length}|${glance.deposit}`
    : '';
  const widths = [language, trading, state.status, user?.nickname, tradeMode, wide, figures].join('|');
  const level = useCollapseLevel(bar, MAX_COLLAPSE, widths);
  const inline = (group: keyof typeof COLLAPSE) => level < COLLAPSE[group];
  // A word-mark logo already says the brand name: the title shows only when it adds something.
  const title = siteTitle;
  return (
    <header
      className="host-topbar"
      ref={bar}
      data-collapse={level}
      data-compact-user={inline('names') ? undefined : true}
    >
      <Link className="host-topbar__brand" to="/" aria-label={`${brand.name} — ${t('nav.home')}`}>
        <BrandLogo brand={brand} decorative />
        {(brand.logoUrl && title === brand.name) || !inline('title') ? null : (
          <span className="host-topbar__title" data-with-logo={Boolean(brand.logoUrl) || undefined}>
            {title}
          </span>
        )}
      </Link>
      <ModeSwitch />
      {inline('navigation') ? (
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
      ) : null}
      <div className="host-topbar__tools">
        {trading ? (
          <ChartSelectors candleStyle={inline('candle')} compactPeriods={!inline('periods')} />
        ) : null}
        {trading ? <PlaceOrderToggle /> : null}
        {inline('navigation') ? (
          <Link
            className="host-icon-btn"
            to="/search"
            data-testid="top-search"
            aria-label={t('nav.search')}
            title={t('nav.search')}
          >
            <SearchIcon />
          </Link>
        ) : null}
        {wide && inline('tools') ? <ColorSchemePicker /> : null}
        {inline('language') ? <LanguageMenu compact={!wide} /> : null}
        {inline('tools') ? <ThemeToggle /> : null}
        {inline('tools') ? <ServiceButton /> : null}
        <TopBarMore level={level} chartTools={trading} wide={wide} glance={glance} />
        <AccountGlance glance={glance} balance={inline('balance')} />
        <NotificationBell />
        {inline('switch') ? <AccountSwitch /> : null}
        <UserBlock />
      </div>
    </header>
  );
}
