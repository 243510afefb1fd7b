/** The option ticket's state: side, delivery time and amount, what they come to, and placing the order. */
import { useRef, useState } from 'react';
import { addOrderOption } from '../../core/contract/options';
import { UNLOCKED, tradeButtonState } from '../../core/domain/market-order-state';
import { optionAmountOf, optionPreview, optionRule } from '../../core/domain/option-ticket';
import type { OptionRule } from '../../core/domain/option-ticket';
import { announceOptionsChanged } from '../../core/state/option-changes';
import { useSendBackWhenClosed } from '../_shared/trade-form';
import type { useTradeTicket } from '../_shared/trade-form';
import {
  cannotCover,
  deliveryTimeOf,
  isTradable,
  loginPath,
  optionRequest,
  ruleMessage,
} from './option-form.logic';
import type { OptionSide } from './option-form.logic';
import { useOptionLifecycle } from './use-option-lifecycle';
import { useOptionProduct } from './use-option-product';

/** The trade form context the option ticket runs in. */
type TradeTicket = ReturnType<typeof useTradeTicket>;

/** Everything OptionTicket shows and does, starting on `initialDirection`. */
export function useOptionTicket(ticket: TradeTicket, initialDirection: OptionSide) {
  const { platform, session, t, emit, symbol, sessionState, balance, signedIn } = ticket;
  const { view, marketStatus, stale, now, show } = ticket;
  const lifecycle = useOptionLifecycle(platform);
  const productState = useOptionProduct(platform, symbol);
  const { product } = productState;
  const latestView = useRef(view);
  latestView.current = view;

  const [direction, setDirection] = useState<OptionSide>(initialDirection);
  const [chosen, setChosen] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const running = useRef(false);
  // The first delivery time is chosen once the product arrives; a choice the product dropped is cleared.
  const time =
    deliveryTimeOf(product, chosen) ?? (chosen === null ? (product?.deliveryTimes[0] ?? null) : null);

  // Spec §5: a product closed for options (tradeStatus 0) shows the closed banner and sends the trader back.
  const closed = product && !isTradable(product) ? symbol : null;
  useSendBackWhenClosed(closed, emit);

  const available = signedIn ? (balance?.balanceAmount ?? null) : null;
  const feeRate = product?.feeRate ?? '0';
  const preview = optionPreview(amount, time, feeRate);
  const state = tradeButtonState({
    product: product ? { tradeStatus: isTradable(product) ? 1 : 0, sessions: [] } : null,
    hasQuote: view !== undefined,
    quoteMarketOpen: view?.marketOpen,
    marketStatus,
    stale,
    submitting,
    lock: UNLOCKED,
    now,
  });
  const short =
    signedIn && !sessionState.virtual && cannotCover({ time, amount, feeRate, balance: available });
  const refuse = (rule: OptionRule) => {
    const message = ruleMessage(rule);
    show(t(message.key, message.vars), 'error');
  };

  async function submit(): Promise<void> {
    if (!session.isSignedIn()) {
      emit('tk-navigate', { to: loginPath(symbol, direction) });
      return;
    }
    if (running.current || !product || state !== 'normal') return;
    // What the trader typed is what is sent, or the form says why not (issue #26).
    const typed = optionAmountOf(amount);
    if ('refused' in typed) return refuse(typed.refused);
    const refused = optionRule({ time, amount: typed.amount, feeRate, balance: available });
    if (refused) return refuse(refused);
    running.current = true;
    setSubmitting(true);
    try {
      // The terms may have changed since the form was shown: send those of the moment.
      const fresh = await productState.refresh();
      if (!fresh.ok) return show(fresh.message, 'error');
      if (!isTradable(fresh.data)) return show(t('msg.option_closed'), 'error');
      const freshTime = deliveryTimeOf(fresh.data, time?.time ?? null);
      const again = optionRule({
        time: freshTime,
        amount: typed.amount,
        feeRate: fresh.data.feeRate,
        balance: available,
      });
      if (again || !freshTime) return refuse(again ?? { key: 'delivery_empty_rule' });
      const quote = latestView.current;
      if (!quote) return;
      const request = optionRequest({
        symbol,
        product: fresh.data,
        time: freshTime,
        amount: typed.amount,
        direction,
        price: quote.bidPrice,
        now: Date.now(),
      });
      const isVirtual = session.getState().virtual;
      const result = await platform.api.call(addOrderOption, request, { mock: isVirtual, silent: true });
      if (!result.ok) return show(result.message, 'error');
      const duration = Math.max(0, result.data.endTime - result.data.beginTime) || freshTime.time * 1000;
      lifecycle.start({
        uid: result.data.uid,
        symbol,
        direction,
        amount: request.amount,
        price: result.data.price,
        timeLong: freshTime.time,
        endsAt: Date.now() + duration,
      });
      emit('tk-option-placed', { uid: result.data.uid, symbol, direction, virtual: isVirtual });
      announceOptionsChanged(platform);
      void session.refreshBalance({ silent: true });
    } finally {
      running.current = false;
      setSubmitting(false);
    }
  }

  return {
    lifecycle,
    productState,
    product,
    direction,
    setDirection,
    time,
    setChosen,
    amount,
    setAmount,
    submitting,
    closed,
    available,
    preview,
    state,
    short,
    submit,
  };
}
