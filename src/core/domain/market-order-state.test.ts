import { describe, expect, it } from 'vitest';
import type { SessionHours } from '../contract/types';
import {
  CLAMP_LOCK_MS,
  UNLOCKED,
  lockAfterClamp,
  lockRemaining,
  tradeButtonState,
  tradeStateCode,
} from './market-order-state';
import type { TradeButtonInput } from './market-order-state';

const weekdays = (start: string, close: string): SessionHours[] =>
  Array.from({ length: 7 }, (_, day) =>
    day === 0 || day === 6
      ? { marketStartTime: null, marketCloseTime: null }
      : { marketStartTime: start, marketCloseTime: close },
  );
// Wednesday 2026-01-14 15:00 UTC (US standard time) and Wednesday 2026-07-15 15:00 UTC (daylight saving).
const WINTER_WED_15 = Date.UTC(2026, 0, 14, 15);
const SUMMER_WED_15 = Date.UTC(2026, 6, 15, 15);
const SATURDAY = Date.UTC(2026, 0, 17, 12);

const base: TradeButtonInput = {
  product: { tradeStatus: 1, sessions: weekdays('14:30', '21:00') },
  hasQuote: true,
  quoteMarketOpen: true,
  stale: false,
  submitting: false,
  lock: UNLOCKED,
  now: WINTER_WED_15,
};

describe('tradeButtonState', () => {
  it.each<[string, Partial<TradeButtonInput>, string]>([
    ['everything in order', {}, 'normal'],
    ['product info still loading', { product: null }, 'loading'],
    ['tradeStatus 0', { product: { tradeStatus: 0, sessions: [] } }, 'not_tradable'],
    ['Saturday', { now: SATURDAY }, 'market_closed'],
    ['before the winter open', { now: Date.UTC(2026, 0, 14, 14, 29) }, 'market_closed'],
    ['15:00 UTC in summer (window 13:30–20:00)', { now: SUMMER_WED_15 }, 'normal'],
    ['20:30 UTC in summer, closed an hour earlier', { now: Date.UTC(2026, 6, 15, 20, 30) }, 'market_closed'],
    ['20:30 UTC in winter, still open', { now: Date.UTC(2026, 0, 14, 20, 30) }, 'normal'],
    ['the quote says the market is closed', { quoteMarketOpen: false }, 'market_closed'],
    ['status/{symbol} says closed', { marketStatus: 'closed' }, 'market_closed'],
    ['status/{symbol} says early_trading', { marketStatus: 'early_trading' }, 'market_closed'],
    ['status/{symbol} says open', { marketStatus: 'open' }, 'normal'],
    ['no sessions listed (always open)', { product: { tradeStatus: 1, sessions: [] } }, 'normal'],
    ['submitting', { submitting: true }, 'submitting'],
    ['no quote yet', { hasQuote: false }, 'loading'],
    ['stale quote', { stale: true }, 'stale'],
    ['within 1 s of a clamp', { lock: lockAfterClamp(WINTER_WED_15 - 999) }, 'cooldown'],
    ['1 s after a clamp', { lock: lockAfterClamp(WINTER_WED_15 - 1000) }, 'normal'],
  ])('%s → %s', (_, change, expected) => {
    expect(tradeButtonState({ ...base, ...change })).toBe(expected);
  });

  it('names the spec codes of the closed states', () => {
    expect(
      ['normal', 'market_closed', 'not_tradable', 'stale'].map((k) => tradeStateCode(k as never)),
    ).toEqual([0, 1, 2, 0]);
  });
});

describe('the submit lock after a clamp', () => {
  it.each([
    [0, CLAMP_LOCK_MS],
    [400, 600],
    [1000, 0],
    [5000, 0],
  ])('%i ms after the clamp holds for %i ms more', (elapsed, remaining) => {
    expect(lockRemaining(lockAfterClamp(10_000), 10_000 + elapsed)).toBe(remaining);
  });

  it('starts unlocked', () => {
    expect(lockRemaining(UNLOCKED, Date.now())).toBe(0);
  });
});
