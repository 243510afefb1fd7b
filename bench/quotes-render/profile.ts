// Where a partial-update step's main-thread time goes, React table against hand-written copy (issue #23):
// Chromium's trace of STEPS steps per side (script, style, layout, paint events: how many and how long),
// the DOM mutations per step, and a sampling profile of the React steps by function (self time).
// `TK_BENCH_NO_MINIFY=1 npx tsx bench/quotes-render/profile.ts` for readable names; env BENCH_QR_ROWS (1000).
import { buildPages, launchBrowser, openBench, servePages } from './harness';

/** Self time (ms) by function of a CPU profile of the DevTools protocol. */
function selfTimes(profile: {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}): Map<string, number> {
  const self = new Map<string, number>();
  const nodeById = new Map(profile.nodes.map((n) => [n.id, n]));
  (profile.samples ?? []).forEach((id, i) => {
    const f = nodeById.get(id)!.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  return self;
}

const ROWS = Number(process.env.BENCH_QR_ROWS ?? 1000);
const STEPS = 10;
/** Extra CSS put in both tables' shadow roots (to try a layout change on both sides before shipping it). */
const EXTRA_CSS = process.env.BENCH_QR_CSS ?? '';
const SIDES = (process.env.BENCH_QR_SIDES ?? 'react,vanilla').split(',') as Side[];
const WARMUP = 6;
type Side = 'react' | 'vanilla';

await buildPages();
const pages = await servePages();
const browser = await launchBrowser();
try {
  const { page } = await openBench(
    browser,
    `${pages.origin}/inpage?rows=${ROWS}&steps=${WARMUP + 4 * STEPS}`,
  );
  const call = (name: string, ...args: unknown[]) =>
    page.evaluate(
      ([key, list]) =>
        (window as unknown as { __bench: Record<string, (...a: unknown[]) => unknown> }).__bench[key]!(
          ...(list as unknown[]),
        ),
      [name, args] as const,
    );
  const cdp = await page.context().newCDPSession(page);
  if (EXTRA_CSS)
    await page.evaluate((css) => {
      for (const host of [document.querySelector('tk-quotes')!, document.querySelector('.bench-vanilla')!]) {
        const style = document.createElement('style');
        style.textContent = css;
        host.shadowRoot!.append(style);
      }
    }, EXTRA_CSS);
  for (const side of ['react', 'vanilla'] as Side[]) {
    await call('show', side);
    for (let s = 0; s < WARMUP; s++) await call('step', side, s);
  }
  if (process.env.BENCH_QR_LIVE) {
    // The live run instead: a sampling profile of 2 s of 30 one-quote messages a frame.
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const live = (await call('live', 2, 30)) as { longTasks: number[]; intervals: number[]; sent: number };
    const { profile } = await cdp.send('Profiler.stop');
    console.log(`live: ${live.sent} messages, long tasks ${JSON.stringify(live.longTasks)}`);
    const self = selfTimes(profile);
    for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40))
      console.log(`    ${ms.toFixed(1).padStart(8)} ms  ${k}`);
    process.exit(0);
  }
  let next = WARMUP;
  for (const side of SIDES) {
    await call('show', side);
    // DOM mutations per step, in the side's shadow root.
    await page.evaluate((s) => {
      const host =
        s === 'react' ? document.querySelector('tk-quotes')! : document.querySelector('.bench-vanilla')!;
      const w = window as unknown as { __mut: Record<string, number>; __obs?: MutationObserver };
      w.__mut = {};
      w.__obs?.disconnect();
      w.__obs = new MutationObserver((records) => {
        for (const r of records) {
          const key = `${r.type}${r.attributeName ? `:${r.attributeName}` : ''}`;
          w.__mut[key] = (w.__mut[key] ?? 0) + 1;
        }
      });
      w.__obs.observe(host.shadowRoot!, {
        subtree: true,
        attributes: true,
        characterData: true,
        childList: true,
      });
    }, side);
    const events: Array<{ name: string; dur?: number; ph: string; args?: unknown }> = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as typeof events)));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
      transferMode: 'ReportEvents',
    });
    if (side === 'react') {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    for (let k = 0; k < STEPS; k++) await call('step', side, next + k);
    next += STEPS;
    const profile = side === 'react' ? (await cdp.send('Profiler.stop')).profile : null;
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    const mut = await page.evaluate(() => (window as unknown as { __mut: Record<string, number> }).__mut);
    const byName = new Map<string, { n: number; ms: number }>();
    for (const e of events) {
      if (e.ph !== 'X' || e.dur === undefined) continue;
      const v = byName.get(e.name) ?? { n: 0, ms: 0 };
      v.n++;
      v.ms += e.dur / 1000;
      byName.set(e.name, v);
    }
    console.log(`\n== ${side}: ${STEPS} steps`);
    for (const name of [
      'RunTask',
      'FunctionCall',
      'EventDispatch',
      'TimerFire',
      'FireAnimationFrame',
      'UpdateLayoutTree',
      'Layout',
      'PrePaint',
      'Paint',
      'Layerize',
      'Commit',
      'MinorGC',
      'MajorGC',
      'ParseHTML',
      'HitTest',
    ])
      if (byName.has(name))
        console.log(
          `  ${name.padEnd(20)} ${String(byName.get(name)!.n / STEPS).padStart(6)} per step  ${(byName.get(name)!.ms / STEPS).toFixed(2).padStart(8)} ms per step`,
        );
    console.log(
      '  mutations per step:',
      Object.fromEntries(Object.entries(mut).map(([k, v]) => [k, v / STEPS])),
    );
    if (profile) {
      const self = selfTimes(profile);
      console.log('  self time by function (ms per step):');
      for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30))
        console.log(`    ${(ms / STEPS).toFixed(2).padStart(8)}  ${k}`);
    }
  }
} finally {
  await browser.close();
  await pages.close();
}
