import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSTRUMENTS } from './instruments';
import type { Tick } from './price-source';
import { MAX_PIN_UNITS, createSimulator } from './simulator';

const SATURDAY = Date.parse('2026-03-07T10:00:00Z');
const WEDNESDAY = Date.parse('2026-03-11T10:00:00Z');

function record(seed: number, startMs: number, untilMs: number): Tick[] {
  const source = createSimulator({ instruments: INSTRUMENTS, seed, startMs });
  const ticks: Tick[] = [];
  source.onTick((t) => ticks.push(t));
  source.stepTo(untilMs);
  return ticks;
}

const bySymbol = (ticks: Tick[], symbol: string) => ticks.filter((t) => t.symbol === symbol);

describe('the price simulator', () => {
  afterEach(() => vi.useRealTimers());

  it('replays exactly the same ticks for the same seed and start time', () => {
    const a = record(7, WEDNESDAY, WEDNESDAY + 60_000);
    const b = record(7, WEDNESDAY, WEDNESDAY + 60_000);
    expect(a.length).toBeGreaterThan(100);
    expect(b).toEqual(a);
  });

  it('produces a different tape for a different seed', () => {
    const a = record(7, WEDNESDAY, WEDNESDAY + 60_000);
    const b = record(8, WEDNESDAY, WEDNESDAY + 60_000);
    expect(b).not.toEqual(a);
  });

  it('does not tick forex, indices or stocks on a Saturday', () => {
    const ticks = record(1, SATURDAY, SATURDAY + 10 * 60_000);
    for (const i of INSTRUMENTS.filter((x) => x.type !== 1))
      expect(bySymbol(ticks, i.productCode)).toEqual([]);
  });

  it('ticks every crypto on a Saturday, several times a minute', () => {
    const ticks = record(1, SATURDAY, SATURDAY + 60_000);
    for (const i of INSTRUMENTS.filter((x) => x.type === 1)) {
      expect(bySymbol(ticks, i.productCode).length).toBeGreaterThan(10);
    }
  });

  it('ticks forex on a Wednesday', () => {
    expect(bySymbol(record(1, WEDNESDAY, WEDNESDAY + 60_000), 'EURUSD').length).toBeGreaterThan(10);
  });

  it('quotes whole price steps with the instrument spread and positive volume', () => {
    const ticks = record(3, WEDNESDAY, WEDNESDAY + 60_000);
    const spread = new Map(INSTRUMENTS.map((i) => [i.productCode, i.spreadPips]));
    const wrong = ticks.filter(
      (t) =>
        ![t.bid, t.ask, t.volume].every(Number.isSafeInteger) ||
        t.ask - t.bid !== spread.get(t.symbol) ||
        t.bid <= 0 ||
        t.volume <= 0,
    );
    expect(ticks.length).toBeGreaterThan(500);
    expect(wrong).toEqual([]);
  });

  it('moves prices but keeps them near the reference over a simulated day', () => {
    const source = createSimulator({ instruments: INSTRUMENTS, seed: 5, startMs: WEDNESDAY });
    const start = source.current('BTCUSDT')?.bid ?? 0;
    source.stepTo(WEDNESDAY + 24 * 3600_000, 10_000);
    const end = source.current('BTCUSDT')?.bid ?? 0;
    expect(end).not.toBe(start);
    expect(Math.abs(end / start - 1)).toBeLessThan(0.25);
  });

  it('knows the opening quote of every instrument before any tick and nothing of unknown symbols', () => {
    const source = createSimulator({ instruments: INSTRUMENTS, seed: 1, startMs: SATURDAY });
    expect(source.current('EURUSD')).toEqual({
      symbol: 'EURUSD',
      time: SATURDAY,
      bid: 116500,
      ask: 116512,
      volume: 0,
    });
    expect(source.current('NOPE')).toBeUndefined();
  });

  it('emits ticks in real time once started and stops on stop', () => {
    // The loop's period is a real timer: faked, so the test steps it instead of waiting for it.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let clock = WEDNESDAY;
    const source = createSimulator({
      instruments: INSTRUMENTS,
      seed: 1,
      startMs: clock,
      tickMs: 10,
      now: () => clock,
    });
    const ticks: Tick[] = [];
    source.onTick((t) => ticks.push(t));
    source.start();
    clock += 200;
    vi.advanceTimersByTime(60);
    source.stop();
    const seen = ticks.length;
    clock += 200;
    vi.advanceTimersByTime(40);
    expect(seen).toBeGreaterThan(0);
    expect(ticks.length).toBe(seen);
  });

  it('resumes an instrument from a given bid and instant, ticking only after it', () => {
    const resumeAt = WEDNESDAY + 30_000;
    const source = createSimulator({
      instruments: INSTRUMENTS,
      seed: 1,
      startMs: WEDNESDAY,
      resume: new Map([['BTCUSDT', { bid: 10_123_456, time: resumeAt }]]),
    });
    expect(source.current('BTCUSDT')).toEqual({
      symbol: 'BTCUSDT',
      time: resumeAt,
      bid: 10_123_456,
      ask: 10_124_456,
      volume: 0,
    });
    const ticks: Tick[] = [];
    source.onTick((t) => ticks.push(t));
    source.stepTo(WEDNESDAY + 60_000);
    const btc = bySymbol(ticks, 'BTCUSDT');
    expect(btc.length).toBeGreaterThan(5);
    expect(btc.every((t) => t.time >= resumeAt)).toBe(true);
    expect(Math.abs((btc[0]?.bid ?? 0) / 10_123_456 - 1)).toBeLessThan(0.001);
    expect(bySymbol(ticks, 'ETHUSDT').some((t) => t.time < resumeAt)).toBe(true);
  });

  it('pins a bid, emits it at once, holds it against the walk and walks again from it once released', () => {
    const source = createSimulator({
      instruments: INSTRUMENTS,
      seed: 3,
      startMs: WEDNESDAY,
      now: () => WEDNESDAY,
    });
    const ticks: Tick[] = [];
    source.onTick((tick) => ticks.push(tick));
    const pinned = source.pin('BTCUSDT', 9_000_000);
    expect(pinned).toMatchObject({ symbol: 'BTCUSDT', bid: 9_000_000, ask: 9_001_000, time: WEDNESDAY });
    expect(ticks).toEqual([pinned]);
    source.stepTo(WEDNESDAY + 3600_000);
    expect(bySymbol(ticks, 'BTCUSDT')).toHaveLength(1);
    expect(source.current('BTCUSDT')?.bid).toBe(9_000_000);
    expect(source.release('BTCUSDT')).toBe(true);
    expect(source.release('BTCUSDT')).toBe(false);
    source.stepTo(WEDNESDAY + 2 * 3600_000);
    const walked = bySymbol(ticks, 'BTCUSDT');
    expect(walked.length).toBeGreaterThan(10);
    expect(Math.abs((walked[1]?.bid ?? 0) / 9_000_000 - 1)).toBeLessThan(0.01);
    expect(source.pin('NOPE', 1)).toBeUndefined();
  });

  it('refuses a pinned bid that would leave the safe integers, and leaves the symbol as it was', () => {
    const source = createSimulator({
      instruments: INSTRUMENTS,
      seed: 3,
      startMs: WEDNESDAY,
      now: () => WEDNESDAY,
    });
    const before = source.current('BTCUSDT');
    for (const bid of [MAX_PIN_UNITS + 1, 55_980_785_608_980_000, Number.POSITIVE_INFINITY, 0, -5, 1.5]) {
      expect(source.pin('BTCUSDT', bid)).toBeUndefined();
    }
    expect(source.current('BTCUSDT')).toEqual(before);
    expect(source.pin('BTCUSDT', MAX_PIN_UNITS)).toBeDefined();
  });

  it('holds a pinned price only for holdMs', () => {
    const source = createSimulator({
      instruments: INSTRUMENTS,
      seed: 3,
      startMs: WEDNESDAY,
      now: () => WEDNESDAY,
    });
    source.pin('ETHUSDT', 300_000, 60_000);
    source.stepTo(WEDNESDAY + 59_000);
    expect(source.current('ETHUSDT')?.bid).toBe(300_000);
    source.stepTo(WEDNESDAY + 3600_000);
    expect(source.current('ETHUSDT')?.bid).not.toBe(300_000);
  });
});
