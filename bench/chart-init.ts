// Chart init with 100,000 candles: the <tk-chart> widget against bare klinecharts on the same history bytes
// (parse, convert, MA over the candles and VOL below, until a frame is painted), in alternating fresh pages of
// one Chromium; goal widget ≤ 1.15 × bare (medians). Also checks, on a cold page load, that the klinecharts
// chunk is fetched only after the widget's first paint. Prints one JSON line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BENCH_DIR,
  buildBenchPages,
  launchBrowser,
  openBench,
  quantile,
  round,
  serveBenchPages,
} from './chart-harness';

const CANDLES = 100_000;
const RUNS = 15;
const GOAL_RATIO = 1.15;
// An id klinecharts keeps in minified builds (its x-axis pane); no widget code names it.
const KLINECHARTS_MARKER = 'x_axis_pane';

await buildBenchPages();
const server = await serveBenchPages();
const browser = await launchBrowser();
try {
  // Warm-up widget run (discarded): it also tells the size of the widget's chart area, which the bare chart
  // then gets, so both draw the same number of pixels.
  const warm = await openBench(browser, server.origin, `mode=widget&n=${CANDLES}`);
  await warm.page.close();
  const { engineWidth, engineHeight } = warm.result as { engineWidth: number; engineHeight: number };
  const bareMs: number[] = [];
  const widgetMs: number[] = [];
  const firstRenderMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    for (const mode of i % 2 === 0 ? ['bare', 'widget'] : ['widget', 'bare']) {
      const size = mode === 'bare' ? `&w=${engineWidth}&h=${engineHeight}` : '';
      const { page, result } = await openBench(browser, server.origin, `mode=${mode}&n=${CANDLES}${size}`);
      await page.close();
      const timing = result as { ms: number; firstRenderMs?: number };
      (mode === 'bare' ? bareMs : widgetMs).push(timing.ms);
      if (mode === 'widget' && Number.isFinite(timing.firstRenderMs))
        firstRenderMs.push(timing.firstRenderMs!);
    }
  }

  const cold = await openBench(browser, server.origin, 'entry=cold');
  await cold.page.close();
  const { firstContentfulPaintMs, scripts } = cold.result as {
    firstContentfulPaintMs: number | null;
    scripts: Array<{ file: string; fetchStartMs: number }>;
  };
  const chartScripts = scripts.filter((s) =>
    readFileSync(join(BENCH_DIR, s.file), 'utf8').includes(KLINECHARTS_MARKER),
  );
  const klinechartsFetchStartMs = chartScripts.length
    ? Math.min(...chartScripts.map((s) => s.fetchStartMs))
    : null;

  const bareMedianMs = quantile(bareMs, 0.5);
  const widgetMedianMs = quantile(widgetMs, 0.5);
  const ratio = widgetMedianMs / bareMedianMs;
  console.log(`bare klinecharts  ${bareMs.map((ms) => ms.toFixed(0)).join(' ')} ms`);
  console.log(`<tk-chart>        ${widgetMs.map((ms) => ms.toFixed(0)).join(' ')} ms`);
  console.log(
    JSON.stringify({
      candles: CANDLES,
      runs: RUNS,
      chartArea: { width: engineWidth, height: engineHeight },
      bareMs: bareMs.map(round),
      widgetMs: widgetMs.map(round),
      bareMedianMs: round(bareMedianMs),
      widgetMedianMs: round(widgetMedianMs),
      ratio: round(ratio),
      // When the widget's header and skeleton were on screen: part of its init bare klinecharts has not.
      widgetFirstRenderMedianMs: firstRenderMs.length ? round(quantile(firstRenderMs, 0.5)) : null,
      goalRatio: GOAL_RATIO,
      withinGoal: ratio <= GOAL_RATIO,
      firstContentfulPaintMs: firstContentfulPaintMs === null ? null : round(firstContentfulPaintMs),
      klinechartsFetchStartMs: klinechartsFetchStartMs === null ? null : round(klinechartsFetchStartMs),
      klinechartsAfterFirstPaint:
        firstContentfulPaintMs !== null &&
        klinechartsFetchStartMs !== null &&
        klinechartsFetchStartMs >= firstContentfulPaintMs,
    }),
  );
} finally {
  await browser.close();
  await server.close();
}
