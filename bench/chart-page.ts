// Browser entry of the chart benchmarks (built by bench/chart-harness.ts). `?mode=bare|widget&n=…` times one
// chart init on fresh page; `?mode=update` prepares a live widget and exposes the tick driver. Both chart
// paths are loaded before timing: the comparison is of the work, not of script downloads.
import { init } from 'klinecharts';
import type { KLineData } from 'klinecharts';
import '../src/widgets/chart/chart-engine';
import '../src/widgets/chart/chart.element';
import { Topic } from '../src/core/contract/paths';
import {
  SYMBOL,
  canvasOf,
  candles,
  frames,
  historyBody,
  installPlatform,
  mountChart,
  until,
} from './chart-fixture';

interface BenchWindow {
  __bench: { result?: unknown; error?: string; [name: string]: unknown };
}
const page = window as unknown as BenchWindow;
page.__bench = {};
const params = new URLSearchParams(location.search);
const n = Number(params.get('n') ?? 100_000);
const width = Number(params.get('w') ?? 1200);
const height = Number(params.get('h') ?? 600);
const history = historyBody(candles(n));

/** Bare klinecharts on the same bytes: parse, convert, the same two indicators, until drawn. */
async function bare(): Promise<unknown> {
  const el = document.createElement('div');
  el.style.cssText = `width:${width}px;height:${height}px`;
  document.body.append(el);
  await frames(2);
  performance.mark('bench-start');
  const started = performance.now();
  const chart = init(el, { hotkey: { enabled: false } })!;
  chart.setSymbol({ ticker: SYMBOL, pricePrecision: 5, volumePrecision: 2 });
  chart.setPeriod({ type: 'minute', span: 1 });
  chart.createIndicator({ name: 'MA', paneId: 'candle_pane' }, true);
  chart.createIndicator({ name: 'VOL', paneId: 'tk_sub_VOL' });
  chart.setDataLoader({
    getBars: async ({ callback }) => {
      const body = (await new Response(history).json()) as { data: Array<Record<string, string | number>> };
      const data: KLineData[] = body.data.map((p) => ({
        timestamp: Number(p.time),
        open: Number(p.openPrice),
        high: Number(p.highestPrice),
        low: Number(p.lowestPrice),
        close: Number(p.closePrice),
        volume: Number(p.volume),
        turnover: Number(p.turnover),
      }));
      callback(data, false);
    },
  });
  await until(() => chart.getDataList().length === n);
  await frames(2);
  return { ms: performance.now() - started };
}

/** The <tk-chart> element from creation until its canvas has the candles and a frame was painted. */
async function widget(): Promise<unknown> {
  installPlatform(history);
  await frames(2);
  performance.mark('bench-start');
  const started = performance.now();
  const el = mountChart(width, height);
  // When the widget's own UI first showed (header and skeleton), for the breakdown of the init time.
  let firstRenderMs = NaN;
  const seen = new MutationObserver(() => {
    if (!el.shadowRoot?.querySelector('[part="header"]')) return;
    firstRenderMs = performance.now() - started;
    seen.disconnect();
  });
  if (el.shadowRoot) seen.observe(el.shadowRoot, { childList: true, subtree: true });
  await until(() => canvasOf(el)?.dataset.candles === String(n));
  await frames(2);
  seen.disconnect();
  const ms = performance.now() - started;
  const box = el.shadowRoot!.querySelector('.tk-chart__engine')!.getBoundingClientRect();
  return { ms, firstRenderMs, engineWidth: Math.round(box.width), engineHeight: Math.round(box.height) };
}

/** A live widget, then `ticks(seconds, rate)` delivers forming candles through the socket. */
async function update(): Promise<unknown> {
  const { client } = installPlatform(history);
  const el = mountChart(width, height);
  await until(() => canvasOf(el)?.dataset.candles === String(n));
  await until(() => {
    try {
      if (client().active && !client().connected) client().acceptConnect();
      return client().subscribed().includes(Topic.kline(SYMBOL, '1min'));
    } catch {
      return false;
    }
  });
  const last = candles(n).at(-1)!;
  const frameWork = new Map<number, number>();
  let recording = false;
  const raf = window.requestAnimationFrame.bind(window);
  // Times every frame callback (klinecharts draws and the loader's coalesced update run there).
  window.requestAnimationFrame = (callback) =>
    raf((time) => {
      const start = performance.now();
      try {
        callback(time);
      } finally {
        if (recording) frameWork.set(time, (frameWork.get(time) ?? 0) + performance.now() - start);
      }
    });
  page.__bench.idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  // `control`: the same messages to a destination nobody subscribed, to weigh the generator itself.
  page.__bench.ticks = (seconds: number, rate: number, control = false) =>
    new Promise((resolve) => {
      const topic = control ? '/topic/kline.NOBODY.1min' : Topic.kline(SYMBOL, '1min');
      const perTick: number[] = [];
      const total = seconds * rate;
      let sent = 0;
      let time = last.time;
      let close = Number(last.closePrice);
      recording = true;
      const begin = performance.now();
      const loop = () => {
        const due = Math.min(total, Math.floor(((performance.now() - begin) * rate) / 1000));
        for (; sent < due; sent++) {
          // A new candle every second of ticks, so closing and opening candles are measured too.
          if (sent > 0 && sent % rate === 0) time += 60_000;
          close *= 1 + ((sent % 7) - 3) * 0.00001;
          const body = JSON.stringify({
            ...last,
            time,
            closePrice: close.toFixed(5),
            highestPrice: (close * 1.0001).toFixed(5),
          });
          const start = performance.now();
          client().deliver(topic, body);
          perTick.push(performance.now() - start);
        }
        if (sent < total) setTimeout(loop, 0);
        else
          void frames(2).then(() => {
            recording = false;
            resolve({ perTick, perFrame: [...frameWork.values()], elapsedMs: performance.now() - begin });
          });
      };
      loop();
    });
  return { ready: true };
}

const modes: Record<string, () => Promise<unknown>> = { bare, widget, update };
const run = modes[params.get('mode') ?? ''];
if (!run) page.__bench.error = `unknown mode ${params.get('mode')}`;
else
  run().then(
    (result) => (page.__bench.result = result),
    (error: unknown) =>
      (page.__bench.error = error instanceof Error ? (error.stack ?? error.message) : String(error)),
  );
