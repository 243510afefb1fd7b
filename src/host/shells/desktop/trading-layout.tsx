/**
 * Desktop trading layout (spec §2 panels): quotation list, the selected symbol's chart with the position or
 * history list under it, the order form panel when open (market or option form by the trade mode), and the
 * side rail.
 */
import { RiskWarning } from '../../../widgets/_shared/risk-warning';
import { useT } from '../../../widgets/_shared/use-t';
import { Quotes } from '../../../widgets/quotes';
import { useHost } from '../../host-context';
import { useSetAlert } from '../../pages/set-alert';
import { useOpenSymbol } from '../../pages/use-open-symbol';
import { OneClickSwitch } from '../../one-click/one-click-switch';
import { useOneClick } from '../../one-click/use-one-click';
import { useRoute } from '../../routing/router';
import { useMediaQuery } from '../use-media-query';
import { ChartPanel } from './chart-panel';
import { useDesktopState } from './desktop-state';
import { OrderPanel } from './order-panel';
import { SidePanel, SideRail, sidePanelOf } from './side-panels';

/**
 * From this window height on, the position/history panel fits under the chart with the chart still at its
 * least height (decisions.md, "Layout at every size"); on shorter windows it takes the quotation list's
 * column instead, and the list gives way while the panel is open.
 */
export const PANEL_UNDER_CHART_MIN_HEIGHT = 880;

/** The trading layout. */
export function TradingLayout() {
  const t = useT();
  const { theme, symbol, tradeMode } = useHost();
  const { page } = useRoute();
  const { order, openOrder, listOpen } = useDesktopState();
  const openSymbol = useOpenSymbol();
  const setAlert = useSetAlert();
  const panel = sidePanelOf(page);
  const orderOpen = order.open && symbol !== null;
  const tall = useMediaQuery(`(min-height: ${PANEL_UNDER_CHART_MIN_HEIGHT}px)`);
  const panelInList = panel !== null && !tall;
  const oneClick = useOneClick();
  return (
    <div
      className="host-trading"
      data-order={orderOpen || undefined}
      data-panel-in-list={panelInList || undefined}
      data-list-closed={(!panelInList && !listOpen) || undefined}
    >
      {panelInList ? (
        <SidePanel panel={panel} />
      ) : !listOpen ? null : (
        <aside className="host-trading__list host-panel" aria-label={t('nav.quotation')}>
          <Quotes
            theme={theme}
            miniChart={false}
            selected={symbol ?? undefined}
            onSymbolSelect={openSymbol}
            setAlert={setAlert}
          />
        </aside>
      )}
      <div className="host-trading__main" data-panel={(panelInList ? null : panel) ?? undefined}>
        {symbol ? (
          // Buy/sell (Up/Down in option mode) opens the order panel of the trade mode on that side, or places
          // at once while one-click trading is on (OT12).
          <ChartPanel
            symbol={symbol}
            onTrade={({ symbol: s, direction }) => oneClick.trade(s, direction) || openOrder(direction)}
          />
        ) : null}
        {symbol && oneClick.available ? (
          <div className="host-trading__one-click">
            <OneClickSwitch oneClick={oneClick} symbol={symbol} />
          </div>
        ) : null}
        {panel && !panelInList ? <SidePanel panel={panel} /> : null}
        {/* Market mode trades CFDs: its screens carry the risk warning (RW6); options are not CFDs. */}
        {tradeMode === 'market' ? <RiskWarning placement="page" /> : null}
      </div>
      {orderOpen ? <OrderPanel symbol={symbol} /> : null}
      <SideRail />
    </div>
  );
}
