import { describe, expect, it } from 'vitest';
import { ALWAYS_OPEN, FOREX_HOURS, US_STOCK_HOURS } from './sessions';
import { marketStatus } from './status';

describe('marketStatus', () => {
  it.each([
    ['US stocks in session', US_STOCK_HOURS, '2026-03-09T15:00:00Z', 'open'],
    ['US stocks 30 minutes before the summer open', US_STOCK_HOURS, '2026-03-09T13:00:00Z', 'early_trading'],
    ['US stocks 31 minutes before the summer open', US_STOCK_HOURS, '2026-03-09T12:59:00Z', 'closed'],
    ['US stocks on a Saturday', US_STOCK_HOURS, '2026-03-07T15:00:00Z', 'closed'],
    ['forex shortly before the Sunday open', FOREX_HOURS, '2026-01-04T21:45:00Z', 'early_trading'],
    ['forex on a Saturday', FOREX_HOURS, '2026-01-03T12:00:00Z', 'closed'],
    ['crypto on a Saturday', ALWAYS_OPEN, '2026-01-03T12:00:00Z', 'open'],
  ])('is %s → %s', (_label, sessions, iso, expected) => {
    expect(marketStatus(sessions, Date.parse(iso))).toBe(expected);
  });
});
