/**
 * Weekly trading hours (index 0 = Sunday), written in UTC as of US standard time; the domain rule
 * `isMarketOpen` moves every window one hour earlier during US daylight saving (spec §4).
 */
import type { SessionHours } from '../../../src/core/contract/types';

const day = (start: string, close: string): SessionHours => ({
  marketStartTime: start,
  marketCloseTime: close,
});
const CLOSED: SessionHours = { marketStartTime: null, marketCloseTime: null };
const ALL_DAY = day('00:00', '24:00');
const weekdays = (hours: SessionHours): SessionHours[] => [CLOSED, hours, hours, hours, hours, hours, CLOSED];

/** Cryptos trade around the clock. */
export const ALWAYS_OPEN: readonly SessionHours[] = Array.from({ length: 7 }, () => ALL_DAY);

/** Forex: Sunday 22:00 → Friday 22:00 UTC (17:00 New York), continuous through the week. */
export const FOREX_HOURS: readonly SessionHours[] = [
  day('22:00', '24:00'),
  ALL_DAY,
  ALL_DAY,
  ALL_DAY,
  ALL_DAY,
  day('00:00', '22:00'),
  CLOSED,
];

/**
 * Metals, energy and index futures (US and Asian indices): Sunday 23:00 → Friday 22:00 UTC. The exchanges'
 * daily one-hour maintenance break is deliberately not modelled (prices keep ticking through it).
 */
export const FUTURES_HOURS: readonly SessionHours[] = [
  day('23:00', '24:00'),
  ALL_DAY,
  ALL_DAY,
  ALL_DAY,
  ALL_DAY,
  day('00:00', '22:00'),
  CLOSED,
];

/**
 * European cash indices (GER40, UK100): Monday–Friday 08:00–16:30 UTC in winter. They move with the US
 * daylight-saving shift of spec §4, so in the weeks where European and US clocks change on different
 * dates (March and late October) the window is one hour off the exchange's real one.
 */
export const EU_CASH_HOURS: readonly SessionHours[] = weekdays(day('08:00', '16:30'));

/** US stocks, regular session: Monday–Friday 09:30–16:00 New York = 14:30–21:00 UTC in winter. */
export const US_STOCK_HOURS: readonly SessionHours[] = weekdays(day('14:30', '21:00'));
