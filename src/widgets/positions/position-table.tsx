import type { MarketOrder } from '../../core/contract/trading';
import { formatAmount } from '../../core/domain/format';
import { orderDirection } from '../../core/domain/order-format';
import { RecordList, RecordTitle } from '../_shared/record-list';
import type { RecordField } from '../_shared/record-list';
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

const OFF = '—';

/** The fields of a position in table order: one SL / TP column in the table, two labelled values on a card. */
function positionFields(pending: boolean, t: Translate): RecordField<MarketOrder>[] {
  return [
    {
      id: 'quantity',
      label: t('position.col_quantity'),
      value: (o) => formatAmount(o.orderQuantity, { thousands: false }),
      numeric: true,
    },
    {
      id: 'open-price',
      label: t(pending ? 'position.col_limit_price' : 'position.col_open_price'),
      value: (o) => priceText(o.openingPrice),
      numeric: true,
    },
    {
      id: 'current-price',
      label: t('position.col_current_price'),
      value: (o) => priceText(o.currentPrice),
      numeric: true,
    },
    {
      id: 'pnl',
      label: t(pending ? 'position.expected_pnl' : 'position.col_pnl'),
      value: (o) => signedAmount(o.profitLoss),
      numeric: true,
      tone: (o) => pnlTone(o.profitLoss),
      testId: 'row-pnl',
      lead: true,
    },
    {
      id: 'triggers',
      label: t('position.col_triggers'),
      value: (o) => (
        <span className="tk-pos__triggers">
          <span title={t('position.field.stop_loss')}>{triggerText(o.stopPrice) ?? OFF}</span>
          <span aria-hidden="true"> / </span>
          <span title={t('position.field.take_profit')}>{triggerText(o.takeProfitPrice) ?? OFF}</span>
        </span>
      ),
      numeric: true,
      only: 'table',
    },
    {
      id: 'stop-loss',
      label: t('position.field.stop_loss'),
      value: (o) => triggerText(o.stopPrice) ?? OFF,
      numeric: true,
      only: 'cards',
    },
    {
      id: 'take-profit',
      label: t('position.field.take_profit'),
      value: (o) => triggerText(o.takeProfitPrice) ?? OFF,
      numeric: true,
      only: 'cards',
    },
  ];
}

/**
 * The live blotter: a table in a wide widget (numbers right-aligned in tabular figures), cards in a narrow
 * one with the P&L beside the product. The product is the button that opens the detail (keyboard); the
 * whole row or card opens it for the pointer.
 */
export function PositionTable({ tab, orders, t, onOpen }: PositionTableProps) {
  const pending = tab === 'pending';
  return (
    <RecordList
      items={orders}
      keyOf={(o) => o.id}
      label={t(pending ? 'position.tab_pending' : 'position.tab_open')}
      titleLabel={t('position.col_product')}
      title={(o) => (
        <RecordTitle
          symbol={o.tradePair || o.productName}
          name={o.productName}
          side={orderDirection(o)}
          sideLabel={t(directionKey(o))}
          extra={<span className="tk-pos__lev tk-num">×{o.multiple}</span>}
        />
      )}
      fields={positionFields(pending, t)}
      onOpen={onOpen}
      rowData={(o) => ({ 'data-order': o.id })}
    />
  );
}
