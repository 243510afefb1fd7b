// Main-thread cost of the live candle at 1,000 ticks/s: a <tk-chart> with 1,000 candles of history takes
// forming-candle messages through the real feed (parse, dispatch) and kline loader (coalesced to one chart
// update per frame). Reports the synchronous cost per message (goal p99 ≤ 1 ms), the frame work
// (klinecharts update and draw) and the whole main-thread time per message from Chromium's own task
// accounting, minus a control run of the same message generator that nobody listens to. Prints one JSON
// line.
import { buildBenchPages, launchBrowser, openBench, quantile, round, serveBenchPages } from './chart-harness';

const CANDLES = 1_000;
const RATE = 1_000;
const SECONDS = 5;
const GOAL_P99_MS = 1;

await buildBenchPages();
const server = await serveBenchPages();
const browser = await launchBrowser();
try {
  const { page } = await openBench(browser, server.origin, `mode=update&n=${CANDLES}`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  };
  type Run = { perTick: number[]; perFrame: number[]; elapsedMs: number };
  const drive = (control: boolean) =>
    page.evaluate(
      ([seconds, rate, only]) =>
        (
          window as unknown as { __bench: { ticks(s: number, r: number, c: boolean): Promise<Run> } }
        ).__bench.ticks(seconds, rate, only),
      [SECONDS, RATE, control] as const,
    );
  // The generator alone (same messages, nobody subscribed), then the chart: the difference is the chart's.
  const controlStart = await taskSeconds();
  const control = await drive(true);
  const controlEnd = await taskSeconds();
  const run = await drive(false);
  const busyEnd = await taskSeconds();
  const controlMsPerMs = ((controlEnd - controlStart) * 1000) / control.elapsedMs;
  const busyMs = (busyEnd - controlEnd) * 1000 - controlMsPerMs * run.elapsedMs;
  const ticks = run.perTick.length;
  const tickP99Ms = quantile(run.perTick, 0.99);
  console.log(
    JSON.stringify({
      candles: CANDLES,
      ticksPerSecond: RATE,
      ticks,
      elapsedMs: round(run.elapsedMs),
      tickP50Ms: round(quantile(run.perTick, 0.5)),
      tickP99Ms: round(tickP99Ms),
      tickMaxMs: round(Math.max(...run.perTick)),
      frames: run.perFrame.length,
      frameP50Ms: round(quantile(run.perFrame, 0.5)),
      frameP99Ms: round(quantile(run.perFrame, 0.99)),
      mainThreadMsPerTick: round(busyMs / ticks),
      mainThreadBusyShare: round(busyMs / run.elapsedMs),
      goalP99Ms: GOAL_P99_MS,
      withinGoal: tickP99Ms <= GOAL_P99_MS,
    }),
  );
  await page.close();
} finally {
  await browser.close();
  await server.close();
}
