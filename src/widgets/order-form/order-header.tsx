import { formatPrice } from '../../core/domain/format';
import type { Direction } from '../../core/domain/market-order-price';
import type { QuoteView } from '../../core/runtime/types';
import { radioKeys } from '../_shared/radio-keys';
import type { Translate } from '../_shared/use-t';

/** Props of OrderHeader. */
export interface OrderHeaderProps {
  symbol: string;
  name: string;
  quote: QuoteView | undefined;
  precision: number;
  /** Ask − bid in pips, when the product is known. */
  spread: string | null;
  stale: boolean;
  direction: Direction;
  disabled: boolean;
  t: Translate;
  onDirection(direction: Direction): void;
  /** A host offering price alerts: the "Set alert" link (absent: no link). */
  setAlert?: { text: string; open(symbol: string, bid: string): void } | undefined;
}

/**
 * Product name, code and spread, and the sell/buy toggle that shows the live bid and ask (a trader reads
 * the price on the side they pick). While the quote is stale the prices are marked and a notice says why
 * trading is paused.
 */
export function OrderHeader(props: OrderHeaderProps) {
  const { quote, precision, stale, t, direction } = props;
  // Sell, then Buy, as they stand: one Tab stop, the arrows choose.
  const keys = radioKeys<Direction>([1, 0], direction, props.onDirection);
  const side = (value: Direction, label: string, price: string | undefined) => (
    <button
      type="button"
      role="radio"
      aria-checked={direction === value}
      tabIndex={keys.tabIndexOf(value)}
      className="tk-order-form__side"
      data-side={value === 0 ? 'buy' : 'sell'}
      data-testid={value === 0 ? 'side-buy' : 'side-sell'}
      part={value === 0 ? 'buy' : 'sell'}
      disabled={props.disabled}
      onClick={() => props.onDirection(value)}
    >
      <span className="tk-order-form__side-label">{label}</span>
      <span className="tk-order-form__side-price tk-num" data-stale={stale || undefined}>
        {formatPrice(price, precision)}
      </span>
    </button>
  );
  return (
    <header className="tk-trade-form__header" part="header">
      <div className="tk-order-form__title">
        <h2 className="tk-trade-form__name">{props.name}</h2>
        <span className="tk-order-form__code">{props.symbol}</span>
        {props.spread !== null ? (
          <span className="tk-order-form__spread tk-num" data-testid="spread">
            {t('quotes.spread')} {props.spread}
          </span>
        ) : null}
        {props.setAlert ? (
          <button
            type="button"
            className="tk-order-form__alert"
            part="set-alert"
            data-testid="order-set-alert"
            onClick={() => props.setAlert?.open(props.symbol, quote?.bidPrice ?? '')}
          >
            {props.setAlert.text}
          </button>
        ) : null}
      </div>
      <div
        className="tk-order-form__sides"
        role="radiogroup"
        aria-label={t('order.direction')}
        onKeyDown={keys.onKeyDown}
      >
        {side(1, t('quotes.sell'), quote?.bidPrice)}
        {side(0, t('quotes.buy'), quote?.askPrice)}
      </div>
      {stale ? (
        <p className="tk-banner tk-order-form__stale" role="status" part="stale" data-testid="stale-notice">
          {t('order.stale_notice')}
        </p>
      ) : null}
    </header>
  );
}
