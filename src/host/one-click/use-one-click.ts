/**
 * One-click trading in the host (issue #25, OT10–OT14): the per-session setting and what a chart Buy/Sell
 * does with it on — a market order at the set volume through `order/addOrder`, at once, without the order
 * form. Only for a signed-in trader in market mode; with it off (or in option mode) the buttons open the
 * order form as before.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { BuyPoint, type AddOrderRequest, type ProductOrderInfo } from '../../core/contract/trading';
import { UNLOCKED, tradeButtonState } from '../../core/domain/market-order-state';
import { checkVolume } from '../../core/domain/market-order-volume';
import type { Session } from '../../core/session/session';
import { createTradingApi } from '../../core/trading/trading-api';
import { announceMarketFill } from '../../widgets/_shared/announcer';
import { useHost } from '../host-context';
import { useHostSession } from '../session/use-host-session';
import { showNotice } from '../ui/notice';
import {
  ONE_CLICK_OFF,
  clearOneClick,
  readOneClick,
  subscribeOneClick,
  turnOnOneClick,
  type OneClickSetting,
} from './one-click-store';

/** What the switch and the chart handlers use. */
export interface OneClick {
  /** Signed in and in market mode: only then the switch shows and the setting applies. */
  available: boolean;
  setting: OneClickSetting;
  /** True while an order is on its way (a second press is ignored). */
  placing: boolean;
  turnOn(volume: string): void;
  turnOff(): void;
  /** Places at once when one-click is on and answers true; false: the caller opens the order form. */
  trade(symbol: string, direction: 0 | 1): boolean;
}

/** Sessions whose sign-out already clears the setting (one listener per page session). */
const watched = new WeakSet<Session>();

/** The spec §9 default leverage, for a product whose info left `multiple` out (as the order form does). */
const DEFAULT_MULTIPLE = 100;

/**
 * The market order one-click sends: the set volume, the product's leverage as `product/order/info` answers
 * it (already capped by the retail protections, PR1), no pending price, no stop loss, no take profit.
 */
export function oneClickRequest(
  symbol: string,
  direction: 0 | 1,
  volume: string,
  product: ProductOrderInfo,
): AddOrderRequest {
  return {
    tradePair: symbol,
    price: '0',
    stopPrice: '',
    takeProfitPprice: '',
    orderQuantity: volume,
    multiple: product.multiple > 0 ? product.multiple : DEFAULT_MULTIPLE,
    orderType: direction,
    buyPoint: BuyPoint.market,
  };
}

/**
 * Why the set volume cannot be sent for the product as it is now, or null: a volume the rules would change
 * (above the maximum, under the minimum, off the lot step) is refused, never clamped, so the order is
 * always exactly what the trader confirmed.
 */
export function volumeRefusal(
  volume: string,
  product: ProductOrderInfo,
): { key: string; vars?: Record<string, string> } | null {
  const checked = checkVolume(volume, product);
  if (checked.message) return checked.message;
  return checked.value === volume ? null : { key: 'one_click.volume_changed' };
}

/** The one-click state and actions for a trading screen. */
export function useOneClick(): OneClick {
  const { platform, session, state } = useHostSession();
  const { tradeMode } = useHost();
  const trading = useMemo(() => createTradingApi(platform), [platform]);
  const signedIn = state.status === 'signedIn';
  const uid = signedIn ? state.uid : null;
  const stored = useSyncExternalStore(subscribeOneClick, () => readOneClick(uid));
  const available = signedIn && tradeMode === 'market';
  const setting = available ? stored : ONE_CLICK_OFF;
  const [placing, setPlacing] = useState(false);
  const running = useRef(false);

  useEffect(() => {
    if (watched.has(session)) return;
    watched.add(session);
    // Any end of the session (the trader's own, expiry, another tab) turns it off for the next sign-in.
    session.onLogout(() => clearOneClick());
  }, [session]);

  const turnOn = useCallback((volume: string) => uid !== null && turnOnOneClick(uid, volume), [uid]);

  const place = useCallback(
    async (symbol: string, direction: 0 | 1, volume: string) => {
      const fresh = await trading.productInfo(symbol, { silent: true });
      if (!fresh.ok)
        return showNotice('one_click.failed', { vars: { reason: fresh.message }, tone: 'error' });
      const product = fresh.data;
      const sessions = Array.isArray(product.sessions) ? product.sessions : [];
      const input = { product: { ...product, sessions }, hasQuote: true, stale: false, submitting: false };
      const status = tradeButtonState({ ...input, lock: UNLOCKED, now: Date.now() });
      if (status === 'not_tradable') return showNotice('order.state.not_tradable', { tone: 'error' });
      if (status === 'market_closed') return showNotice('msg.market_closed', { tone: 'error' });
      const refused = volumeRefusal(volume, product);
      if (refused)
        return showNotice(refused.key, { ...(refused.vars && { vars: refused.vars }), tone: 'error' });
      const virtual = session.getState().virtual;
      const request = oneClickRequest(symbol, direction, volume, product);
      const result = await trading.addOrder(request, virtual, { silent: true });
      if (!result.ok)
        return showNotice('one_click.failed', { vars: { reason: result.message }, tone: 'error' });
      // The page's announcer says the fill in words (SR1), so the notice itself is quiet, as the order form's.
      const key = direction === 0 ? 'one_click.bought' : 'one_click.sold';
      showNotice(key, { vars: { volume, symbol }, quiet: true });
      announceMarketFill(platform, String(result.data), { ...request, productName: product.productName });
      void session.refreshBalance({ silent: true });
    },
    [platform, session, trading],
  );

  const trade = useCallback(
    (symbol: string, direction: 0 | 1) => {
      if (!setting.on) return false;
      // One order per press: a double click, or a press while the last is on its way, places nothing more.
      if (running.current) return true;
      running.current = true;
      setPlacing(true);
      void place(symbol, direction, setting.volume).finally(() => {
        running.current = false;
        setPlacing(false);
      });
      return true;
    },
    [setting, place],
  );

  return { available, setting, placing, turnOn, turnOff: clearOneClick, trade };
}
