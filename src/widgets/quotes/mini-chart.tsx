import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { usePlatform } from '../_shared/platform-context';
import type * as SparkModule from './spark';

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
  /** Latest price and its time: each change adds a live point. */
  price: string;
  time: number;
  /** Its accessible name. */
  label: string;
}

/** 30-minute sparkline of one symbol (1-minute opens from `thumb/{symbol}` plus live prices). */
export const MiniChart = memo(function MiniChart({ symbol, price, time, label }: MiniChartProps) {
  const platform = usePlatform();
  const spark = useSpark();
  const store = spark?.seriesStore(platform);
  const subscribe = useCallback(
    (listener: () => void) => (store ? store.subscribe(symbol, listener) : noListener()),
    [store, symbol],
  );
  // Subscribed to the history only: the live points kept in the store change it without waking the chart,
  // which would otherwise render again after each commit that kept one.
  const history = useSyncExternalStore(subscribe, () => store?.history(symbol));
  const stored = history && store?.get(symbol);
  // The series with this render's price as its live point: drawn in the render that shows the row's new price
  // (EK22: in the same frame), and in that render only — kept in the store without waking the chart (EK32).
  const points = useMemo(
    () => (stored && spark ? spark.appendLive(stored, price, time) : stored),
    [stored, spark, price, time],
  );

  useEffect(() => store?.load(symbol), [store, symbol]);
  // Kept also when the history arrives after the price (the series it is appended to is new then).
  useLayoutEffect(() => store?.appendLive(symbol, price, time), [store, symbol, price, time, stored]);

  const [path, direction] = useMemo(
    () =>
      points && spark
        ? [spark.sparkPath(points, WIDTH, HEIGHT), spark.seriesDirection(points)]
        : ['', 'flat'],
    [points, spark],
  );
  return (
    <svg
      className="tk-quotes__spark"
      part="mini-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      role="img"
      aria-label={label}
      data-direction={direction}
      data-points={points?.length ?? 0}
    >
      {path ? (
        <path d={path} fill="none" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />
      ) : null}
    </svg>
  );
});
