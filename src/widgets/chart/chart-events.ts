/**
 * The outputs of <tk-chart> besides `tk-symbol-select` (which is shared, see _shared/events.ts): one DOM
 * event class each, `bubbles` + `composed`, dispatched from the element; the matching `on…` prop is called
 * too (what a host React tree passes). Kept with the chart until the shared event map takes them.
 */
import { useCallback } from 'react';
import { useWidgetHost } from '../_shared/widget-host';

/** Detail of `tk-trade`: buy (0) or sell (1) pressed for a symbol (spec order direction). */
export interface TradeDetail {
  symbol: string;
  direction: 0 | 1;
}

/** Detail of `tk-color-scheme-change`: the up/down pair the user picked. */
export interface ColorSchemeDetail {
  id: string;
  up: string;
  down: string;
}

/** Detail of `tk-theme-change`. */
export interface ThemeDetail {
  theme: 'light' | 'dark';
}

/** Detail of `tk-indicators-toggle`: whether the indicator dialog asks to be open. */
export interface IndicatorsToggleDetail {
  open: boolean;
}

/**
 * Fired when buy or sell is pressed on a tradable product. Cancelable (PP6): a page that takes the trade calls
 * `preventDefault()`; otherwise the chart opens the order form itself.
 */
export class TkTradeEvent extends CustomEvent<TradeDetail> {
  constructor(detail: TradeDetail) {
    super('tk-trade', { detail, bubbles: true, composed: true, cancelable: true });
  }
}

/** Fired when the colour theme chooser picks an up/down pair (a host may apply it page-wide). */
export class TkColorSchemeChangeEvent extends CustomEvent<ColorSchemeDetail> {
  constructor(detail: ColorSchemeDetail) {
    super('tk-color-scheme-change', { detail, bubbles: true, composed: true });
  }
}

/** Fired when the light/dark toggle is pressed (a host may apply it page-wide). */
export class TkThemeChangeEvent extends CustomEvent<ThemeDetail> {
  constructor(detail: ThemeDetail) {
    super('tk-theme-change', { detail, bubbles: true, composed: true });
  }
}

/** Fired when the indicator dialog opens or closes (a page with its own indicator button follows it). */
export class TkIndicatorsToggleEvent extends CustomEvent<IndicatorsToggleDetail> {
  constructor(detail: IndicatorsToggleDetail) {
    super('tk-indicators-toggle', { detail, bubbles: true, composed: true });
  }
}

/** Event name → detail of the chart's own outputs. */
export interface ChartEventDetails {
  'tk-trade': TradeDetail;
  'tk-color-scheme-change': ColorSchemeDetail;
  'tk-theme-change': ThemeDetail;
  'tk-indicators-toggle': IndicatorsToggleDetail;
}

/** Event name → class. */
export const CHART_EVENTS: {
  [K in keyof ChartEventDetails]: new (detail: ChartEventDetails[K]) => CustomEvent<ChartEventDetails[K]>;
} = {
  'tk-trade': TkTradeEvent,
  'tk-color-scheme-change': TkColorSchemeChangeEvent,
  'tk-theme-change': TkThemeChangeEvent,
  'tk-indicators-toggle': TkIndicatorsToggleEvent,
};

/** Event name → React callback prop. */
export const CHART_CALLBACK_PROPS = {
  'tk-trade': 'onTrade',
  'tk-color-scheme-change': 'onColorSchemeChange',
  'tk-theme-change': 'onThemeChange',
  'tk-indicators-toggle': 'onIndicatorsToggle',
} as const satisfies Record<keyof ChartEventDetails, `on${string}`>;

/** The optional callback props of the chart's own outputs. */
export type ChartCallbacks = {
  [N in keyof ChartEventDetails as (typeof CHART_CALLBACK_PROPS)[N]]?: (detail: ChartEventDetails[N]) => void;
};

/**
 * Emit a chart output: the callback prop, and the DOM event from the custom element when there is one.
 * Returns whether nobody took it: no callback prop, and no listener cancelled the event.
 */
export function useChartEmit(
  callbacks: ChartCallbacks,
): <K extends keyof ChartEventDetails>(name: K, detail: ChartEventDetails[K]) => boolean {
  const host = useWidgetHost();
  return useCallback(
    (name, detail) => {
      const callback = callbacks[CHART_CALLBACK_PROPS[name]] as ((d: typeof detail) => void) | undefined;
      callback?.(detail);
      const open = host ? host.dispatchEvent(new CHART_EVENTS[name](detail)) : true;
      return !callback && open;
    },
    [callbacks, host],
  );
}

declare global {
  interface GlobalEventHandlersEventMap {
    'tk-trade': TkTradeEvent;
    'tk-color-scheme-change': TkColorSchemeChangeEvent;
    'tk-theme-change': TkThemeChangeEvent;
    'tk-indicators-toggle': TkIndicatorsToggleEvent;
  }
}
