import { describe, expect, it } from 'vitest';
import type { KlinePoint } from '../../../src/core/contract/types';
import { BACKFILL_STEP_MS, historyStarts, planStart } from './backfill';
import { INSTRUMENTS } from './instruments';
import { createSimulator } from './simulator';
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
    expect(plan.startMs).toBe(Math.min(...historyStarts(INSTRUMENTS, NOW, 24).values()));
    expect(plan.startMs).toBeLessThanOrEqual(NOW - DAY);
    const monthly = planStart(INSTRUMENTS, [], NOW, 30, 7);
    expect(monthly.startMs).toBeLessThanOrEqual(NOW - 30 * DAY);
  });

  it('reaches back for each instrument only as far as that instrument needs', () => {
    // Wednesday 10:00 UTC: a cryptocurrency trades around the clock, US stocks closed at 20:00 UTC the day before.
    const plan = planStart(INSTRUMENTS, [], NOW, 0.25, 7);
    expect(plan.starts).toEqual(historyStarts(INSTRUMENTS, NOW, 6));
    expect(plan.starts.get('BTCUSDT')).toBe(Date.parse('2026-03-11T04:00:00Z'));
    // An hour before the last open quarter-hour probe (19:45:30) of a session that closed at 20:00.
    expect(plan.starts.get('AAPL')).toBe(Date.parse('2026-03-10T18:45:00Z'));
    expect(plan.startMs).toBe(Math.min(...plan.starts.values()));
    expect(plan.startMs).toBe(Math.min(...historyStarts(INSTRUMENTS, NOW, 6).values()));
    // A history shorter than an hour: a closed market gets as much of the end of its last session (TR54).
    const short = historyStarts(INSTRUMENTS, NOW, 0.24);
    expect(short.get('AAPL')).toBe(Date.parse('2026-03-10T19:31:00Z'));
    expect(short.get('BTCUSDT')).toBe(Date.parse('2026-03-11T09:46:00Z'));

    const source = createSimulator({ instruments: INSTRUMENTS, ...plan });
    const first = new Map<string, number>();
    source.onTick((tick) => {
      if (!first.has(tick.symbol)) first.set(tick.symbol, tick.time);
    });
    source.stepTo(NOW, BACKFILL_STEP_MS);
    for (const [symbol, start] of plan.starts) {
      // Every instrument ticks in its history, none before it begins.
      expect(first.get(symbol), symbol).toBeGreaterThanOrEqual(start);
    }
    // An always-open market and a closed one tick from where their history begins.
    for (const symbol of ['BTCUSDT', 'AAPL'])
      expect(first.get(symbol), symbol).toBeLessThan((plan.starts.get(symbol) ?? 0) + 10 * MINUTE);
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
    expect(plan.starts.size).toBe(0);
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

/** Median traded volume per 1-minute candle of `symbol` (raw units) over two hours from NOW. */
function medianMinuteVolume(symbol: string, stepMs: number | undefined): number {
  const source = createSimulator({ instruments: INSTRUMENTS, seed: 11, startMs: NOW });
  const perMinute = new Map<number, number>();
  source.onTick((tick) => {
    if (tick.symbol !== symbol) return;
    const minute = Math.floor(tick.time / MINUTE);
    perMinute.set(minute, (perMinute.get(minute) ?? 0) + tick.volume);
  });
  source.stepTo(NOW + 120 * MINUTE, stepMs);
  const sorted = [...perMinute.values()].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

describe('the back-filled volumes', () => {
  it.each(['BTCUSDT', 'EURUSD', 'XAUUSD', 'US30'])(
    'gives %s 1-minute candles within a factor 2 of the live volume',
    (symbol) => {
      const live = medianMinuteVolume(symbol, undefined);
      const backfilled = medianMinuteVolume(symbol, BACKFILL_STEP_MS);
      expect(live).toBeGreaterThan(0);
      expect(backfilled).toBeGreaterThan(live / 2);
      expect(backfilled).toBeLessThan(live * 2);
    },
  );
});
