import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { usePlatform } from '../_shared/platform-context';
import type { QuoteBook } from './quote-book';
import type * as SparkModule from './spark';
import type { SparkPoint } from './sparkline';

const WIDTH = 80;
const HEIGHT = 28;

type Spark = typeof SparkModule;

/** The series code, loaded once per page after the first paint (the history it fetches comes later still). */
let sparkLoad: Promise<Spark> | undefined;
let sparkLoaded: Spark | undefined;

function loadSpark(): Promise<Spark> {
  sparkLoad ??= import('./spark').then(
    (spark) => (sparkLoaded = spark),
    (error: unknown) => {
      sparkLoad = undefined;
      throw error;
    },
  );
  return sparkLoad;
}

/** The series code once loaded; undefined before (the chart is empty, as while its history loads). */
function useSpark(): Spark | undefined {
  const [spark, setSpark] = useState(sparkLoaded);
  useEffect(() => {
    if (spark) return;
    let mounted = true;
    loadSpark().then(
      (loaded) => mounted && setSpark(loaded),
      (error: unknown) => console.warn('[tradekit] mini chart unavailable', error),
    );
    return () => {
      mounted = false;
    };
  }, [spark]);
  return spark;
}

const noListener = () => () => undefined;

/** Props of MiniChart. */
export interface MiniChartProps {
  symbol: string;
  /** Where the chart hears its symbol's quote: each new price adds a live point. */
  book: QuoteBook;
  /** Its accessible name. */
  label: string;
}

/**
 * 30-minute sparkline of one symbol (1-minute opens from `thumb/{symbol}` plus live prices). React draws the
 * chart's elements; the series, its path and its direction are drawn into them on each of the symbol's ticks,
 * in the same frame as the row's new price and without a render (EK38).
 */
export const MiniChart = memo(function MiniChart({ symbol, book, label }: MiniChartProps) {
  const platform = usePlatform();
  const spark = useSpark();
  const store = spark?.seriesStore(platform);
  const subscribe = useCallback(
    (listener: () => void) => (store ? store.subscribe(symbol, listener) : noListener()),
    [store, symbol],
  );
  // Subscribed to the history only: the live points come from the symbol's quotes (EK32).
  const history = useSyncExternalStore(subscribe, () => store?.history(symbol));
  const svg = useRef<SVGSVGElement>(null);

  useEffect(() => store?.load(symbol), [store, symbol]);
  useLayoutEffect(() => {
    const chart = svg.current;
    if (!chart) return;
    const path = chart.firstElementChild as SVGPathElement;
    /** The series last drawn: a tick that leaves it as it was (another field moved) draws nothing. */
    let drawn: readonly SparkPoint[] | null | undefined = null;
    const draw = () => {
      const quote = book.get(symbol);
      // The live point is kept in the store for the next point and the next mount, and drawn from there.
      if (quote) store?.appendLive(symbol, quote.price, quote.lastUpdate);
      const points = (history && store?.get(symbol)) || undefined;
      if (points === drawn) return;
      drawn = points;
      const d = points && spark ? spark.sparkPath(points, WIDTH, HEIGHT) : '';
      chart.setAttribute('data-points', String(points?.length ?? 0));
      chart.setAttribute('data-direction', points && spark ? spark.seriesDirection(points) : 'flat');
      if (d) path.setAttribute('d', d);
      else path.removeAttribute('d');
    };
    draw();
    return book.subscribe(symbol, draw);
  }, [book, symbol, store, spark, history]);

  return (
    <svg
      ref={svg}
      className="tk-quotes__spark"
      part="mini-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      role="img"
      aria-label={label}
    >
      <path fill="none" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
});
