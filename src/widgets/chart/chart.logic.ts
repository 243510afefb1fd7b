/**
 * Pure rules of <tk-chart>: periods and candle types, the indicator catalogue and its per-area limit, the
 * drawing tools, the trade-button state of spec §4/§5 and the colour schemes.
 */
import { KLINE_PERIODS } from '../../core/contract/paths';
import type { KlinePeriod } from '../../core/contract/paths';
import type { ProductInfo, SessionHours } from '../../core/contract/types';

export { KLINE_PERIODS };
export type { KlinePeriod };

/** Default period (spec §9). */
export const DEFAULT_PERIOD: KlinePeriod = '1min';

/** Candle types of spec §2 (klinecharts `candle.type` values). */
export const CANDLE_TYPES = [
  'candle_solid',
  'candle_stroke',
  'candle_up_stroke',
  'candle_down_stroke',
  'ohlc',
  'area',
] as const;
export type CandleType = (typeof CANDLE_TYPES)[number];
export const DEFAULT_CANDLE_TYPE: CandleType = 'candle_solid';

/** The period an attribute names; null when absent or unknown. */
export function parsePeriod(value: string | null | undefined): KlinePeriod | null {
  const text = value?.trim().toLowerCase();
  return (KLINE_PERIODS as readonly string[]).includes(text ?? '') ? (text as KlinePeriod) : null;
}

/** The candle type an attribute names; null when absent or unknown. */
export function parseCandleType(value: string | null | undefined): CandleType | null {
  const text = value?.trim().toLowerCase();
  return (CANDLE_TYPES as readonly string[]).includes(text ?? '') ? (text as CandleType) : null;
}

/** The two indicator areas: over the candles, and panes below them. */
export type Pane = 'main' | 'sub';

/** Indicators offered per area (spec §2; SAR is named among the main-chart ones). */
export const INDICATORS: Record<Pane, readonly string[]> = {
  main: ['MA', 'EMA', 'SMA', 'BOLL', 'BBI', 'SAR'],
  sub: ['MA', 'EMA', 'VOL', 'MACD', 'BOLL', 'KDJ', 'RSI'],
};

/** At most this many indicators per area (spec §2). */
export const MAX_INDICATORS = 3;

/** Indicators shown per area. */
export interface IndicatorSet {
  main: string[];
  sub: string[];
}

/** What a new chart shows: moving averages over the candles, volume below. */
export const DEFAULT_INDICATORS: IndicatorSet = { main: ['MA'], sub: ['VOL'] };

/** Result of a toggle: the new set, or the old one and `refused` when the area is full. */
export interface ToggleResult {
  indicators: IndicatorSet;
  refused: boolean;
}

/** Add or remove one indicator of an area; a 4th in one area is refused, an unknown name ignored. */
export function toggleIndicator(current: IndicatorSet, pane: Pane, name: string): ToggleResult {
  const list = current[pane];
  if (list.includes(name)) {
    return { indicators: { ...current, [pane]: list.filter((n) => n !== name) }, refused: false };
  }
  if (!INDICATORS[pane].includes(name)) return { indicators: current, refused: false };
  if (list.length >= MAX_INDICATORS) return { indicators: current, refused: true };
  return { indicators: { ...current, [pane]: [...list, name] }, refused: false };
}

/** klinecharts overlays offered as drawing tools, grouped as in the toolbar. */
export const DRAWING_TOOLS = [
  'horizontalStraightLine',
  'horizontalRayLine',
  'horizontalSegment',
  'verticalStraightLine',
  'verticalRayLine',
  'verticalSegment',
  'straightLine',
  'rayLine',
  'segment',
  'priceLine',
  'parallelStraightLine',
  'priceChannelLine',
  'fibonacciLine',
] as const;
export type DrawingTool = (typeof DRAWING_TOOLS)[number];

/** True for a drawing tool name. */
export function isDrawingTool(name: unknown): name is DrawingTool {
  return typeof name === 'string' && (DRAWING_TOOLS as readonly string[]).includes(name);
}

/** `market/status/{symbol}` answers (spec §4/§7). */
export type MarketStatus = 'open' | 'closed' | 'early_trading';

/**
 * Why buy/sell cannot be used now, or 'none':
 * - 'not_tradable': the product's tradeStatus is 0, or the product list does not have it (closed banner);
 * - 'closed': status closed or early_trading, or outside the product's hours (closed banner);
 * - 'unknown': the market state is not known yet (buttons stay, a tap shows a notice);
 * - 'stale': the quote is delayed (buttons locked, a tap shows a notice);
 * - 'mode': the brand does not trade in the chart's trade mode (buttons locked, a tap shows a notice: CB1).
 */
export type TradeBlock = 'none' | 'unknown' | 'stale' | 'closed' | 'not_tradable' | 'mode';

/** What decides the trade buttons. */
export interface TradeInput {
  /** undefined while the product list loads; null when the product is not in it. */
  product: ProductInfo | null | undefined;
  /** null until `status/{symbol}` answered. */
  status: MarketStatus | null;
  now: number;
  /** The quote is older than the stale limit or the feed lost its connection. */
  stale: boolean;
  /**
   * Whether the trading hours are open at `now` (core/domain/market-hours.ts `isMarketOpen`); the chart loads it
   * after its first paint, long before the product list is there. Until then a product with hours is `unknown`.
   */
  isOpen: ((sessions: readonly SessionHours[], utcMs: number) => boolean) | null;
  /** Whether the brand trades in the chart's trade mode (`modeOffered`); absent: it does. */
  modeOffered?: boolean;
}

/** The trade-button state of spec §4 (normal, market closed, not tradable) and the §5 notices. */
export function tradeBlock({
  product,
  status,
  now,
  stale,
  isOpen,
  modeOffered = true,
}: TradeInput): TradeBlock {
  if (product === null || product?.tradeStatus === 0) return 'not_tradable';
  if (status === 'closed' || status === 'early_trading') return 'closed';
  if (product && product.sessions.length > 0) {
    if (!isOpen) return 'unknown';
    if (!isOpen(product.sessions, now)) return 'closed';
  }
  if (product === undefined || status === null) return 'unknown';
  if (!modeOffered) return 'mode';
  return stale ? 'stale' : 'none';
}

/**
 * Whether the brand trades in `tradeMode` (the chart's `trade-mode`: `option`, else market), by its settings'
 * trade modes; true until the settings are known (the market state is unknown then anyway). A partner page may
 * set a mode the brand does not offer: its buy/sell buttons then explain instead of opening a form (spec §5).
 */
export function modeOffered(
  tradeMode: string | undefined,
  tradeModes: readonly string[] | undefined,
): boolean {
  return tradeModes === undefined || tradeModes.includes(tradeMode === 'option' ? 'option' : 'market');
}

/** Whether the chart follows the live candle: not while the status says closed or early trading. */
export function isLive(status: MarketStatus | null): boolean {
  return status !== 'closed' && status !== 'early_trading';
}

/** An up/down colour pair offered by the colour theme chooser; null colours: the brand's own. */
export interface ColorScheme {
  id: string;
  colors: { up: string; down: string } | null;
}

/** The brand pair first, then the two common market conventions (as the desktop top bar). */
export const COLOR_SCHEMES: readonly ColorScheme[] = [
  { id: 'brand', colors: null },
  { id: 'green-red', colors: { up: '#16a34a', down: '#dc2626' } },
  { id: 'red-green', colors: { up: '#dc2626', down: '#16a34a' } },
];

/** The scheme id an attribute names; null when absent or unknown. */
export function parseScheme(value: string | null | undefined): string | null {
  const text = value?.trim().toLowerCase();
  return COLOR_SCHEMES.some((s) => s.id === text) ? (text as string) : null;
}

/** The scheme of an id; the brand scheme for an unknown id. */
export function colorScheme(id: string | null | undefined): ColorScheme {
  return COLOR_SCHEMES.find((s) => s.id === id) ?? COLOR_SCHEMES[0]!;
}
