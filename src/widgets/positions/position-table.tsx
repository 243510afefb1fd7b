import type { MarketOrder } from '../../core/contract/trading';
import { formatAmount } from '../../core/domain/format';
import type { Translate } from '../_shared/use-t';
import { directionKey, pnlTone, priceText, signedAmount, triggerText } from './positions.logic';
import type { PositionTab } from './positions.logic';

/** Props of PositionTable. */
export interface PositionTableProps {
  tab: PositionTab;
  orders: readonly MarketOrder[];
  t: Translate;
  onOpen: (order: MarketOrder) => void;
}

/**
 * The live blotter: one row per order, numbers right-aligned in tabular figures. The product cell holds
 * the button that opens the detail (keyboard), the whole row opens it for the pointer.
 */
export function PositionTable({ tab, orders, t, onOpen }: PositionTableProps) {
  const pending = tab === 'pending';
  return (
    <table className="tk-pos__table" part="table">
      <caption className="tk-visually-hidden">
        {t(pending ? 'position.tab_pending' : 'position.tab_open')}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('position.col_product')}</th>
          <th scope="col" data-num>
            {t('position.col_quantity')}
          </th>
          <th scope="col" data-num>
            {t(pending ? 'position.col_limit_price' : 'position.col_open_price')}
          </th>
          <th scope="col" data-num>
            {t('position.col_current_price')}
          </th>
          <th scope="col" data-num>
            {t(pending ? 'position.expected_pnl' : 'position.col_pnl')}
          </th>
          <th scope="col" data-num data-wide>
            {t('position.col_triggers')}
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => {
          const sl = triggerText(order.stopPrice);
          const tp = triggerText(order.takeProfitPrice);
          return (
            <tr
              key={order.id}
              className="tk-pos__row"
              part="row"
              data-order={order.id}
              onClick={() => onOpen(order)}
            >
              <th scope="row">
                <button
                  type="button"
                  className="tk-pos__product"
                  aria-haspopup="dialog"
                  onClick={(e) => {
                    e.stopPropagation();
                    onOpen(order);
                  }}
                >
                  <span className="tk-pos__symbol">{order.productName || order.tradePair}</span>
                  <span
                    className="tk-pos__side"
                    data-side={order.orderType === 1 ? 'sell' : 'buy'}
                    part="side"
                  >
                    {t(directionKey(order))}
                  </span>
                  <span className="tk-pos__lev tk-num">×{order.multiple}</span>
                </button>
              </th>
              <td className="tk-num" data-num>
                {formatAmount(order.orderQuantity, { thousands: false })}
              </td>
              <td className="tk-num" data-num>
                {priceText(order.openingPrice)}
              </td>
              <td className="tk-num" data-num>
                {priceText(order.currentPrice)}
              </td>
              <td className="tk-num" data-num data-tone={pnlTone(order.profitLoss)} data-testid="row-pnl">
                {signedAmount(order.profitLoss)}
              </td>
              <td className="tk-num tk-pos__triggers" data-num data-wide>
                <span title={t('position.field.stop_loss')}>{sl ?? '—'}</span>
                <span aria-hidden="true"> / </span>
                <span title={t('position.field.take_profit')}>{tp ?? '—'}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
