import type { Direction } from '../../core/domain/market-order-price';
import type { TradeButtonKind } from '../../core/domain/market-order-state';
import { tradeStateCode } from '../../core/domain/market-order-state';
import type { Translate } from '../_shared/use-t';

/** Props of SubmitButton. */
export interface SubmitButtonProps {
  state: TradeButtonKind;
  signedIn: boolean;
  direction: Direction;
  pending: boolean;
  t: Translate;
}

const STATE_LABELS: Partial<Record<TradeButtonKind, string>> = {
  loading: 'app.loading',
  not_tradable: 'order.state.not_tradable',
  market_closed: 'order.state.market_closed',
  stale: 'order.state.stale',
  submitting: 'order.state.submitting',
};

/**
 * The trade button (spec §4 states): enabled only in `normal`; it names the blocking state otherwise. A
 * visitor gets "Sign in to trade", which leads to the sign-in page and back.
 */
export function SubmitButton({ state, signedIn, direction, pending, t }: SubmitButtonProps) {
  const side = direction === 0 ? 'buy' : 'sell';
  const action = t(`order.submit_${side}_${pending ? 'pending' : 'market'}`);
  const visitor = !signedIn && state !== 'not_tradable' && state !== 'market_closed';
  const blocked = STATE_LABELS[state];
  const label = visitor ? t('order.sign_in') : blocked ? t(blocked) : action;
  const disabled = !visitor && state !== 'normal';
  return (
    <button
      type="submit"
      className="tk-trade-form__submit"
      part="submit"
      data-testid="submit"
      data-side={side}
      data-state={state}
      data-code={tradeStateCode(state)}
      // While the order is sent the button keeps the focus it was pressed with (a disabled button drops it to
      // the page): it is only marked disabled, and the submit ignores a second press.
      disabled={disabled && state !== 'submitting'}
      aria-disabled={disabled}
    >
      {label}
    </button>
  );
}
