/** Mobile shell (< 1024 px): the page above a bottom tab bar of the built main routes. */
import type { ComponentType } from 'react';
import { useFocusKeeper } from '../../widgets/_shared/use-focus-keeper';
import { RiskWarning } from '../../widgets/_shared/risk-warning';
import { useT } from '../../widgets/_shared/use-t';
import { useHost } from '../host-context';
import { isFullPage, phonePageWarns } from '../pages/page-kinds';
import { RouteOutlet } from '../pages/route-outlet';
import { Link } from '../routing/link';
import { useRoute } from '../routing/router';
import { isBuilt } from '../routing/routes';
import { HistoryIcon, HomeIcon, MarketsIcon, PositionIcon, UserIcon } from '../ui/icons';
import './mobile.css';

interface Tab {
  route: string;
  to: string;
  label: string;
  Icon: ComponentType<{ size?: number }>;
}

/** Spec §2's four tabs plus Markets; only tabs whose page is built are shown. */
export const MOBILE_TABS: readonly Tab[] = [
  { route: 'home', to: '/', label: 'nav.home', Icon: HomeIcon },
  { route: 'quotation', to: '/quotation', label: 'nav.markets', Icon: MarketsIcon },
  { route: 'position', to: '/position', label: 'nav.position', Icon: PositionIcon },
  { route: 'history', to: '/history', label: 'nav.history', Icon: HistoryIcon },
  { route: 'user', to: '/user', label: 'nav.user', Icon: UserIcon },
];

/** The mobile shell. */
export function MobileShell() {
  const t = useT();
  const { page, path } = useRoute();
  const { tradeMode } = useHost();
  const tabs = MOBILE_TABS.filter((tab) => isBuilt(tab.route));
  const isActive = (tab: Tab) => page === tab.route || (tab.to !== '/' && path.startsWith(`${tab.to}/`));
  // A control that leads to another page (Buy on the chart page) goes with the page it was on: the new page's
  // content takes the focus, so Tab goes on there instead of at the top of the document (issue #22).
  const main = useFocusKeeper<HTMLElement>();
  return (
    <div className="host-mobile" data-testid="mobile-shell" data-full-page={isFullPage(page) || undefined}>
      <main ref={main} id="main" tabIndex={-1} className="host-mobile__content">
        <RouteOutlet />
        {/* The market list and a symbol's chart trade CFDs in market mode: they carry the risk warning (RW6),
            after the page's content so it never covers a control. */}
        {tradeMode === 'market' && phonePageWarns(page) ? <RiskWarning placement="page" /> : null}
      </main>
      {isFullPage(page) ? null : (
        <nav className="host-tabbar" aria-label={t('a11y.main_nav')}>
          {tabs.map((tab) => (
            <Link
              key={tab.route}
              to={tab.to}
              className="host-tabbar__tab"
              aria-current={isActive(tab) ? 'page' : undefined}
            >
              <tab.Icon size={22} />
              <span>{t(tab.label)}</span>
            </Link>
          ))}
        </nav>
      )}
    </div>
  );
}
