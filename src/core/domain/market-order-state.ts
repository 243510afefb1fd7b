/**
 * Spec §4 trade button states and the §5/§9 submit lock: what the trade button of a market order form shows
 * and whether it can be pressed, as a pure function of the product, the clock and the form's own flags.
 */
import type { SessionHours } from '../contract/types';
import { isMarketOpen } from './market-hours';

/** The submit button stays disabled this long after a value was clamped (spec §9). */
export const CLAMP_LOCK_MS = 1000;

/** The 1 s lock after a clamp: submitting is refused before `until` (ms since epoch). */
export interface SubmitLock {
  until: number;
}

/** No lock. */
export const UNLOCKED: SubmitLock = { until: 0 };

/** The lock that starts when a rule clamped a value at `now`. */
export function lockAfterClamp(now: number): SubmitLock {
  return { until: now + CLAMP_LOCK_MS };
}

/** Milliseconds the lock still holds at `now` (0 when released). */
export function lockRemaining(lock: SubmitLock, now: number): number {
  return Math.max(0, lock.until - now);
}

/**
 * Why the trade button is as it is. `market_closed` and `not_tradable` are the spec's states 1 and 2;
 * the others disable the button while they last.
 */
export type TradeButtonKind =
  'normal' | 'loading' | 'not_tradable' | 'market_closed' | 'stale' | 'submitting' | 'cooldown';

/** What the trade button needs to know. */
export interface TradeButtonInput {
  /** null while product info is loading or failed. */
  product: { tradeStatus: 0 | 1; sessions: readonly SessionHours[] } | null;
  /** Whether the live quote is there at all. */
  hasQuote: boolean;
  /** The quote's own market flag (false: the feed says the session is closed). */
  quoteMarketOpen?: boolean | undefined;
  /** The text of `status/{symbol}` when known; `closed` and `early_trading` block trading (spec §4). */
  marketStatus?: string | null;
  stale: boolean;
  submitting: boolean;
  lock: SubmitLock;
  now: number;
}

/** The spec §4 code of a state: 1 market closed, 2 closed by tradeStatus 0, 0 otherwise. */
export function tradeStateCode(kind: TradeButtonKind): 0 | 1 | 2 {
  return kind === 'market_closed' ? 1 : kind === 'not_tradable' ? 2 : 0;
}

/** The button state; the button is enabled only in `normal`. */
export function tradeButtonState(input: TradeButtonInput): TradeButtonKind {
  const { product } = input;
  if (product === null) return 'loading';
  if (product.tradeStatus === 0) return 'not_tradable';
  const hours = product.sessions.length === 0 || isMarketOpen(product.sessions, input.now);
  const status = input.marketStatus?.trim().toLowerCase();
  const statusClosed = status === 'closed' || status === 'early_trading';
  if (!hours || statusClosed || input.quoteMarketOpen === false) return 'market_closed';
  if (input.submitting) return 'submitting';
  if (!input.hasQuote) return 'loading';
  if (input.stale) return 'stale';
  if (lockRemaining(input.lock, input.now) > 0) return 'cooldown';
  return 'normal';
}
