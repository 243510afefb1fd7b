import type { ProductInfo } from '../../core/contract/types';
import type { Decimal } from '../../core/domain/decimal';
import { parseInput } from '../../core/domain/market-order-input';
import { triggerDecimals } from '../../core/domain/market-order-triggers';
import { pnlTone, signedAmount } from '../../core/domain/order-format';
import { profitLossUsd } from '../../core/domain/trade-preview';
import type { QuoteLookup } from '../../core/domain/trade-preview';
import type { Translate } from '../_shared/use-t';
import { PRODUCT_DEFAULTS } from './order-form.logic';
import type { FormValues } from './order-form.logic';
import { TriggerField } from './trigger-field';
import type { Ticket } from './use-order-ticket';

/** Props of TriggerFields. */
export interface TriggerFieldsProps {
  values: FormValues;
  product: ProductInfo | null;
  qty: Decimal | null;
  /** The price the order opens at (ask/bid, or the pending price). */
  entry: Decimal | null;
  rates: QuoteLookup;
  disabled: boolean;
  t: Translate;
  ticket: Ticket;
}

/** Stop loss and take profit switches, each with the P&L the order would make when it fires. */
export function TriggerFields({
  values,
  product,
  qty,
  entry,
  rates,
  disabled,
  t,
  ticket,
}: TriggerFieldsProps) {
  const estimate = (text: string) => {
    const level = parseInput(text);
    if (!product || !qty || !entry || !level) return undefined;
    const pl = profitLossUsd(product, values.direction, qty, entry, level, rates);
    if (pl === null) return undefined;
    // The sign is written ("+12.00", "-3.10"), so the colour only repeats it (not colour alone, WCAG 1.4.1).
    const tone = pnlTone(pl);
    return (
      <span data-tone={tone === 'flat' ? undefined : tone}>
        {t('order.estimated_pl', { amount: `${signedAmount(pl)} USD` })}
      </span>
    );
  };
  const field = (name: 'stopLoss' | 'takeProfit', label: string) => (
    <TriggerField
      name={name}
      label={label}
      on={name === 'stopLoss' ? values.stopLossOn : values.takeProfitOn}
      value={values[name]}
      decimals={triggerDecimals(product ?? PRODUCT_DEFAULTS)}
      disabled={disabled}
      decreaseLabel={t('order.decrease', { field: label })}
      increaseLabel={t('order.increase', { field: label })}
      hint={estimate(values[name])}
      onSwitch={(on) => ticket.setTrigger(name, on)}
      onType={(text) => ticket.type(name, text)}
      onCommit={() => ticket.commit(name)}
      onStep={(delta) => ticket.step(name, delta)}
    />
  );
  return (
    <div className="tk-order-form__triggers" part="triggers">
      {field('stopLoss', t('order.stop_loss'))}
      {field('takeProfit', t('order.take_profit'))}
    </div>
  );
}
