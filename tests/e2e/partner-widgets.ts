// What the browser files that put TradeKit's widgets on a partner's page share: the script tags of the widgets
// and the attributes a widget needs to show something live.

/** Attributes a widget needs to show something live; every other widget shows its defaults. */
export const LIVE_ATTRIBUTES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'tk-quotes': { symbols: 'BTCUSDT,EURUSD' },
  'tk-chart': { symbol: 'BTCUSDT' },
  'tk-order-form': { symbol: 'BTCUSDT' },
};

/** One module script per widget, from the bundle at `base` (the platform's origin, or a copy of it). */
export function widgetScripts(base: string, tags: readonly string[]): string {
  return tags.map((tag) => `<script type="module" src="${base}/widgets/${tag}.js"></script>`).join('\n');
}
