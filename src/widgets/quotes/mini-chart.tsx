import { memo, useCallback, useEffect, useSyncExternalStore } from 'react';
import { usePlatform } from '../_shared/platform-context';
import { useT } from '../_shared/use-t';
import { seriesStore } from './spark-series';
import { seriesDirection, sparkPath } from './sparkline';

const WIDTH = 80;
const HEIGHT = 28;

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
  const store = seriesStore(platform);
  const subscribe = useCallback((listener: () => void) => store.subscribe(listener), [store]);
  const points = useSyncExternalStore(subscribe, () => store.get(symbol));

  useEffect(() => store.load(symbol), [store, symbol]);
  useEffect(() => store.appendLive(symbol, price, time), [store, symbol, price, time]);

  const path = points ? sparkPath(points, WIDTH, HEIGHT) : '';
  return (
    <svg
      className="tk-quotes__spark"
      part="mini-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      role="img"
      aria-label={t('quotes.chart_30m')}
      data-direction={points ? seriesDirection(points) : 'flat'}
      data-points={points?.length ?? 0}
    >
      {path ? (
        <path d={path} fill="none" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />
      ) : null}
    </svg>
  );
});
