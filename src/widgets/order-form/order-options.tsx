import type { ProductInfo } from '../../core/contract/types';
import { formatPrice } from '../../core/domain/format';
import type { Quote } from '../../core/domain/market-order-price';
import { tradePrice } from '../../core/domain/market-order-price';
import { radioKeys } from '../_shared/radio-keys';
import type { Translate } from '../_shared/use-t';
import { NumberField } from './number-field';
import { PRODUCT_DEFAULTS } from './order-form.logic';
import type { FormValues } from './order-form.logic';
import type { Ticket } from './use-order-ticket';

/** Props of OrderOptions. */
export interface OrderOptionsProps {
  id: string;
  values: FormValues;
  product: ProductInfo | null;
  quote: Quote | null;
  disabled: boolean;
  t: Translate;
  ticket: Ticket;
}

/** Market or pending (buyPoint 2 / 1), and the limit price of a pending order with its allowed side. */
export function OrderOptions({ id, values, product, quote, disabled, t, ticket }: OrderOptionsProps) {
  // Market, then pending: one Tab stop, the arrows choose.
  const keys = radioKeys([false, true], values.pending, ticket.setPending);
  const kind = (pending: boolean, label: string) => (
    <button
      type="button"
      role="radio"
      aria-checked={values.pending === pending}
      tabIndex={keys.tabIndexOf(pending)}
      className="tk-order-form__kind"
      data-testid={pending ? 'kind-pending' : 'kind-market'}
      disabled={disabled}
      onClick={() => ticket.setPending(pending)}
    >
      {label}
    </button>
  );
  const current =
    quote && product ? formatPrice(tradePrice(values.direction, quote), product.pricePrecision) : '--';
  const priceLabel = t('order.price');
  return (
    <>
      <div
        className="tk-order-form__kinds"
        role="radiogroup"
        aria-label={t('order.type')}
        part="order-type"
        onKeyDown={keys.onKeyDown}
      >
        {kind(false, t('order.market'))}
        {kind(true, t('order.pending'))}
      </div>
      {values.pending ? (
        <NumberField
          id={`${id}-price`}
          name="price"
          label={priceLabel}
          value={values.price}
          decimals={product?.pricePrecision ?? PRODUCT_DEFAULTS.pricePrecision}
          disabled={disabled}
          decreaseLabel={t('order.decrease', { field: priceLabel })}
          increaseLabel={t('order.increase', { field: priceLabel })}
          canDecrease={!!product}
          canIncrease={!!product}
          hint={t(values.direction === 0 ? 'order.price_hint_buy' : 'order.price_hint_sell', {
            price: current,
          })}
          onType={(text) => ticket.type('price', text)}
          onCommit={() => ticket.commit('price')}
          onStep={(delta) => ticket.step('price', delta)}
        />
      ) : null}
    </>
  );
}
