import { useMemo, useRef, useState } from 'react';
import type { MutableRefObject } from 'react';
import type { RuleMessage } from '../../core/domain/market-order-input';
import type { Quote } from '../../core/domain/market-order-price';
import { BuyPoint } from '../../core/contract/trading';
import { UNLOCKED, tradeButtonState } from '../../core/domain/market-order-state';
import type { Platform } from '../../core/runtime/types';
import type { Session } from '../../core/session/session';
import { createTradingApi } from '../../core/trading/trading-api';
import { announceMarketFill } from '../_shared/announcer';
import type { Emit } from '../_shared/widget-host';
import type { Translate } from '../_shared/use-t';
import { commitAll, loginPath, orderRequest } from './order-form.logic';
import type { FormValues } from './order-form.logic';
import type { OrderProduct } from './use-order-product';

/** What a submit needs. */
export interface SubmitDeps {
  platform: Platform;
  session: Session;
  symbol: string;
  values: FormValues;
  setValues(values: FormValues): void;
  clampLock(): void;
  product: OrderProduct;
  /** The latest quote (read after the product refresh, so the rules see the price of the moment). */
  quote: MutableRefObject<Quote | null>;
  /** False when the preview says the balance does not cover margin and fee. */
  enough: boolean;
  t: Translate;
  show(text: string, tone?: 'info' | 'error', quiet?: boolean): void;
  onMessage(message: RuleMessage): void;
  emit: Emit;
}

/**
 * The submit of spec §5: signed out → sign in; every rule again; product info fetched again right before
 * sending (its limits and status may have changed); then `order/addOrder`, or `addOrderMock` for the demo
 * account. One submission at a time.
 */
export function useSubmitOrder(deps: SubmitDeps): { submitting: boolean; submit(): Promise<void> } {
  const trading = useMemo(() => createTradingApi(deps.platform), [deps.platform]);
  const [submitting, setSubmitting] = useState(false);
  const running = useRef(false);

  const check = (values: FormValues, product: Parameters<typeof commitAll>[1], quote: Quote) => {
    const result = commitAll(values, product, quote);
    if (result.messages.length === 0) return result.values;
    deps.setValues(result.values);
    deps.onMessage(result.messages[0] as RuleMessage);
    if (result.clamped) deps.clampLock();
    return null;
  };

  async function submit(): Promise<void> {
    const { session, symbol, values, t, show } = deps;
    if (!session.isSignedIn()) {
      deps.emit('tk-navigate', { to: loginPath(symbol, values.direction) });
      return;
    }
    const quote = deps.quote.current;
    const product = deps.product.product;
    if (running.current || !product || !quote) return;
    if (!check(values, product, quote)) return;
    if (!deps.enough) return show(t('msg.balance_not_enough'), 'error');
    running.current = true;
    setSubmitting(true);
    try {
      const fresh = await deps.product.refresh();
      if (!fresh.ok) return show(fresh.message, 'error');
      const latest = deps.quote.current ?? quote;
      const state = tradeButtonState({
        product: fresh.data,
        hasQuote: true,
        stale: false,
        submitting: false,
        lock: UNLOCKED,
        now: Date.now(),
      });
      if (state === 'not_tradable') return show(t('order.state.not_tradable'), 'error');
      if (state === 'market_closed') return show(t('msg.market_closed'), 'error');
      const committed = check(values, fresh.data, latest);
      if (!committed) return;
      const virtual = session.getState().virtual;
      const request = orderRequest(symbol, committed, fresh.data);
      const result = await trading.addOrder(request, virtual, { silent: true });
      if (!result.ok) return show(result.message, 'error');
      // A market order is filled at once: the page's announcer says the fill in words, so the toast is quiet.
      // A pending order is only placed: the toast's own voice says so.
      const market = request.buyPoint === BuyPoint.market;
      show(t('msg.operation_success'), 'info', market);
      if (market)
        announceMarketFill(deps.platform, String(result.data), {
          ...request,
          productName: fresh.data.productName,
        });
      deps.emit('tk-order-placed', { orderId: String(result.data), symbol, virtual });
      void session.refreshBalance({ silent: true });
    } finally {
      running.current = false;
      setSubmitting(false);
    }
  }

  return { submitting, submit };
}
