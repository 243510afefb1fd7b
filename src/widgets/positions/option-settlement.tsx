import { useEffect, useState } from 'react';
import { OPTION_POLL_TRIES_LIST } from '../../core/contract/options';
import type { OptionOrder } from '../../core/contract/options';
import { formatAmount } from '../../core/domain/format';
import { optionDirection, optionOutcome } from '../../core/domain/option-order';
import { pnlTone, priceText, signedAmount } from '../../core/domain/order-format';
import { watchOptionSettled } from '../../core/feeds/exchange-feed';
import { getOrders } from '../../core/state/orders';
import { awaitOptionSettlement } from '../../core/trading/option-settlement';
import type { OptionSettlement } from '../../core/trading/option-settlement';
import { announceOption } from '../_shared/announcer';
import { usePlatform } from '../_shared/platform-context';
import { DetailField } from '../_shared/drawer';
import type { Translate } from '../_shared/use-t';
import { Drawer } from './positions-overlays';

/** Props of OptionSettlementDrawer. */
export interface OptionSettlementDrawerProps {
  /** The option that just expired, as the list last showed it. */
  order: OptionOrder;
  t: Translate;
  onView: () => void;
  onClose: () => void;
}

/**
 * The settlement drawer of an expired option (spec §4): "Settling…" while the completion poll runs (40
 * tries), then the entry and exit prices and the win/loss of the settled order, or the failure text when
 * the result could not be fetched; "View position" (the history) and "Close".
 */
export function OptionSettlementDrawer({ order, t, onView, onClose }: OptionSettlementDrawerProps) {
  const platform = usePlatform();
  const [result, setResult] = useState<OptionSettlement | null>(null);
  useEffect(
    () =>
      // A settlement push for this option checks at once; the 40-try poll stays the fallback.
      awaitOptionSettlement(platform, order.uid, OPTION_POLL_TRIES_LIST, setResult, (onPush) =>
        watchOptionSettled(getOrders(platform).feed, order.uid, onPush),
      ),
    [platform, order.uid],
  );
  // Said by the page's announcer (once, whether the push or this poll brings it), with the win or loss in words.
  useEffect(() => {
    if (result?.kind === 'settled') void announceOption(platform, result.order);
  }, [platform, result]);
  const shown = result?.kind === 'settled' ? result.order : order;
  const outcome = result?.kind === 'settled' ? optionOutcome(result.order.winLost) : null;
  return (
    <Drawer
      title={t('position.option.settlement_title')}
      closeLabel={t('common.close')}
      onClose={onClose}
      part="settlement"
      actions={
        <>
          <button type="button" className="tk-pos__btn" onClick={onClose}>
            {t('common.close')}
          </button>
          <button type="button" className="tk-pos__btn" data-variant="primary" onClick={onView}>
            {t('position.option.view_position')}
          </button>
        </>
      }
    >
      <dl className="tk-drawer__fields tk-pos__fields">
        <DetailField label={t('position.field.product')}>{shown.productName || shown.tradePair}</DetailField>
        <DetailField label={t('position.field.direction')} tone={optionDirection(shown)}>
          {t(`position.option.${optionDirection(shown)}`)}
        </DetailField>
        <DetailField label={t('position.option.amount')}>{formatAmount(shown.amount)}</DetailField>
        <DetailField label={t('position.option.entry_price')} id="entry">
          {priceText(shown.price)}
        </DetailField>
        {result?.kind === 'settled' ? (
          <>
            <DetailField label={t('position.option.exit_price')} id="exit">
              {priceText(result.order.priceEnd)}
            </DetailField>
            <DetailField
              label={t('position.option.win_loss')}
              tone={pnlTone(result.order.winLost)}
              id="win-loss"
            >
              {signedAmount(result.order.winLost)}
            </DetailField>
          </>
        ) : null}
      </dl>
      {result === null ? (
        <p key="settling" className="tk-pos__settling" role="status" data-testid="settlement-state">
          {t('position.option.settling')}
        </p>
      ) : result.kind === 'failed' ? (
        <p key="failed" className="tk-banner" data-tone="danger" role="alert" data-testid="settlement-state">
          <span className="tk-banner__text">{t('msg.result_failed')}</span>
        </p>
      ) : (
        // A new element, not the "Settling…" status with new text: the announcer says the outcome, once.
        <p key="outcome" className="tk-pos__outcome" data-outcome={outcome} data-testid="settlement-state">
          {t(`position.option.outcome.${outcome ?? 'tie'}`)}
        </p>
      )}
    </Drawer>
  );
}
