import { memo, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { usePlatform } from '../_shared/platform-context';
import { useT } from '../_shared/use-t';
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
}

/** 30-minute sparkline of one symbol (1-minute opens from `thumb/{symbol}` plus live prices). */
export const MiniChart = memo(function MiniChart({ symbol, price, time }: MiniChartProps) {
  const platform = usePlatform();
  const t = useT();
  const spark = useSpark();
  const store = spark?.seriesStore(platform);
  const subscribe = useCallback(
    (listener: () => void) => (store ? store.subscribe(listener) : noListener()),
    [store],
  );
  const points = useSyncExternalStore(subscribe, () => store?.get(symbol));

  useEffect(() => store?.load(symbol), [store, symbol]);
  useEffect(() => store?.appendLive(symbol, price, time), [store, symbol, price, time]);

  const path = points && spark ? spark.sparkPath(points, WIDTH, HEIGHT) : '';
  return (
    <svg
      className="tk-quotes__spark"
      part="mini-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      role="img"
      aria-label={t('quotes.chart_30m')}
      data-direction={points && spark ? spark.seriesDirection(points) : 'flat'}
      data-points={points?.length ?? 0}
    >
      {path ? (
        <path d={path} fill="none" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />
      ) : null}
    </svg>
  );
});
