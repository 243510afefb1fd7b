/**
 * Pure series rules of the mini chart: the 30 one-minute opens of `thumb/{symbol}` plus live prices,
 * one live point per minute (the latest price of that minute), at most MAX_POINTS points.
 */
import { compare, isDecimal } from '../../core/domain/decimal';

/** One point of the series: a minute open (history) or a live price. */
export interface SparkPoint {
  time: number;
  price: string;
  /** A live price (replaced by the next price of the same minute) rather than a history open. */
  live?: boolean;
}

/** 30 history points plus up to 30 minutes of live points. */
export const MAX_POINTS = 60;
const MINUTE_MS = 60_000;

/** The valid points of a `thumb/{symbol}` answer, oldest first; [] for anything malformed. */
export function parseThumb(data: unknown): SparkPoint[] {
  const points = (data as { points?: unknown } | null)?.points;
  if (!Array.isArray(points)) return [];
  return points
    .flatMap((p: unknown) => {
      const { time, price } = (p ?? {}) as { time?: unknown; price?: unknown };
      const text = typeof price === 'number' ? String(price) : price;
      return typeof time === 'number' && Number.isFinite(time) && typeof text === 'string' && isDecimal(text)
        ? [{ time, price: text }]
        : [];
    })
    .sort((a, b) => a.time - b.time)
    .slice(-MAX_POINTS);
}

/** Add a live price: it replaces the previous live point of the same minute, else it is appended. */
export function appendLive(
  points: readonly SparkPoint[],
  price: string,
  time: number,
): readonly SparkPoint[] {
  if (!isDecimal(price) || !Number.isFinite(time)) return points;
  const last = points[points.length - 1];
  if (last && time < last.time) return points;
  const point: SparkPoint = { time, price, live: true };
  if (last?.live && Math.floor(last.time / MINUTE_MS) === Math.floor(time / MINUTE_MS)) {
    if (last.price === price && last.time === time) return points;
    return [...points.slice(0, -1), point];
  }
  return [...points, point].slice(-MAX_POINTS);
}

/** Whether the series ends above, below or level with where it starts. */
export function seriesDirection(points: readonly SparkPoint[]): 'up' | 'down' | 'flat' {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return 'flat';
  const order = compare(last.price, first.price);
  return order > 0 ? 'up' : order < 0 ? 'down' : 'flat';
}

/**
 * SVG path of the series scaled into width × height with `pad` px margin, evenly spaced by index (a
 * sparkline shows the shape, not the clock). Prices become floats here for drawing only.
 */
export function sparkPath(points: readonly SparkPoint[], width: number, height: number, pad = 2): string {
  if (points.length < 2) return '';
  const values = points.map((p) => Number(p.price));
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min;
  const step = (width - 2 * pad) / (values.length - 1);
  return values
    .map((v, i) => {
      const x = pad + i * step;
      const y = span === 0 ? height / 2 : pad + (1 - (v - min) / span) * (height - 2 * pad);
      return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join('');
}
