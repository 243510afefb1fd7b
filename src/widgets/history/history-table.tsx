import type { MarketOrder } from '../../core/contract/trading';
import { SHORT_DATE_TIME_FORMAT, formatAmount, formatTime } from '../../core/domain/format';
import type { Translate } from '../_shared/use-t';
import { directionKey, feesOf, netPnl, pnlTone, priceText, signedAmount } from './history-format';
import { rowPrice, rowTime, statusTone } from './history.logic';

/** Props of HistoryTable. */
export interface HistoryTableProps {
  orders: readonly MarketOrder[];
  t: Translate;
  timezone: string | undefined;
  onOpen: (order: MarketOrder) => void;
}

/** The order blotter: product with side, lots, price, net P&L with the fees under it, time and a coloured status; a row opens it. */
export function HistoryTable({ orders, t, timezone, onOpen }: HistoryTableProps) {
  return (
    <table className="tk-hist__table" part="table">
      <caption className="tk-visually-hidden">{t('history.list_label')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('history.field.product')}</th>
          <th scope="col" data-num>
            {t('history.field.quantity')}
          </th>
          <th scope="col" data-num>
            {t('history.col_price')}
          </th>
          <th scope="col" data-num>
            {t('history.field.net_pnl')}
          </th>
          <th scope="col" data-num data-wide>
            {t('history.col_time')}
          </th>
          <th scope="col" data-wide>
            {t('history.field.status')}
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr
            key={order.id}
            className="tk-hist__row"
            part="row"
            data-order={order.id}
            onClick={() => onOpen(order)}
          >
            <th scope="row">
              <button
                type="button"
                className="tk-hist__product"
                aria-haspopup="dialog"
                onClick={(e) => {
                  e.stopPropagation();
                  onOpen(order);
                }}
              >
                <span className="tk-hist__symbol">{order.productName || order.tradePair}</span>
                <span
                  className="tk-hist__side"
                  data-side={order.orderType === 1 ? 'sell' : 'buy'}
                  part="side"
                >
                  {t(directionKey(order))}
                </span>
              </button>
            </th>
            <td className="tk-num" data-num>
              {formatAmount(order.orderQuantity, { thousands: false })}
            </td>
            <td className="tk-num" data-num>
              {priceText(rowPrice(order))}
            </td>
            <td className="tk-num" data-num data-field="net-pnl">
              <span className="tk-hist__net" data-tone={pnlTone(netPnl(order))}>
                {signedAmount(netPnl(order))}
              </span>
              <span className="tk-hist__fees" data-field="fees">
                {t('history.fees_short', { amount: formatAmount(feesOf(order)) })}
              </span>
            </td>
            <td className="tk-num" data-num data-wide>
              {formatTime(rowTime(order), SHORT_DATE_TIME_FORMAT, timezone)}
            </td>
            <td data-wide>
              <span className="tk-hist__status" data-tone={statusTone(order.positionStatus)}>
                {t(`history.status.${order.positionStatus}`)}
              </span>
              {order.closeReason ? (
                <span className="tk-hist__reason">{t(`history.reason.${order.closeReason}`)}</span>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
