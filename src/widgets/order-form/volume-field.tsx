import type { ProductInfo } from '../../core/contract/types';
import { formatAmount } from '../../core/domain/format';
import { VOLUME_DECIMALS } from '../../core/domain/market-order-input';
import { canStepVolume } from '../../core/domain/market-order-volume';
import type { Translate } from '../_shared/use-t';
import { NumberField } from './number-field';
import type { Ticket } from './use-order-ticket';

/** Props of VolumeField. */
export interface VolumeFieldProps {
  /** The form's id prefix; the input is `${id}-volume`. */
  id: string;
  value: string;
  product: ProductInfo | null;
  disabled: boolean;
  t: Translate;
  ticket: Ticket;
}

/** The volume in lots, stepped within the product's range, with that range as its hint. */
export function VolumeField({ id, value, product, disabled, t, ticket }: VolumeFieldProps) {
  return (
    <NumberField
      id={`${id}-volume`}
      name="volume"
      label={t('order.volume')}
      value={value}
      decimals={VOLUME_DECIMALS}
      disabled={disabled}
      decreaseLabel={t('order.decrease', { field: t('order.volume') })}
      increaseLabel={t('order.increase', { field: t('order.volume') })}
      canDecrease={!!product && canStepVolume(value, -1, product)}
      canIncrease={!!product && canStepVolume(value, 1, product)}
      hint={
        product
          ? t('order.volume_hint', {
              min: formatAmount(product.minCount, { decimals: 2 }),
              max: formatAmount(product.maxCount, { decimals: 2 }),
            })
          : undefined
      }
      hintPending={!product}
      onType={(text) => ticket.type('volume', text)}
      onCommit={() => ticket.commit('volume')}
      onStep={(delta) => ticket.step('volume', delta)}
    />
  );
}
