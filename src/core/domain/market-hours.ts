/**
 * Market hours (spec §4): per-weekday windows written in UTC as of US standard time; while US daylight
 * saving is in force every window opens and closes one hour earlier. Pure arithmetic, no Intl or time zone
 * database, so the browser and the server agree to the millisecond.
 */
import type { SessionHours } from '../contract/types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How far edge searches look (a weekly schedule repeats within 7 days). */
const HORIZON_DAYS = 8;

/** Weekday of a UTC instant, 0 = Sunday (1970-01-01 was a Thursday). */
export function utcWeekday(utcMs: number): number {
  return (((Math.floor(utcMs / DAY) + 4) % 7) + 7) % 7;
}

/** Midnight UTC at or before the instant. */
export function utcDayStart(utcMs: number): number {
  return Math.floor(utcMs / DAY) * DAY;
}

/** The n-th Sunday (1-based) of a month, as midnight UTC of that day. */
function nthSunday(year: number, month: number, n: number): number {
  const first = Date.UTC(year, month, 1);
  return first + (((7 - utcWeekday(first)) % 7) + (n - 1) * 7) * DAY;
}

const dstCache = new Map<number, [number, number]>();

/** US DST bounds of a year in UTC: 2nd Sunday of March 02:00 EST (07:00Z) → 1st Sunday of Nov 02:00 EDT (06:00Z). */
export function usDstBounds(year: number): [start: number, end: number] {
  let bounds = dstCache.get(year);
  if (!bounds) {
    bounds = [nthSunday(year, 2, 2) + 7 * HOUR, nthSunday(year, 10, 1) + 6 * HOUR];
    dstCache.set(year, bounds);
  }
  return bounds;
}

let lastYear = { from: 0, to: -1, start: 0, end: 0 };

/** True while US (New York) daylight saving time is in force at the instant. */
export function isUsDst(utcMs: number): boolean {
  // Hot path (called per instrument per simulator round): reuse the bounds of the last year seen.
  if (utcMs < lastYear.from || utcMs >= lastYear.to) {
    const year = new Date(utcMs).getUTCFullYear();
    const [start, end] = usDstBounds(year);
    lastYear = { from: Date.UTC(year, 0, 1), to: Date.UTC(year + 1, 0, 1), start, end };
  }
  return utcMs >= lastYear.start && utcMs < lastYear.end;
}

/** Minutes after midnight of "HH:mm" ("24:00" = 1440); NaN when malformed. */
export function parseClock(text: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) return Number.NaN;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) < 60 && minutes <= 1440 ? minutes : Number.NaN;
}

type Window = readonly [start: number, close: number] | null;
const compiled = new WeakMap<readonly SessionHours[], Window[]>();

function toWindow(day: SessionHours | undefined): Window {
  if (!day || day.marketStartTime == null || day.marketCloseTime == null) return null;
  const start = parseClock(day.marketStartTime);
  const close = parseClock(day.marketCloseTime);
  return start < close ? [start * MINUTE, close * MINUTE] : null;
}

/** The window of a weekday in ms after midnight; parsed once per sessions array. */
function windowOf(sessions: readonly SessionHours[], weekday: number): Window {
  let windows = compiled.get(sessions);
  if (!windows) {
    windows = Array.from({ length: 7 }, (_, d) => toWindow(sessions[d]));
    compiled.set(sessions, windows);
  }
  return windows[weekday] ?? null;
}

/** Whether the market with these weekly sessions (index 0 = Sunday) is open at the instant. */
export function isMarketOpen(sessions: readonly SessionHours[], utcMs: number): boolean {
  // Open during DST at t exactly when the standard-time schedule is open at t + 1 h.
  const shifted = isUsDst(utcMs) ? utcMs + HOUR : utcMs;
  const bounds = windowOf(sessions, utcWeekday(shifted));
  if (!bounds) return false;
  const inDay = shifted - utcDayStart(shifted);
  return inDay >= bounds[0] && inDay < bounds[1];
}

/** Every instant near `utcMs` where openness may change: window bounds in both offsets and DST switches. */
function candidateEdges(sessions: readonly SessionHours[], utcMs: number): number[] {
  const today = utcDayStart(utcMs);
  const edges: number[] = [];
  for (let d = -HORIZON_DAYS; d <= HORIZON_DAYS; d += 1) {
    const dayStart = today + d * DAY;
    const bounds = windowOf(sessions, utcWeekday(dayStart));
    if (!bounds) continue;
    for (const bound of bounds) edges.push(dayStart + bound, dayStart + bound - HOUR);
  }
  const year = new Date(utcMs).getUTCFullYear();
  for (const y of [year - 1, year, year + 1]) edges.push(...usDstBounds(y));
  return edges.sort((a, b) => a - b);
}

function isOpening(sessions: readonly SessionHours[], t: number): boolean {
  return isMarketOpen(sessions, t) && !isMarketOpen(sessions, t - 1);
}

function isClosing(sessions: readonly SessionHours[], t: number): boolean {
  return !isMarketOpen(sessions, t) && isMarketOpen(sessions, t - 1);
}

/** First instant at or after `utcMs` when the market is open; null when it does not open within a week. */
export function nextOpen(sessions: readonly SessionHours[], utcMs: number): number | null {
  if (isMarketOpen(sessions, utcMs)) return utcMs;
  return candidateEdges(sessions, utcMs).find((t) => t > utcMs && isOpening(sessions, t)) ?? null;
}

/** First instant at or after `utcMs` when the market is closed; null when it stays open (24/7). */
export function nextClose(sessions: readonly SessionHours[], utcMs: number): number | null {
  if (!isMarketOpen(sessions, utcMs)) return utcMs;
  return candidateEdges(sessions, utcMs).find((t) => t > utcMs && isClosing(sessions, t)) ?? null;
}

/**
 * Start of the trading session containing the instant, for the session open/high/low and the daily change:
 * the later of the current window's opening and midnight UTC (so a 24/7 or a week-long window restarts
 * every UTC day). Null while the market is closed.
 */
export function sessionStart(sessions: readonly SessionHours[], utcMs: number): number | null {
  if (!isMarketOpen(sessions, utcMs)) return null;
  const openings = candidateEdges(sessions, utcMs).filter((t) => t <= utcMs && isOpening(sessions, t));
  return Math.max(openings.at(-1) ?? Number.NEGATIVE_INFINITY, utcDayStart(utcMs));
}
