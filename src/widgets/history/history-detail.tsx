import { BuyPoint } from '../../core/contract/trading';
import type { MarketOrder } from '../../core/contract/trading';
import { sub } from '../../core/domain/decimal';
import { formatAmount, formatZonedTime } from '../../core/domain/format';
import { DetailField } from '../_shared/drawer';
import type { Translate } from '../_shared/use-t';
import { directionKey, netPnl, pnlTone, priceText, signedAmount, triggerText } from './history-format';
import { HistoryDrawer } from './history-drawer';
import { reasonKey, statusTone, timesFor } from './history.logic';

/** Props of HistoryDetail. */
export interface HistoryDetailProps {
  order: MarketOrder;
  t: Translate;
  timezone: string | undefined;
  onClose: () => void;
}

/** Every field of one past or current order; times per spec §4 and the close reason when there is one. */
export function HistoryDetail({ order, t, timezone, onClose }: HistoryDetailProps) {
  const times = timesFor(order);
  const time = (ms: number | null) => formatZonedTime(ms, timezone);
  const money = (value: string) => formatAmount(value);
  return (
    <HistoryDrawer title={t('history.detail_title')} closeLabel={t('common.close')} onClose={onClose}>
      <dl className="tk-drawer__fields tk-hist__fields">
        <DetailField label={t('history.field.order_no')}>{order.uid}</DetailField>
        <DetailField label={t('history.field.product')}>{order.productName || order.tradePair}</DetailField>
        <DetailField label={t('history.field.status')} tone={statusTone(order.positionStatus)}>
          {t(`history.status.${order.positionStatus}`)}
        </DetailField>
        {order.closeReason ? (
          <DetailField label={t('history.field.close_reason')} id="close-reason">
            {t(reasonKey(order))}
          </DetailField>
        ) : null}
        {order.parentUid ? (
          <DetailField label={t('history.field.parent')}>{order.parentUid}</DetailField>
        ) : null}
        {order.closeReason === 'stop_out' ? (
          <DetailField label={t('history.field.close_why')} id="close-why">
            {t('history.explain.stop_out')}
          </DetailField>
        ) : null}
        <DetailField label={t('history.field.direction')} tone={order.orderType === 1 ? 'down' : 'up'}>
          {t(directionKey(order))}
        </DetailField>
        <DetailField label={t('history.field.type')}>
          {t(order.buyPoint === BuyPoint.pending ? 'history.type_pending' : 'history.type_market')}
        </DetailField>
        <DetailField label={t('history.field.quantity')}>
          {formatAmount(order.orderQuantity, { thousands: false })}
        </DetailField>
        <DetailField label={t('history.field.open_price')}>{priceText(order.openingPrice)}</DetailField>
        {order.closingPrice ? (
          <DetailField label={t('history.field.close_price')}>{priceText(order.closingPrice)}</DetailField>
        ) : null}
        <DetailField label={t('history.field.stop_loss')}>
          {triggerText(order.stopPrice) ?? t('history.off')}
        </DetailField>
        <DetailField label={t('history.field.take_profit')}>
          {triggerText(order.takeProfitPrice) ?? t('history.off')}
        </DetailField>
        <DetailField label={t('history.field.leverage')}>×{order.multiple}</DetailField>
        <DetailField label={t('history.field.margin')}>{money(order.securityDepositInitial)}</DetailField>
        <DetailField label={t('history.field.net_pnl')} tone={pnlTone(netPnl(order))} id="net-pnl">
          {signedAmount(netPnl(order))}
        </DetailField>
        <DetailField label={t('history.field.gross_pnl')} tone={pnlTone(order.profitLoss)} id="gross-pnl">
          {signedAmount(order.profitLoss)}
        </DetailField>
        {order.absorbedLoss ? (
          <>
            <DetailField
              label={t('history.field.market_pnl')}
              tone={pnlTone(sub(order.profitLoss, order.absorbedLoss))}
              id="market-pnl"
            >
              {signedAmount(sub(order.profitLoss, order.absorbedLoss))}
            </DetailField>
            <DetailField label={t('history.field.absorbed')} id="absorbed">
              {money(order.absorbedLoss)}
            </DetailField>
            <DetailField label={t('history.field.absorbed_why')} id="absorbed-why">
              {t('history.explain.absorbed')}
            </DetailField>
          </>
        ) : null}
        <DetailField label={t('history.field.fee')} id="fee">
          {money(order.feeAmount)}
        </DetailField>
        <DetailField label={t('history.field.overnight')} id="overnight">
          {money(order.overnightFee)}
        </DetailField>
        {times.ordered !== null ? (
          <DetailField label={t('history.field.order_time')} id="order-time">
            {time(times.ordered)}
          </DetailField>
        ) : null}
        {times.place !== null ? (
          <DetailField label={t('history.field.place_time')} id="place-time">
            {time(times.place)}
          </DetailField>
        ) : null}
        {times.cover !== null ? (
          <DetailField label={t('history.field.cover_time')} id="cover-time">
            {time(times.cover)}
          </DetailField>
        ) : null}
      </dl>
    </HistoryDrawer>
  );
}
