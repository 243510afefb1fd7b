/** The selected symbol's last 30 minutes as an area chart (1-minute opens plus live prices). */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { usePlatform } from '../../../widgets/_shared/platform-context';
import { useT } from '../../../widgets/_shared/use-t';
import { seriesStore } from '../../../widgets/quotes/spark-series';
import { seriesDirection, sparkPath } from '../../../widgets/quotes/sparkline';

const W = 600;
const H = 180;
const PAD = 6;

/** Area chart of the 30-minute series shared with the quote list's mini charts. */
export function DetailChart({ symbol, price, time }: { symbol: string; price: string; time: number }) {
  const platform = usePlatform();
  const t = useT();
  const store = seriesStore(platform);
  const subscribe = useCallback((listener: () => void) => store.subscribe(listener), [store]);
  const points = useSyncExternalStore(subscribe, () => store.get(symbol));

  useEffect(() => store.load(symbol), [store, symbol]);
  useEffect(() => store.appendLive(symbol, price, time), [store, symbol, price, time]);

  const line = points ? sparkPath(points, W, H, PAD) : '';
  const area = line ? `${line}L${W - PAD},${H}L${PAD},${H}Z` : '';
  return (
    <figure className="host-chart" data-direction={points ? seriesDirection(points) : 'flat'}>
      <figcaption className="host-chart__caption">{t('quotes.chart_30m')}</figcaption>
      <svg
        className="host-chart__svg"
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t('quotes.chart_30m')}
        data-points={points?.length ?? 0}
      >
        {[0.25, 0.5, 0.75].map((f) => (
          <line key={f} className="host-chart__grid" x1="0" x2={W} y1={H * f} y2={H * f} />
        ))}
        {area ? <path className="host-chart__area" d={area} /> : null}
        {line ? <path className="host-chart__line" d={line} /> : null}
      </svg>
    </figure>
  );
}
