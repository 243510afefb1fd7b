/**
 * What the two order forms (<tk-order-form>, <tk-option-form>) share around their own ticket: the route
 * guard, the live context of a ticket (session, balance, quote, market status, toasts), the send-back of a
 * closed product and the product error. Their styles are trade-form.css (class `tk-trade-form__…`).
 */
import { useEffect, useId, useMemo, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { isQuoteStale } from '../../core/runtime/platform';
import { getSession } from '../../core/session/session';
import type { EventCallbacks } from './events';
import { usePlatform } from './platform-context';
import { useAtomValue } from './store-react';
import { useToastState } from './toast';
import { useBalancePoll } from './use-balance-poll';
import { useMarketStatus } from './use-market-status';
import type { Translate } from './use-t';
import { useT } from './use-t';
import { useEmit } from './widget-host';
import type { Emit } from './widget-host';

/** The attributes both order forms take (see their meta), as props. */
export interface TradeFormAttributes {
  symbol?: string;
  /** 0 buy / up, 1 sell / down; anything else leaves the page. */
  direction?: number | string;
  /** Only the form's own mode (`market`, `option`); anything else leaves the page. */
  mode?: string;
  theme?: 'light' | 'dark';
  /** Ways forward the page offers a real account that cannot cover the order: `demo`, `deposit`. */
  fundActions?: string;
}

/** An order form's element as `document.querySelector` types it: its attributes as properties. */
export type TradeFormElement = HTMLElement &
  Omit<TradeFormAttributes, 'direction' | 'theme'> & {
    api?: string;
    direction?: number;
    theme?: string;
    lang?: string;
  };

/** Props of TradeFormRoute. */
export interface TradeFormRouteProps<D> {
  /** The side the route opens on, or null for a wrong route (mode or direction). */
  direction: D | null;
  /** The form's props: `onNavigate` is called besides the DOM event. */
  callbacks: EventCallbacks;
  children: (direction: D) => ReactNode;
}

/** The ticket of a right route; for a wrong one nothing, after asking the page to go home (spec §2). */
export function TradeFormRoute<D>({ direction, callbacks, children }: TradeFormRouteProps<D>) {
  const emit = useEmit(callbacks);
  const leave = direction === null;
  useEffect(() => {
    if (leave) emit('tk-navigate', { to: '/' });
  }, [leave, emit]);
  return direction === null ? null : children(direction);
}

/** The live context of a ticket for `symbol` (trimmed, upper case), with the balance polled while signed in. */
export function useTradeTicket(props: EventCallbacks & { symbol?: string | undefined }) {
  const platform = usePlatform();
  const session = useMemo(() => getSession(platform), [platform]);
  const t = useT();
  const emit = useEmit(props);
  const id = useId();
  const symbol = (props.symbol ?? '').trim().toUpperCase();
  const sessionState = useAtomValue(session.atoms.state);
  const balance = useAtomValue(session.atoms.balance);
  const prices = useAtomValue(platform.atoms.prices);
  const feed = useAtomValue(platform.atoms.feedState);
  const now = useAtomValue(platform.atoms.clock);
  const signedIn = sessionState.status === 'signedIn';
  const toasts = useToastState();
  useBalancePoll(session, signedIn);
  const view = prices.get(symbol);
  const marketStatus = useMarketStatus(platform, symbol, view?.marketOpen);
  const stale = view ? isQuoteStale(view, now, feed, platform.staleAfterMs) : false;
  return {
    platform,
    session,
    t,
    emit,
    id,
    symbol,
    sessionState,
    balance,
    prices,
    now,
    signedIn,
    view,
    marketStatus,
    stale,
    ...toasts,
  };
}

/** The chart page of `symbol`, where a closed product shows its closed banner. */
export function chartPathOf(symbol: string): string {
  return `/${encodeURIComponent(symbol)}/chart`;
}

/**
 * Spec §5: a product closed for trading (`closed` is its symbol, else null) sends the trader back to its
 * chart page, once per symbol (`emit` changes whenever the element's props do).
 */
export function useSendBackWhenClosed(closed: string | null, emit: Emit): void {
  const sentBack = useRef<string | null>(null);
  useEffect(() => {
    if (!closed || sentBack.current === closed) return;
    sentBack.current = closed;
    emit('tk-navigate', { to: chartPathOf(closed) });
  }, [closed, emit]);
}

/** The failure to load the product (null: none, or a product is known after all), with a retry. */
export function ProductError({
  error,
  t,
  onRetry,
}: {
  error: string | null;
  t: Translate;
  onRetry: () => void;
}) {
  if (!error) return null;
  return (
    <div className="tk-trade-form__error" role="alert" data-testid="product-error">
      <span>{error}</span>
      <button type="button" className="tk-button" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/**
 * The keydown of an order form (<form onKeyDown>): Enter never places an order (issue #26). In a field it
 * does what the field does (an amount commits its rules, a switch toggles); only the submit button sends,
 * by a click or by Enter or Space on the button itself.
 */
export function keepEnterFromSubmitting(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  const target = event.target as Element;
  if (target.tagName === 'BUTTON' || target.tagName === 'A' || target.tagName === 'TEXTAREA') return;
  event.preventDefault();
}
