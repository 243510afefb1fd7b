import { useCallback, useEffect, useRef, useState } from 'react';
import { OPTION_RUNNING_LIMIT, OptionPositionStatus, findOptionHistory } from '../../core/contract/options';
import type { OptionOrder } from '../../core/contract/options';
import { liveOptionState, type LiveOptionState } from '../../core/domain/option-live';
import { optionRemainingMs } from '../../core/domain/option-order';
import { isQuoteStale } from '../../core/runtime/platform';
import { onOptionsChanged } from '../../core/state/option-changes';
import { usePlatform } from './platform-context';
import { useAtomValue } from './store-react';

/**
 * How often the running list is asked again: an option placed on this page is asked for at once
 * (`announceOptionsChanged`); one placed elsewhere (another tab, another device) shows up within this time.
 */
export const OPTION_LIST_REFRESH_MS = 5000;

/** The running options of the account and the ones that expired while on screen. */
export interface RunningOptions {
  /** Running options (null before the first answer). */
  items: readonly OptionOrder[] | null;
  error: string | null;
  /** Options that reached 0 while listed, oldest first: each gets the settlement drawer in turn. */
  expired: readonly OptionOrder[];
  /** Done with the first expired option (its drawer closed). */
  dismiss: () => void;
  reload: () => void;
}

/**
 * `option/findOptionHistory` {positionStatus 0, limit 99999, page 1} on mount, on account change and
 * every OPTION_LIST_REFRESH_MS; the token decides whose options (real or demo), so no Mock variant.
 * `now` is the caller's ticking clock: an option seen with time left that reaches 0 moves to `expired`.
 */
export function useRunningOptions(accountKey: string, now: number): RunningOptions {
  const platform = usePlatform();
  const [items, setItems] = useState<readonly OptionOrder[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState<readonly OptionOrder[]>([]);
  const generation = useRef(0);
  const live = useRef(new Set<string>());

  const load = useCallback(() => {
    const asked = generation.current;
    void platform.api
      .call(
        findOptionHistory,
        { positionStatus: OptionPositionStatus.running, limit: OPTION_RUNNING_LIMIT, page: 1 },
        { silent: true },
      )
      .then((result) => {
        if (asked !== generation.current) return;
        if (result.ok) {
          setItems(result.data.items);
          setError(null);
        } else setError(result.message);
      });
  }, [platform]);

  useEffect(() => {
    generation.current += 1;
    live.current = new Set();
    setItems(null);
    setError(null);
    setExpired([]);
    load();
    const timer = setInterval(load, OPTION_LIST_REFRESH_MS);
    const stop = onOptionsChanged(platform, load);
    return () => {
      generation.current += 1;
      clearInterval(timer);
      stop();
    };
  }, [accountKey, load, platform]);

  useEffect(() => {
    if (!items) return;
    const reached: OptionOrder[] = [];
    for (const order of items) {
      if (optionRemainingMs(order, now) > 0) live.current.add(order.uid);
      else if (live.current.delete(order.uid)) reached.push(order);
    }
    if (reached.length > 0) setExpired((queue) => [...queue, ...reached]);
  }, [items, now]);

  const dismiss = useCallback(() => setExpired((queue) => queue.slice(1)), []);
  return { items, error, expired, dismiss, reload: load };
}

/** Date.now(), refreshed every `everyMs` while mounted. */
export function useTicker(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** What the live state of an option is read from: its symbol, direction and entry price. */
export interface LiveOptionKey {
  symbol: string;
  orderType: 0 | 1;
  entry: string;
}

/**
 * The live state of running options from the page's shared market feed (the prices atom, one subscription
 * for every widget): a function of an option that answers winning, losing or even with the live bid, or
 * null without a fresh quote. Re-renders with every quote and every tick of the page clock (staleness).
 */
export function useLiveOptionState(): (key: LiveOptionKey) => LiveOptionState | null {
  const platform = usePlatform();
  const prices = useAtomValue(platform.atoms.prices);
  const feed = useAtomValue(platform.atoms.feedState);
  const now = useAtomValue(platform.atoms.clock);
  return useCallback(
    ({ symbol, orderType, entry }: LiveOptionKey) => {
      const quote = prices.get(symbol);
      const stale = quote ? isQuoteStale(quote, now, feed, platform.staleAfterMs) : true;
      return liveOptionState(orderType, entry, quote?.bidPrice, stale);
    },
    [prices, feed, now, platform],
  );
}
