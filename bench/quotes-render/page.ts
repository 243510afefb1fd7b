// Browser entry of the in-page quote render benchmarks (built by harness.ts): the real <tk-quotes> element
// (its React table, its CSS, the page's real feed, atoms and i18n) on a platform whose socket and market
// service live in the page, so a run measures rendering, not a network. `__bench` exposes the steps
// quotes-render.ts drives: the partial update on the React table or on the hand-written copy, an idle control
// step, and the live run of many ticks per frame.
import { sampleConfigJson } from '../../src/core/config/runtime-config.fixture';
import { Topic } from '../../src/core/contract/paths';
import { fakeClientFactory } from '../../src/core/feeds/fake-stomp-client.fixture';
import { createPlatform } from '../../src/core/runtime/platform';
import '../../src/widgets/quotes/quotes.element';
import { seriesStore } from '../../src/widgets/quotes/spark-series';
import { fitLabels } from '../../src/widgets/quotes/column-fit';
import { BenchBook, PRECISION, symbolOf, toDecimal } from './market';
import { afterTask } from './probe';
import { VanillaQuotes } from './vanilla';

interface BenchWindow {
  __bench: { result?: unknown; error?: string; [name: string]: unknown };
}
const page = window as unknown as BenchWindow;
page.__bench = {};
const params = new URLSearchParams(location.search);
const ROWS = Number(params.get('rows') ?? 1000);
const EVERY = Number(params.get('every') ?? 10);
const STEPS = Number(params.get('steps') ?? 400);
const START = Date.now() - 3_600_000;
const book = new BenchBook(ROWS, START);
const config = sampleConfigJson();
const timeZone = (config.brand as { timezone: string }).timezone;

// The platform's clock: frozen during the partial update (no quote turns "Delayed" and the widget's
// once-a-second clock re-render stays out of the per-step figure), real time in the live run.
let frozenAt: number | null = Date.now();
const now = () => frozenAt ?? Date.now();

/** 30 one-minute opens before the start, as `thumb/{symbol}` answers them. */
function thumbOf(symbol: string) {
  const index = Number(symbol.slice(1, 5)) - 1;
  const bid = Number(book.entry(index).bidPrice) * 10 ** PRECISION;
  return {
    symbol,
    points: Array.from({ length: 30 }, (_, i) => ({
      time: START - (30 - i) * 60_000,
      price: toDecimal(bid + (((i * 7 + index) % 11) - 5) * 3),
    })),
  };
}

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: 'success', data }));
const fetchImpl = (async (input: RequestInfo | URL) => {
  const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
  if (path === '/config.json') return new Response(JSON.stringify(config));
  if (path.endsWith('/getAllConfigStatusWeb')) return ok({ systemConfigs: [], walletType: 0 });
  if (path.startsWith('/market/thumb/')) return ok(thumbOf(decodeURIComponent(path.slice(14))));
  return new Response('not found', { status: 404 });
}) as typeof fetch;
const stomp = fakeClientFactory();
const platform = createPlatform({ origin: location.origin, fetchImpl, clientFactory: stomp.factory, now });
// The slot getPlatform() reads (src/core/runtime/platform.ts): the widget gets this platform.
(globalThis as unknown as Record<symbol, unknown>)[Symbol.for('tradekit.platform')] = platform;

/** Resolve after `count` animation frames. */
function frames(count: number): Promise<void> {
  return new Promise((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(count);
  });
}

/** Resolve when `read()` holds, checking every frame. */
function until(read: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const check = () => {
      if (read()) return resolve();
      if (performance.now() - started > timeoutMs) return reject(new Error(`timed out waiting for ${what}`));
      requestAnimationFrame(check);
    };
    check();
  });
}

/** After the next frame has been painted: a task queued from that frame's animation callback. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => afterTask(resolve)));
}

/** Run `work` in a task of its own (a message event, as a socket's message is); resolves after it. */
function inTask(work: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      try {
        work();
        resolve();
      } catch (error) {
        reject(error as Error);
      }
    };
    channel.port2.postMessage(null);
  });
}

const deliver = (body: string) => stomp.client().deliver(Topic.prices, body);

// The tick sequence of the partial update, made before any timing: step s moves every EVERY-th row, starting
// at row s % EVERY (js-framework-benchmark's "partial update" on a rotating tenth), one second apart.
const stepBodies: string[] = [];
const stepLast: Array<{ symbol: string; bid: string }> = [];
function makeSteps() {
  for (let s = 0; s < STEPS; s++) {
    const time = START + (s + 1) * 1000;
    const entries = [];
    for (let i = s % EVERY; i < ROWS; i += EVERY) entries.push(book.move(i, time));
    stepBodies.push(JSON.stringify(entries));
    const last = entries.at(-1)!;
    stepLast.push({ symbol: last.symbol, bid: last.bidPrice });
  }
}

const el = document.createElement('tk-quotes');
let vanilla: VanillaQuotes | null = null;

const rowsOf = (root: ShadowRoot | null | undefined) =>
  root?.querySelectorAll('[role="row"][data-symbol]').length ?? 0;

async function setup(): Promise<unknown> {
  el.setAttribute('category', 'forex');
  el.style.display = 'block';
  document.body.append(el);
  await until(() => {
    const client = (() => {
      try {
        return stomp.client();
      } catch {
        return null;
      }
    })();
    if (client?.active && !client.connected) client.acceptConnect();
    return client?.subscribed().includes(Topic.prices) ?? false;
  }, 'the feed to subscribe /topic/prices');
  deliver(JSON.stringify(book.entries()));
  await until(() => rowsOf(el.shadowRoot) === ROWS, `${ROWS} rows`);
  // Every mini chart has its 30 points drawn before the copy is made.
  await until(
    () =>
      el.shadowRoot!.querySelectorAll('.tk-quotes__spark path').length === ROWS &&
      Array.from({ length: ROWS }, (_, i) => seriesStore(platform).get(symbolOf(i))).every(Boolean),
    'the mini charts',
  );
  await frames(2);
  vanilla = new VanillaQuotes(
    el,
    (symbol) => seriesStore(platform).get(symbol),
    timeZone,
    fitLabels((key) => platform.i18n.t(key)),
  );
  vanilla.host.style.display = 'none';
  document.body.append(vanilla.host);
  makeSteps();
  for (const { symbol } of stepLast) {
    const span = el.shadowRoot!.querySelector(`[data-symbol="${symbol}"] [data-field="bid"]`);
    if (!span) throw new Error(`no bid of ${symbol} on the React table`);
    stepBid.push(span);
  }
  await frames(2);
  return { rows: rowsOf(el.shadowRoot), vanillaRows: vanilla.size, steps: STEPS };
}

/** Show one side only (the other is display:none, so its table is not laid out or painted). */
async function show(side: 'react' | 'vanilla'): Promise<void> {
  el.style.display = side === 'react' ? 'block' : 'none';
  vanilla!.host.style.display = side === 'vanilla' ? 'block' : 'none';
  await frames(3);
}

/**
 * Resolves once `shown()` holds and the frame that shows it is drawn: checked at once (the table rendered in
 * the message's task) and then in each frame's animation callbacks (the table rendered in one, EK34), where
 * the frame under way is the one that draws it.
 */
function shownAndPainted(shown: () => boolean, what: string): Promise<void> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    if (shown()) return void afterPaint().then(resolve);
    const check = () => {
      if (shown()) return afterTask(resolve);
      if (performance.now() - started > 60_000) return reject(new Error(`timed out waiting for ${what}`));
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** The bid of each step's last moved row on the React table, found before any timing (React keeps the node). */
const stepBid: Element[] = [];

/** Step `s` on one side; resolves once its DOM shows the step and the frame after it is painted. */
async function step(side: 'react' | 'vanilla' | 'control', s: number): Promise<void> {
  const body = stepBodies[s];
  if (body === undefined) throw new Error(`no step ${s} (steps=${STEPS})`);
  // In a task of its own, as a socket message is (not inside the driver's evaluation).
  if (side === 'vanilla') await inTask(() => vanilla!.apply(body));
  else if (side === 'react') {
    await inTask(() => deliver(body));
    // Wait until the last changed row shows the price (the bench's own check reads a node it holds: a query
    // of the thousand rows' shadow root per check was 3 ms of each step counted against React).
    const span = stepBid[s]!;
    const { bid } = stepLast[s]!;
    await shownAndPainted(() => span.textContent === bid, `step ${s} on the React table`);
    await afterPaint();
    return;
  }
  await afterPaint();
  await afterPaint();
}

/** Rows whose HTML differs between the React table and the hand-written copy (both got the same steps). */
function compare(): { rows: number; differing: number; example: string | null } {
  const react = new Map<string, string>();
  for (const row of el.shadowRoot!.querySelectorAll<HTMLElement>('[role="row"][data-symbol]'))
    react.set(row.dataset.symbol!, row.outerHTML);
  const copy = vanilla!.rowHtml();
  let differing = 0;
  let example: string | null = null;
  for (const [symbol, html] of react) {
    if (copy.get(symbol) === html) continue;
    differing++;
    example ??= `${symbol}\nreact:   ${html.slice(0, 600)}\nvanilla: ${copy.get(symbol)?.slice(0, 600)}`;
  }
  return { rows: react.size, differing, example };
}

/**
 * The live run: the React table alone on real time, `perFrame` × 60 one-quote messages a second (30 a frame
 * at 60 frames a second) for `seconds`, each message a task of its own as a socket's is. Reports long tasks
 * (> 50 ms), frame intervals and how many messages were delivered.
 */
async function live(seconds: number, perFrame: number): Promise<unknown> {
  vanilla!.host.remove();
  el.style.display = 'block';
  frozenAt = null;
  // Every quote fresh on the real clock before timing: no row turns "Delayed" during the run.
  const start = Date.now();
  deliver(JSON.stringify(Array.from({ length: ROWS }, (_, i) => book.move(i, start))));
  await frames(4);
  const perSecond = perFrame * 60;
  const total = Math.round(seconds * perSecond);
  const bodies = Array.from({ length: total }, (_, k) =>
    JSON.stringify([book.move((k * 7) % ROWS, start + 1000 + Math.floor((k * 1000) / perSecond))]),
  );
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const frameTimes: number[] = [];
  let sent = 0;
  let delivered = 0;
  let running = true;
  const onFrame = (time: number) => {
    frameTimes.push(time);
    if (running) requestAnimationFrame(onFrame);
  };
  // One message event per quote, as a socket's messages are one task each; a timer posts what the clock
  // says is due, so a busy main thread finds the messages that arrived meanwhile queued up behind it.
  const socket = new MessageChannel();
  socket.port1.onmessage = (event: MessageEvent<number>) => {
    deliver(bodies[event.data]!);
    delivered++;
  };
  const begin = performance.now();
  const pump = () => {
    const due = Math.min(total, Math.floor(((performance.now() - begin) * perSecond) / 1000));
    for (; sent < due; sent++) socket.port2.postMessage(sent);
    if (sent < total) setTimeout(pump, 1);
  };
  pump();
  const done = until(() => delivered === total, 'the live run', (seconds + 120) * 1000);
  requestAnimationFrame(onFrame);
  await done;
  await frames(3);
  running = false;
  const elapsedMs = performance.now() - begin;
  // Long-task entries are queued to observers after their task: take what is still pending.
  for (const entry of observer.takeRecords()) longTasks.push(entry.duration);
  observer.disconnect();
  const intervals = frameTimes.slice(1).map((t, i) => t - frameTimes[i]!);
  socket.port1.close();
  return { sent: delivered, planned: total, elapsedMs, longTasks, intervals, rows: rowsOf(el.shadowRoot) };
}

Object.assign(page.__bench, { show, step, compare, live });
setup().then(
  (result) => (page.__bench.result = result),
  (error: unknown) =>
    (page.__bench.error = error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
