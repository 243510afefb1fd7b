/**
 * Public surface of <tk-chart> for React hosts: the component, its props and outputs, and the period and
 * candle-style choices a host's own controls offer.
 */
export { Chart } from './chart';
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
