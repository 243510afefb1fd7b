import type { MarketOrder } from '../../core/contract/trading';
import { SHORT_DATE_TIME_FORMAT, formatAmount, formatZonedTime } from '../../core/domain/format';
import { orderDirection } from '../../core/domain/order-format';
import { RecordList, RecordTitle } from '../_shared/record-list';
import type { RecordField } from '../_shared/record-list';
import type { Translate } from '../_shared/use-t';
import { directionKey, feesOf, netPnl, pnlTone, priceText, signedAmount } from './history-format';
import { reasonKey, rowPrice, rowTime, statusTone, timesFor } from './history.logic';

/** Props of HistoryTable. */
export interface HistoryTableProps {
  orders: readonly MarketOrder[];
  t: Translate;
  timezone: string | undefined;
  onOpen: (order: MarketOrder) => void;
}

/**
 * The fields of an order in table order. The table shows the fees under the net P&L and one time; a card
 * shows the net P&L beside the product, the fees as a field of their own, and the place (or order) and
 * cover times.
 */
function historyFields(t: Translate, timezone: string | undefined): RecordField<MarketOrder>[] {
  const time = (ms: number | null) => formatZonedTime(ms, timezone, SHORT_DATE_TIME_FORMAT);
  const net = (o: MarketOrder) => netPnl(o);
  return [
    {
      id: 'quantity',
      label: t('history.field.quantity'),
      value: (o) => formatAmount(o.orderQuantity, { thousands: false }),
      numeric: true,
    },
    {
      id: 'price',
      label: t('history.col_price'),
      value: (o) => priceText(rowPrice(o)),
      numeric: true,
    },
    {
      id: 'net-pnl',
      label: t('history.field.net_pnl'),
      value: (o) => (
        <>
          <span className="tk-hist__net" data-tone={pnlTone(net(o))}>
            {signedAmount(net(o))}
          </span>
          <span className="tk-hist__fees" data-field="fees">
            {t('history.fees_short', { amount: formatAmount(feesOf(o)) })}
          </span>
        </>
      ),
      numeric: true,
      only: 'table',
    },
    {
      id: 'net-pnl',
      label: t('history.field.net_pnl'),
      value: (o) => signedAmount(net(o)),
      tone: (o) => pnlTone(net(o)),
      numeric: true,
      lead: true,
      only: 'cards',
    },
    {
      id: 'fees',
      label: t('history.field.fees'),
      value: (o) => formatAmount(feesOf(o)),
      numeric: true,
      only: 'cards',
    },
    {
      id: 'time',
      label: t('history.col_time'),
      value: (o) => time(rowTime(o)),
      numeric: true,
      only: 'table',
    },
    {
      id: 'status',
      label: t('history.field.status'),
      value: (o) => (
        <>
          <span className="tk-hist__status" data-tone={statusTone(o.positionStatus)}>
            {t(`history.status.${o.positionStatus}`)}
          </span>
          {o.closeReason ? <span className="tk-hist__reason">{t(reasonKey(o))}</span> : null}
        </>
      ),
    },
    {
      id: 'open-time',
      label: t('history.field.place_time'),
      labelOf: (o) =>
        t(timesFor(o).ordered !== null ? 'history.field.order_time' : 'history.field.place_time'),
      value: (o) => {
        const times = timesFor(o);
        return time(times.place ?? times.ordered);
      },
      numeric: true,
      only: 'cards',
    },
    {
      id: 'cover-time',
      label: t('history.field.cover_time'),
      value: (o) => time(timesFor(o).cover),
      omit: (o) => timesFor(o).cover === null,
      numeric: true,
      only: 'cards',
    },
  ];
}

/**
 * The order blotter: product with side, lots, price, net P&L with the fees, time and a coloured status —
 * a table in a wide widget, cards in a narrow one; a row or card opens the order.
 */
export function HistoryTable({ orders, t, timezone, onOpen }: HistoryTableProps) {
  return (
    <RecordList
      items={orders}
      keyOf={(o) => o.id}
      label={t('history.list_label')}
      titleLabel={t('history.field.product')}
      title={(o) => (
        <RecordTitle
          symbol={o.tradePair || o.productName}
          name={o.productName}
          side={orderDirection(o)}
          sideLabel={t(directionKey(o))}
        />
      )}
      fields={historyFields(t, timezone)}
      onOpen={onOpen}
      rowData={(o) => ({ 'data-order': o.id })}
    />
  );
}
