/**
 * Desktop trading layout (spec §2 panels): quotation list, the selected symbol's chart with the position or
 * history list under it, the order form panel when open, and the side rail.
 */
import { useT } from '../../../widgets/_shared/use-t';
import { Quotes } from '../../../widgets/quotes';
import { useHost } from '../../host-context';
import { useOpenSymbol } from '../../pages/use-open-symbol';
import { useRoute } from '../../routing/router';
import { showNotice } from '../../ui/notice';
import { ChartPanel } from './chart-panel';
import { useDesktopState } from './desktop-state';
import { OrderPanel } from './order-panel';
import { SidePanel, SideRail, sidePanelOf } from './side-panels';

/** The trading layout. */
export function TradingLayout() {
  const t = useT();
  const { theme, symbol, tradeMode } = useHost();
  const { page } = useRoute();
  const { order, openOrder } = useDesktopState();
  const openSymbol = useOpenSymbol();
  const panel = sidePanelOf(page);
  const orderOpen = order.open && symbol !== null && tradeMode === 'market';
  return (
    <div className="host-trading" data-order={orderOpen || undefined}>
      <aside className="host-trading__list host-panel" aria-label={t('nav.quotation')}>
        <Quotes theme={theme} miniChart={false} selected={symbol ?? undefined} onSymbolSelect={openSymbol} />
      </aside>
      <div className="host-trading__main" data-panel={panel ?? undefined}>
        {symbol ? (
          <ChartPanel
            symbol={symbol}
            onTrade={({ direction }) =>
              tradeMode === 'market' ? openOrder(direction) : showNotice('mode.market_only')
            }
          />
        ) : null}
        {panel ? <SidePanel panel={panel} /> : null}
      </div>
      {orderOpen ? <OrderPanel symbol={symbol} /> : null}
      <SideRail />
    </div>
  );
}
