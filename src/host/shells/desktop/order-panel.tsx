/**
 * Desktop order form panel beside the chart (spec §2 place-order toggle); opened by buy/sell or the toggle.
 * It holds the form of the trade mode: <OrderForm> in market mode, <OptionForm> in option mode.
 */
import { useEffect, useRef } from 'react';
import { useT } from '../../../widgets/_shared/use-t';
import { OptionForm } from '../../../widgets/option-form';
import { OrderForm } from '../../../widgets/order-form';
import { useFundAccount } from '../../account/use-fund-account';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { chartPath } from '../../routing/paths';
import { CloseIcon } from '../../pages/account/close-icon';
import { useSetAlert } from '../../pages/set-alert';
import { useDesktopState } from './desktop-state';

/** Id of the order panel, the target of the "Skip to order form" link. */
export const ORDER_TARGET = 'order-form';

/** The order form of `symbol`; a form that asks to leave (wrong mode, not tradable) closes the panel. */
export function OrderPanel({ symbol }: { symbol: string }) {
  const t = useT();
  const setAlert = useSetAlert();
  const { theme, tradeMode } = useHost();
  const { order, toggleOrder } = useDesktopState();
  const fund = useFundAccount();
  const panel = useRef<HTMLElement>(null);
  // Opened (Buy, Sell, the toggle, the skip link): the keyboard goes on in the form, not back through the
  // chart's tools that come before the panel in the page.
  useEffect(() => {
    panel.current?.focus({ preventScroll: true });
  }, [order.ticket]);
  // Leaving for home (wrong mode) or back to the chart (not tradable) closes the panel: the chart is here.
  const leave = ({ to }: { to: string }) =>
    to === '/' || to === chartPath(symbol) ? toggleOrder() : navigate(to);
  return (
    <section
      ref={panel}
      id={ORDER_TARGET}
      tabIndex={-1}
      className="host-order-panel host-panel"
      data-testid="order-panel"
      data-symbol={symbol}
      aria-label={t('desktop.place_order')}
    >
      <header className="host-side-head">
        <h2 className="host-side-head__title">{t('desktop.place_order')}</h2>
        <button
          type="button"
          className="host-icon-btn"
          aria-label={t('common.close')}
          title={t('common.close')}
          onClick={toggleOrder}
        >
          <CloseIcon />
        </button>
      </header>
      <div className="host-order-panel__form">
        {tradeMode === 'option' ? (
          <OptionForm
            key={`option:${symbol}:${order.ticket}`}
            symbol={symbol}
            direction={order.direction}
            mode={tradeMode}
            theme={theme}
            fundActions={fund.fundActions}
            onFundAccount={fund.onFundAccount}
            onNavigate={leave}
          />
        ) : (
          <OrderForm
            key={`market:${symbol}:${order.ticket}`}
            symbol={symbol}
            direction={order.direction}
            mode={tradeMode}
            theme={theme}
            fundActions={fund.fundActions}
            onFundAccount={fund.onFundAccount}
            onNavigate={leave}
            setAlert={setAlert}
          />
        )}
      </div>
      {fund.dialog}
    </section>
  );
}
