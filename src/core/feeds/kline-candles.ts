/**
 * Wire candles (KlinePoint, decimal strings) as klinecharts candles. The numbers only feed the canvas:
 * nothing computed from them is stored or sent.
 */
import type { KLineData } from 'klinecharts';

const num = (value: unknown): number =>
  typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
const finiteOrZero = (value: number): number => (Number.isFinite(value) ? value : 0);

/** A wire KlinePoint (decimal strings) as a chart candle; null when a field is missing or not a number. */
export function toKLineData(point: unknown): KLineData | null {
  if (typeof point !== 'object' || point === null) return null;
  const p = point as Record<string, unknown>;
  // Runs once per candle of a history page (100,000 and more): no intermediate arrays or objects.
  const timestamp = num(p.time);
  const open = num(p.openPrice);
  const high = num(p.highestPrice);
  const low = num(p.lowestPrice);
  const close = num(p.closePrice);
  const valid =
    Number.isFinite(timestamp) &&
    Number.isFinite(open) &&
    Number.isFinite(high) &&
    Number.isFinite(low) &&
    Number.isFinite(close);
  if (!valid) return null;
  const volume = finiteOrZero(num(p.volume ?? 0));
  const turnover = finiteOrZero(num(p.turnover ?? 0));
  return { timestamp, open, high, low, close, volume, turnover };
}

/** Candles oldest first, one per time (the later one in the input wins), invalid points dropped. */
export function normalizeCandles(points: unknown): KLineData[] {
  if (!Array.isArray(points)) return [];
  const candles: KLineData[] = [];
  let ordered = true;
  let lastTime = -Infinity;
  for (let i = 0; i < points.length; i++) {
    const candle = toKLineData(points[i]);
    if (!candle) continue;
    if (candle.timestamp <= lastTime) ordered = false;
    lastTime = candle.timestamp;
    candles.push(candle);
  }
  // Servers answer in order: the common case is one pass; anything else is sorted and deduplicated.
  if (ordered) return candles;
  const byTime = new Map<number, KLineData>();
  for (const candle of candles) byTime.set(candle.timestamp, candle);
  return [...byTime.values()].sort((a, b) => a.timestamp - b.timestamp);
}
