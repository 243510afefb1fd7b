/**
 * The widget's theme as klinecharts styles: canvas colours cannot read CSS custom properties, so the
 * resolved `--tk-*` token values are passed in and written into the chart's style object. Pure data.
 */
import type { DeepPartial, Styles } from 'klinecharts';
import type { CandleType } from './chart.logic';

/** Resolved colours of the widget (CSS token values) plus light or dark. */
export interface Appearance {
  theme: 'light' | 'dark';
  up: string;
  down: string;
  text: string;
  muted: string;
  border: string;
  surface: string;
  accent: string;
  /** The widget's font family; canvas text falls back to klinecharts' Helvetica (a serif where it is missing). */
  font?: string;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i;

/** `color` with `alpha` as rgba() for hex and rgb() colours; other notations are returned unchanged. */
export function withAlpha(color: string, alpha: number): string {
  const text = color.trim();
  const hex = HEX.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
    return `rgba(${r}, ${g}, ${b}, ${alpha})`;
  }
  const rgb = RGB.exec(text);
  if (rgb) return `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${alpha})`;
  return text;
}

/**
 * Every indicator sub-pane (VOL first): its height and the y-axis gaps, as fractions of the value range that
 * klinecharts adds above and below the data. The top gap keeps the tallest bar below the legend, which takes
 * two rows when long volume figures (1H, 1D) wrap on a narrow chart; klinecharts' own 0.2 left about 17 px.
 */
export const SUB_PANE_LAYOUT = { height: 120, minHeight: 80, gap: { top: 0.75, bottom: 0.05 } } as const;

/** The price pane keeps at least this height however many sub-indicators are on (issue #26 items 9, 15). */
export const MAIN_PANE_MIN_HEIGHT = 160;
/** The least height of a sub-indicator pane on a short chart: its legend row and a readable line. */
export const SUB_PANE_MIN_HEIGHT = 40;
/** klinecharts' time axis under the panes (26 px measured; 2 px to spare). */
const X_AXIS_HEIGHT = 28;
/** klinecharts' separator line above each sub pane. */
const SEPARATOR_HEIGHT = 1;

/**
 * The height of each of `count` sub-indicator panes (VOL first) on a chart `chartHeight` px tall: their usual
 * height while the price pane keeps MAIN_PANE_MIN_HEIGHT, else shared out of what is left down to
 * SUB_PANE_MIN_HEIGHT; the panes that do not fit at that height are hidden (0), the last ones first, so the
 * price pane keeps its least height in any box (a partner's 480 px box on a phone, a 360 px box). They come back
 * as soon as the chart has the room (full screen, a taller box, a phone turned). A chart not measured yet (0)
 * gives every pane the usual height.
 */
export function subPaneHeights(chartHeight: number, count: number): number[] {
  if (chartHeight <= 0) return Array.from({ length: count }, () => SUB_PANE_LAYOUT.height);
  const room = chartHeight - X_AXIS_HEIGHT - MAIN_PANE_MIN_HEIGHT - count * SEPARATOR_HEIGHT;
  const shown = Math.max(0, Math.min(count, Math.floor(room / SUB_PANE_MIN_HEIGHT)));
  const height = shown > 0 ? Math.min(SUB_PANE_LAYOUT.height, Math.floor(room / shown)) : 0;
  return Array.from({ length: count }, (_, index) => (index < shown ? height : 0));
}

/** Pixels left free above the tallest value in a pane of `height` with the given gap rates. */
export function subPaneHeadroom(height: number, gap: { top: number; bottom: number }): number {
  return (height * gap.top) / (1 + gap.top + gap.bottom);
}

/** Below this chart width the OHLC and indicator legends show only while the crosshair is on the chart. */
export const COMPACT_WIDTH = 640;

/**
 * The style overrides applied over klinecharts' own light or dark styles. `compact` (a narrow chart, e.g.
 * a phone) keeps the legends off the candles until the user touches the chart.
 */
export function chartStyles(a: Appearance, candleType: CandleType, compact = false): DeepPartial<Styles> {
  const showRule = compact ? 'follow_cross' : 'always';
  const family = a.font ? { family: a.font } : {};
  const axis = {
    axisLine: { color: a.border },
    tickLine: { color: a.border },
    tickText: { color: a.muted, ...family },
  };
  return {
    grid: {
      horizontal: { color: withAlpha(a.border, 0.6) },
      vertical: { color: withAlpha(a.border, 0.6) },
    },
    candle: {
      type: candleType,
      bar: {
        upColor: a.up,
        downColor: a.down,
        noChangeColor: a.muted,
        upBorderColor: a.up,
        downBorderColor: a.down,
        noChangeBorderColor: a.muted,
        upWickColor: a.up,
        downWickColor: a.down,
        noChangeWickColor: a.muted,
      },
      area: {
        lineColor: a.accent,
        backgroundColor: [
          { offset: 0, color: withAlpha(a.accent, 0.02) },
          { offset: 1, color: withAlpha(a.accent, 0.25) },
        ],
      },
      priceMark: {
        high: { color: a.muted, ...(a.font ? { textFamily: a.font } : {}) },
        low: { color: a.muted, ...(a.font ? { textFamily: a.font } : {}) },
        last: { upColor: a.up, downColor: a.down, noChangeColor: a.muted, text: family },
      },
      // The widget header names the symbol and period already.
      tooltip: { showRule, title: { show: false }, legend: { color: a.muted, ...family } },
    },
    indicator: {
      ohlc: { upColor: withAlpha(a.up, 0.7), downColor: withAlpha(a.down, 0.7), noChangeColor: a.muted },
      bars: [{ upColor: withAlpha(a.up, 0.7), downColor: withAlpha(a.down, 0.7), noChangeColor: a.muted }],
      tooltip: { showRule, legend: { color: a.muted, ...family } },
    },
    xAxis: axis,
    yAxis: axis,
    separator: { color: a.border },
    crosshair: {
      horizontal: { line: { color: a.muted }, text: family },
      vertical: { line: { color: a.muted }, text: family },
    },
  };
}
