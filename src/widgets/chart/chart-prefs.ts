/**
 * What <tk-chart> remembers per symbol across reloads (period, candle type, indicators, drawings), in
 * local storage under a versioned key. Parsing is defensive: the stored text may come from an older build
 * or be edited by hand, and a bad entry must never break the chart — it falls back to defaults field by
 * field.
 */
import {
  DEFAULT_CANDLE_TYPE,
  DEFAULT_INDICATORS,
  DEFAULT_PERIOD,
  INDICATORS,
  MAX_INDICATORS,
  isDrawingTool,
  parseCandleType,
  parsePeriod,
} from './chart.logic';
import type { CandleType, DrawingTool, IndicatorSet, KlinePeriod, Pane } from './chart.logic';

/** Version of the stored shape; a new shape gets a new key prefix. */
export const PREFS_VERSION = 1;
/** Drawings kept per symbol; older ones beyond this are dropped when saving. */
export const MAX_DRAWINGS = 100;
const MAX_POINTS = 3;
const MAX_STYLES_CHARS = 2_000;

/** The storage key of a symbol. */
export function prefsKey(symbol: string): string {
  return `tk-chart:v${PREFS_VERSION}:${symbol}`;
}

/** One anchor of a drawing: a candle time and a price. */
export interface DrawingPoint {
  timestamp: number;
  value: number;
}

/** A finished drawing as klinecharts can recreate it. */
export interface Drawing {
  name: DrawingTool;
  points: DrawingPoint[];
  /** The overlay's own style overrides, if any. */
  styles: Record<string, unknown> | null;
}

/** Everything remembered for one symbol. */
export interface ChartPrefs {
  period: KlinePeriod;
  candleType: CandleType;
  indicators: IndicatorSet;
  drawings: Drawing[];
}

/** Prefs of a symbol never seen before. */
export function defaultPrefs(): ChartPrefs {
  return {
    period: DEFAULT_PERIOD,
    candleType: DEFAULT_CANDLE_TYPE,
    indicators: { main: [...DEFAULT_INDICATORS.main], sub: [...DEFAULT_INDICATORS.sub] },
    drawings: [],
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseIndicators(value: unknown): IndicatorSet | null {
  if (!isRecord(value)) return null;
  const pane = (p: Pane) =>
    Array.isArray(value[p])
      ? [...new Set(value[p].filter((n): n is string => INDICATORS[p].includes(n as string)))].slice(
          0,
          MAX_INDICATORS,
        )
      : [];
  return { main: pane('main'), sub: pane('sub') };
}

function parsePoint(value: unknown): DrawingPoint | null {
  if (!isRecord(value)) return null;
  const { timestamp, value: price } = value;
  return typeof timestamp === 'number' &&
    Number.isFinite(timestamp) &&
    typeof price === 'number' &&
    Number.isFinite(price)
    ? { timestamp, value: price }
    : null;
}

/** A drawing read from storage or from the chart; null when it cannot be recreated. */
export function parseDrawing(value: unknown): Drawing | null {
  if (!isRecord(value) || !isDrawingTool(value.name) || !Array.isArray(value.points)) return null;
  const points = value.points.map(parsePoint);
  if (points.length === 0 || points.length > MAX_POINTS || points.some((p) => p === null)) return null;
  const styles =
    isRecord(value.styles) && JSON.stringify(value.styles).length <= MAX_STYLES_CHARS ? value.styles : null;
  return { name: value.name, points: points as DrawingPoint[], styles };
}

/** Prefs from stored text; every missing or invalid field takes its default. */
export function parsePrefs(text: string | null | undefined): ChartPrefs {
  const prefs = defaultPrefs();
  if (!text) return prefs;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return prefs;
  }
  if (!isRecord(stored) || stored.v !== PREFS_VERSION) return prefs;
  return {
    period: parsePeriod(typeof stored.period === 'string' ? stored.period : null) ?? prefs.period,
    candleType:
      parseCandleType(typeof stored.candleType === 'string' ? stored.candleType : null) ?? prefs.candleType,
    indicators: parseIndicators(stored.indicators) ?? prefs.indicators,
    drawings: Array.isArray(stored.drawings)
      ? stored.drawings
          .map(parseDrawing)
          .filter((d): d is Drawing => d !== null)
          .slice(-MAX_DRAWINGS)
      : [],
  };
}

/** The stored text of prefs (newest drawings kept when over the limit). */
export function serializePrefs(prefs: ChartPrefs): string {
  return JSON.stringify({
    v: PREFS_VERSION,
    period: prefs.period,
    candleType: prefs.candleType,
    indicators: prefs.indicators,
    drawings: prefs.drawings.slice(-MAX_DRAWINGS),
  });
}

/** The page's local storage, or null where it is unavailable (blocked, sandboxed frame). */
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The remembered prefs of a symbol (defaults when none or unreadable). */
export function loadPrefs(symbol: string, store: Storage | null = storage()): ChartPrefs {
  try {
    return parsePrefs(store?.getItem(prefsKey(symbol)));
  } catch {
    return defaultPrefs();
  }
}

/** Remember the prefs of a symbol; false when storage refused (full, blocked). */
export function savePrefs(symbol: string, prefs: ChartPrefs, store: Storage | null = storage()): boolean {
  if (!store || !symbol) return false;
  try {
    store.setItem(prefsKey(symbol), serializePrefs(prefs));
    return true;
  } catch {
    return false;
  }
}
