// Browser entry of the first-paint check (built by bench/chart-harness.ts): only the widget's entry module, as
// a brand page loads it; klinecharts must arrive in a separate chunk after the first paint.
import '../src/widgets/chart/chart.element';
import { canvasOf, candles, historyBody, installPlatform, mountChart, until } from './chart-fixture';

const page = window as unknown as { __bench: { result?: unknown; error?: string } };
page.__bench = {};
installPlatform(historyBody(candles(300)));
const el = mountChart(1200, 600);
until(() => canvasOf(el)?.dataset.state === 'ready').then(
  () => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    // Every script with its fetch start; the harness knows which file carries klinecharts.
    const scripts = performance
      .getEntriesByType('resource')
      .map((r) => r as PerformanceResourceTiming)
      .filter((r) => r.name.endsWith('.js'))
      .map((r) => ({ file: new URL(r.name).pathname, fetchStartMs: r.fetchStart }));
    page.__bench.result = { firstContentfulPaintMs: paint, scripts };
  },
  (error: unknown) => (page.__bench.error = String(error)),
);
