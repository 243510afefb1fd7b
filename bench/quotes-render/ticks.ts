// The tick → painted runs of bench/quotes-render.ts: probe ticks sent by the platform to a page that probe.ts
// watches (the built widget's, wire.ts, or the hand-written floor's, floor.ts), timed on one clock.
import type { Browser, Page } from 'playwright-core';
import { openBench } from './harness';
import { clock } from './platform';
import type { BenchPlatform } from './platform';

type Probe = { seq: number; seenAt: number; paintedAt: number };

/** A call of the page's `__bench` (probe.ts). */
function call<T>(page: Page, name: string): Promise<T> {
  return page.evaluate(
    (key) => (window as unknown as { __bench: Record<string, () => unknown> }).__bench[key]!(),
    name,
  ) as Promise<T>;
}

/** Page clock minus Node clock, from the round trip with the shortest time. */
async function clockOffset(page: Page): Promise<{ offsetMs: number; rttMs: number }> {
  let best = { offsetMs: 0, rttMs: Infinity };
  for (let i = 0; i < 15; i++) {
    const before = clock();
    const pageNow = await call<number>(page, 'clock');
    const after = clock();
    if (after - before < best.rttMs)
      best = { offsetMs: pageNow - (before + after) / 2, rttMs: after - before };
  }
  return best;
}

/**
 * `count` probe ticks (after a few to warm up) sent to the page at `url` while it is open: from the server's
 * send to the DOM showing it (`shown`) and to the end of the frame that paints it (`painted`), in ms.
 */
export async function probeTicks(browser: Browser, url: string, p: BenchPlatform, count: number) {
  const { page } = await openBench(browser, url);
  const warm = Math.min(20, Math.floor(count / 5));
  const { offsetMs, rttMs } = await clockOffset(page);
  const sent = await p.probe(warm + count, 40);
  // Every tick has been sent; the last ones are painted within a few frames.
  await page.waitForFunction(
    (last) =>
      (window as unknown as { __bench: { probes(): Probe[] } }).__bench
        .probes()
        .some((r) => r.seq === last && Number.isFinite(r.paintedAt)),
    Math.max(...sent.keys()),
    { timeout: 10_000, polling: 50 },
  );
  const records = new Map((await call<Probe[]>(page, 'probes')).map((r) => [r.seq, r] as const));
  const painted: number[] = [];
  const shown: number[] = [];
  let missed = 0;
  for (const [seq, sentAt] of [...sent].slice(warm)) {
    const record = records.get(seq);
    if (!record || !Number.isFinite(record.paintedAt)) {
      missed++;
      continue;
    }
    painted.push(record.paintedAt - offsetMs - sentAt);
    shown.push(record.seenAt - offsetMs - sentAt);
  }
  const rows = (await call<{ rows: number }>(page, 'state')).rows;
  await page.close();
  return { rows, missed, offsetMs, rttMs, painted, shown };
}
