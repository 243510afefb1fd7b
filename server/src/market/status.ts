/** The text answer of `market/status/{symbol}` (spec §4: closed or early_trading block trading). */
import type { SessionHours } from '../../../src/core/contract/types';
import { isMarketOpen, nextOpen } from '../../../src/core/domain/market-hours';

/** The status texts of spec §4/§7. */
export type MarketStatus = 'open' | 'closed' | 'early_trading';

/** How long before an opening the status reads early_trading instead of closed. */
export const EARLY_TRADING_MS = 30 * 60_000;

/** open while in hours; early_trading in the 30 minutes before an opening (pre-market); closed otherwise. */
export function marketStatus(sessions: readonly SessionHours[], utcMs: number): MarketStatus {
  if (isMarketOpen(sessions, utcMs)) return 'open';
  const opens = nextOpen(sessions, utcMs);
  return opens !== null && opens - utcMs <= EARLY_TRADING_MS ? 'early_trading' : 'closed';
}
