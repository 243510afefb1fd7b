/**
 * Public surface of <tk-chart> for React hosts: the component, its props and outputs, and the period and
 * candle-style choices a host's own controls offer.
 */
export { Chart } from './chart';

/**
 * Settles once the chart's body and header code are there: a host page that paints the chart whole waits for it
 * before it shows (the element itself shows an empty frame meanwhile, which keeps the first paint small).
 */
export const whenChartReady = (): Promise<void> =>
  import('./chart-body').then((body) => body.chartHeaderReady);
export type { ChartProps } from './chart';
export type { ChartCallbacks, IndicatorsToggleDetail, TradeDetail } from './chart-events';
export {
  CANDLE_TYPES,
  DEFAULT_CANDLE_TYPE,
  DEFAULT_PERIOD,
  KLINE_PERIODS,
  parseCandleType,
} from './chart.logic';
export type { CandleType, KlinePeriod } from './chart.logic';
