import { useEffect, useReducer, useRef, useState } from 'react';
import type { ProductInfo } from '../../core/contract/types';
import type { RuleMessage } from '../../core/domain/market-order-input';
import { fixed } from '../../core/domain/market-order-input';
import { stepPrice, tradePrice } from '../../core/domain/market-order-price';
import type { Direction, Quote } from '../../core/domain/market-order-price';
import { stepTrigger, triggerReference } from '../../core/domain/market-order-triggers';
import { UNLOCKED, lockAfterClamp, lockRemaining } from '../../core/domain/market-order-state';
import type { SubmitLock } from '../../core/domain/market-order-state';
import { stepVolume, volumeDecimals } from '../../core/domain/market-order-volume';
import { commitField, pendingPrice } from './order-form.logic';
import type { FormValues, TextField } from './order-form.logic';

/** What the ticket needs from around it. */
export interface TicketDeps {
  symbol: string;
  direction: Direction;
  product: ProductInfo | null;
  quote: Quote | null;
  /** Shows a rule message (translated by the caller). */
  onMessage(message: RuleMessage): void;
}

const blank = (direction: Direction): FormValues => ({
  direction,
  pending: false,
  volume: '',
  price: '',
  stopLossOn: false,
  stopLoss: '',
  takeProfitOn: false,
  takeProfit: '',
});

/** The form's values, the submit lock and the edits the fields make (rules run on commit). */
export function useOrderTicket({ symbol, direction, product, quote, onMessage }: TicketDeps) {
  const [state, setState] = useState({ key: `${symbol}|${direction}`, values: blank(direction) });
  const key = `${symbol}|${direction}`;
  // A new symbol or a new direction attribute starts a fresh ticket.
  const values = state.key === key ? state.values : blank(direction);
  const setValues = (next: FormValues) => setState({ key, values: next });
  const [lock, setLock] = useState<SubmitLock>(UNLOCKED);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const filled = useRef<string | null>(null);

  useEffect(() => {
    const wait = lockRemaining(lock, Date.now());
    if (wait === 0) return undefined;
    const timer = setTimeout(rerender, wait);
    return () => clearTimeout(timer);
  }, [lock]);

  // The volume starts at the product's minimum once per ticket.
  useEffect(() => {
    if (!product || filled.current === key) return;
    filled.current = key;
    if (values.volume === '')
      setValues({ ...values, volume: fixed(product.minCount, volumeDecimals(product)) });
  });

  const clampLock = () => setLock(lockAfterClamp(Date.now()));
  const apply = (
    result: { value: string; message: RuleMessage | null; clamped: boolean },
    field: TextField,
  ) => {
    setValues({ ...values, [field]: result.value });
    if (result.message) onMessage(result.message);
    if (result.clamped) clampLock();
  };

  // The shared amount input already made the only rewrites allowed (issue #26); under an IME it is raw.
  const type = (field: TextField, text: string) => setValues({ ...values, [field]: text });

  const commit = (field: TextField) => {
    if (!product || !quote) return;
    apply(commitField(field, values, product, quote), field);
  };

  const step = (field: TextField, delta: 1 | -1) => {
    if (!product || !quote) return;
    const { direction: side } = values;
    if (field === 'volume')
      return setValues({ ...values, volume: stepVolume(values.volume, delta, product) });
    if (field === 'price')
      return setValues({
        ...values,
        price: stepPrice(values.price, delta, tradePrice(side, quote), product),
      });
    const reference = triggerReference(side, quote, pendingPrice(values));
    setValues({ ...values, [field]: stepTrigger(field, values[field], delta, side, reference, product) });
  };

  const setDirection = (next: Direction) => setValues({ ...values, direction: next });
  const setPending = (pending: boolean) => {
    const start =
      pending && values.price === '' && quote && product
        ? fixed(tradePrice(values.direction, quote), product.pricePrecision)
        : values.price;
    setValues({ ...values, pending, price: start });
  };
  const setTrigger = (field: 'stopLoss' | 'takeProfit', on: boolean) =>
    setValues({ ...values, [field === 'stopLoss' ? 'stopLossOn' : 'takeProfitOn']: on });

  return {
    values,
    setValues,
    lock,
    clampLock,
    type,
    commit,
    step,
    setDirection,
    setPending,
    setTrigger,
  };
}

/** The ticket as the field components use it. */
export type Ticket = ReturnType<typeof useOrderTicket>;
