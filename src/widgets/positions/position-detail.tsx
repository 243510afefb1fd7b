import { lazy, Suspense, useState } from 'react';
import { BuyPoint, PositionStatus } from '../../core/contract/trading';
import type { MarketOrder } from '../../core/contract/trading';
import { formatAmount, formatTime } from '../../core/domain/format';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { DetailField } from '../_shared/drawer';
import type { Translate } from '../_shared/use-t';
import { Drawer } from './positions-overlays';
import {
  closeLockLeft,
  confirmPrice,
  countdownText,
  directionKey,
  pnlTone,
  priceText,
  signedAmount,
  triggerText,
} from './positions.logic';
import { TriggerEditor } from './trigger-editor';
import type { useOrderActions } from '../_shared/use-order-actions';

// The order tools load with the first drawer of an open position, not with the widget (size budget).
const OrderTools = lazy(() => import('./order-tools').then((m) => ({ default: m.OrderTools })));

/** Props of PositionDetail. */
export interface PositionDetailProps {
  order: MarketOrder;
  t: Translate;
  timezone: string | undefined;
  actions: ReturnType<typeof useOrderActions>;
  onClose: () => void;
}

/**
 * The close button of an open position. During the 3-minute lock after execution (spec §9) it is disabled
 * and counts down ("Close in 2:41") instead of letting the trader run into the server's 409.
 */
function CoverButton({ order, t, onPress }: { order: MarketOrder; t: Translate; onPress: () => void }) {
  const platform = usePlatform();
  const now = useAtomValue(platform.atoms.clock);
  const left = closeLockLeft(order, now);
  return (
    <button
      type="button"
      className="tk-pos__btn"
      data-variant="danger"
      data-testid="detail-action"
      data-locked={left > 0 || undefined}
      disabled={left > 0}
      onClick={onPress}
    >
      {left > 0 ? t('position.cover_in', { time: countdownText(left) }) : t('position.cover')}
    </button>
  );
}

/** All fields of one order, its SL/TP editor and the cover (open) or cancel (pending) action. */
export function PositionDetail({ order, t, timezone, actions, onClose }: PositionDetailProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const pending = order.positionStatus === PositionStatus.pending;
  const money = (value: string) => formatAmount(value);
  const time = (ms: number | null) => formatTime(ms, undefined, timezone);

  const act = async () => {
    setBusy(true);
    const ok = await (pending ? actions.cancel(order) : actions.close(order));
    setBusy(false);
    setConfirming(false);
    if (ok) onClose();
  };

  return (
    <Drawer
      title={t('position.detail_title')}
      closeLabel={t('common.close')}
      onClose={onClose}
      part="detail"
      actions={
        pending ? (
          <button
            type="button"
            className="tk-pos__btn"
            data-variant="danger"
            data-testid="detail-action"
            onClick={() => setConfirming(true)}
          >
            {t('position.cancel_order')}
          </button>
        ) : (
          <CoverButton order={order} t={t} onPress={() => setConfirming(true)} />
        )
      }
    >
      <dl className="tk-drawer__fields tk-pos__fields">
        <DetailField label={t('position.field.order_no')}>{order.uid}</DetailField>
        <DetailField label={t('position.field.product')}>{order.productName || order.tradePair}</DetailField>
        <DetailField label={t('position.field.status')}>
          {t(pending ? 'position.state_pending' : 'position.state_open')}
        </DetailField>
        <DetailField label={t('position.field.direction')} tone={order.orderType === 1 ? 'down' : 'up'}>
          {t(directionKey(order))}
        </DetailField>
        <DetailField label={t('position.field.type')}>
          {t(order.buyPoint === BuyPoint.pending ? 'position.type_pending' : 'position.type_market')}
        </DetailField>
        <DetailField label={t('position.field.quantity')}>
          {formatAmount(order.orderQuantity, { thousands: false })}
        </DetailField>
        <DetailField label={t(pending ? 'position.col_limit_price' : 'position.field.open_price')}>
          {priceText(order.openingPrice)}
        </DetailField>
        <DetailField label={t('position.field.current_price')}>{priceText(order.currentPrice)}</DetailField>
        <DetailField label={t('position.field.stop_loss')}>
          {triggerText(order.stopPrice) ?? t('position.off')}
          {order.trailingDistance ? ` · ${t('position.tools.trailing_short')}` : null}
        </DetailField>
        <DetailField label={t('position.field.take_profit')}>
          {triggerText(order.takeProfitPrice) ?? t('position.off')}
        </DetailField>
        <DetailField label={t('position.field.leverage')}>×{order.multiple}</DetailField>
        <DetailField label={t('position.field.margin')}>{money(order.securityDepositInitial)}</DetailField>
        <DetailField label={t('position.field.fee')}>{money(order.feeAmount)}</DetailField>
        <DetailField label={t('position.field.overnight')}>{money(order.overnightFee)}</DetailField>
        <DetailField
          label={t(pending ? 'position.expected_pnl' : 'position.field.pnl')}
          tone={pnlTone(order.profitLoss)}
        >
          {signedAmount(order.profitLoss)}
        </DetailField>
        <DetailField label={t('position.field.order_time')}>{time(order.orderTimeTs)}</DetailField>
        {pending ? null : (
          <DetailField label={t('position.field.fill_time')}>{time(order.transactionTimeTs)}</DetailField>
        )}
      </dl>
      <TriggerEditor order={order} t={t} onSave={actions.update} />
      {pending ? null : (
        <Suspense fallback={null}>
          <OrderTools order={order} t={t} />
        </Suspense>
      )}
      {confirming ? (
        <Drawer
          title={t(pending ? 'position.confirm_cancel_title' : 'position.confirm_close_title')}
          closeLabel={t('common.close')}
          onClose={() => setConfirming(false)}
          part="confirm"
          role="alertdialog"
          actions={
            <>
              <button
                type="button"
                className="tk-pos__btn"
                onClick={() => setConfirming(false)}
                data-autofocus
              >
                {t('common.cancel')}
              </button>
              <button
                type="button"
                className="tk-pos__btn"
                data-variant="danger"
                disabled={busy}
                aria-busy={busy || undefined}
                data-testid="confirm-action"
                onClick={() => void act()}
              >
                {t(pending ? 'position.cancel_order' : 'position.cover')}
              </button>
            </>
          }
        >
          <dl className="tk-drawer__fields tk-pos__fields" data-testid="confirm-fields">
            <DetailField label={t('position.field.product')}>
              {order.productName || order.tradePair}
            </DetailField>
            <DetailField label={t('position.field.quantity')}>
              {formatAmount(order.orderQuantity, { thousands: false })}
            </DetailField>
            <DetailField label={t('position.field.direction')} tone={order.orderType === 1 ? 'down' : 'up'}>
              {t(directionKey(order))}
            </DetailField>
            <DetailField label={t(pending ? 'position.col_limit_price' : 'position.field.current_price')}>
              {confirmPrice(order)}
            </DetailField>
          </dl>
        </Drawer>
      ) : null}
    </Drawer>
  );
}
