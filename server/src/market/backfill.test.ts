import { describe, expect, it } from 'vitest';
import type { KlinePoint } from '../../../src/core/contract/types';
import { backfillStart, planStart } from './backfill';
import { INSTRUMENTS } from './instruments';
import type { StoredCandle } from './kline-store';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Wednesday 10:00:30 UTC. */
const NOW = Date.parse('2026-03-11T10:00:30Z');

const candle = (time: number, close: string): KlinePoint => ({
  time,
  openPrice: close,
  closePrice: close,
  highestPrice: close,
  lowestPrice: close,
  volume: '1.00',
  turnover: '1.0000',
});
const stored = (symbol: string, period: StoredCandle['period'], time: number, close: string) => ({
  symbol,
  period,
  candle: candle(time, close),
});

describe('the start plan', () => {
  it('backfills the given days on a first start, from a whole minute, further back for closed markets', () => {
    const plan = planStart(INSTRUMENTS, [], NOW, 1, 7);
    expect(plan).toMatchObject({ fresh: true, seed: 7, resume: new Map() });
    expect(plan.startMs % MINUTE).toBe(0);
    expect(plan.startMs).toBe(Math.floor(backfillStart(INSTRUMENTS, NOW, 24) / MINUTE) * MINUTE);
    expect(plan.startMs).toBeLessThanOrEqual(NOW - DAY);
    const monthly = planStart(INSTRUMENTS, [], NOW, 30, 7);
    expect(monthly.startMs).toBeLessThanOrEqual(NOW - 30 * DAY);
  });

  it('resumes each instrument after its last 1-minute candle at its close', () => {
    const latest = [
      stored('BTCUSDT', '1min', NOW - 5 * MINUTE - 30_000, '99123.45'),
      stored('BTCUSDT', '1h', Date.parse('2026-03-11T09:00:00Z'), '1.00'),
      stored('EURUSD', '1min', NOW - 30 * MINUTE - 30_000, '1.16601'),
    ];
    const plan = planStart(INSTRUMENTS, latest, NOW, 30, 7);
    expect(plan.fresh).toBe(false);
    expect(plan.startMs).toBe(NOW - 30_000 - 29 * MINUTE);
    expect(plan.resume.get('BTCUSDT')).toEqual({ bid: 9_912_345, time: NOW - 30_000 - 4 * MINUTE });
    expect(plan.resume.get('EURUSD')).toEqual({ bid: 116_601, time: plan.startMs });
    expect(plan.resume.has('ETHUSDT')).toBe(false);
    expect(plan.seed).not.toBe(7);
    expect(planStart(INSTRUMENTS, latest, NOW, 30, 7).seed).toBe(plan.seed);
  });

  it('fills at most the given days of a long gap, continuing from the old close', () => {
    const latest = [stored('BTCUSDT', '1min', NOW - 90 * DAY, '90000.00')];
    const plan = planStart(INSTRUMENTS, latest, NOW, 2, 7);
    expect(plan.startMs).toBe(Math.floor((NOW - 2 * DAY) / MINUTE) * MINUTE);
    expect(plan.resume.get('BTCUSDT')).toEqual({ bid: 9_000_000, time: plan.startMs });
  });
});
