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
  const points = useSyncExternalStore(subscribe, () => store?.get(symbol));

  useEffect(() => store?.load(symbol), [store, symbol]);
  // Before the browser paints: the chart's new point is drawn in the same frame as the row's new price, not
  // in a second frame that lays the whole table out again (EK22).
  useLayoutEffect(() => store?.appendLive(symbol, price, time), [store, symbol, price, time]);

  // A new price renders the chart before its point is in the series (see above): draw only new points.
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
