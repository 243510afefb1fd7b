/**
 * What a mini chart needs once it shows a series: the page's series store (history fetch, live points) and
 * the path drawing. mini-chart.tsx imports this module after the first paint.
 */
export { seriesStore } from './spark-series';
export { appendLive, seriesDirection, sparkPath } from './sparkline';
