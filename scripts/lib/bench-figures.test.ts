// The rows the wire benchmarks add to the bench table (EK11), read from their JSON lines.
import { describe, expect, it } from 'vitest';
import { FIGURES } from './bench-figures.mjs';

const rowsOf = (file: string, result: unknown) => FIGURES[file]!(result as never);

describe('FIGURES', () => {
  it('has a reader for every benchmark npm run bench runs', () => {
    expect(Object.keys(FIGURES).sort()).toEqual(
      [
        'bench/alert-eval.ts',
        'bench/api-fuzz.ts',
        'bench/broker-fanout.ts',
        'bench/chaos.ts',
        'bench/chart-init.ts',
        'bench/chart-size.ts',
        'bench/chart-update.ts',
        'bench/json-compression.ts',
        'bench/lighthouse.ts',
        'bench/option-settle.ts',
        'bench/order-placement.ts',
        'bench/quotes-render.ts',
        'bench/quotes-size.ts',
        'bench/transfer-size.ts',
        'bench/trigger-eval.ts',
      ].sort(),
    );
  });

  it('transfer-size: each page against gzip -9 of its responses, a budget on the ratio', () => {
    const page = (name: string, transferredBytes: number) => ({
      page: name,
      requests: 30,
      transferredBytes,
      headerBytes: 20_000,
      rawBytes: 400_000,
      floorBytes: 130_000,
    });
    const rows = rowsOf('bench/transfer-size.ts', {
      pages: [page('tk-quotes', 120_000), page('tk-chart', 131_000)],
    });
    expect(rows.map((r) => [r.name, r.figure, r.floor, r.met])).toEqual([
      ['tk-quotes, first visit, bytes transferred', 120_000, 130_000, true],
      ['tk-chart, first visit, bytes transferred', 131_000, 130_000, false],
    ]);
    expect(rows[0]?.limit).toEqual({ kind: 'budget', on: 'ratio', max: 1 });
  });

  it('json-compression: each answer as served against gzip -9, and the worst CPU time as a goal', () => {
    const answer = { name: 'quote list', rawBytes: 25_680, floorBytes: 1377, servedBytes: 1164 };
    const rows = rowsOf('bench/json-compression.ts', {
      brotliQuality: 5,
      answers: [{ ...answer, servedEncoding: 'br', chosenMs: 0.157 }],
      syncLimit: 32_768,
      worstEventLoopMs: 1.2,
      worstAnswer: 'quote list',
      worstStringifyMs: 0.08,
      goalMs: 1,
    });
    expect(rows.map((r) => [r.figure, r.floor, r.limit?.kind, r.met])).toEqual([
      [1164, 1377, 'budget', true],
      [1.2, 0.08, 'goal', false],
    ]);
    expect(rows[1]?.name).toBe('JSON compression CPU per answer on the event loop, worst: quote list');
  });

  it('quotes-render: the partial update against the hand-written DOM, the other render goals on their own', () => {
    const watch = { asked: 1000, symbolsWithPrice: 256, sockets: 11, subscribeFrames: 11_000 };
    // As the benchmark's last line names it: under its key, like lighthouse's.
    const rows = rowsOf('bench/quotes-render.ts', {
      quotesRender: {
        loadAverage: [1.2, 1.4],
        partialUpdate: { rows: 1000, reactMs: 30, vanillaMs: 20, goal: 1.15, cpuRatio: 1.4 },
        liveRows: { rows: 1000, perFrame: 30, longTasks: 0, longestTaskMs: 0, frameMs: { p99: 17 } },
        tickToPaint: {
          paintedMs: { p50: 5, p95: 9, p99: 12 },
          floor: { paintedMs: { p50: 4, p95: 8, p99: 10 } },
          goalP99Ms: 16.7,
        },
        watchlist: { listed: watch },
      },
    });
    expect(rows.map((r) => [r.figure, r.floor, r.limit?.kind, r.met])).toEqual([
      [30, 20, 'goal', false],
      [0, null, 'goal', true],
      [12, 10, 'goal', true],
      [256, null, 'goal', false],
    ]);
  });

  it('lighthouse: each page beside the React floor page of the same run, the floor pages in the note', () => {
    const page = (score: number, totalBlockingTimeMs: number) => ({
      score,
      firstContentfulPaintMs: 2100,
      largestContentfulPaintMs: 2900,
      totalBlockingTimeMs,
      cumulativeLayoutShift: 0.018,
      speedIndexMs: 2700,
      largestPaintElement: 'div.a > div.b > a > img',
      runs: 5,
      met: score >= 90,
    });
    const lighthouse = {
      version: '12.8.2',
      goals: { score: 90, cumulativeLayoutShift: 0.1, totalBlockingTimeMs: 200 },
      cpu: { multiplier: 9.9, benchmarkIndex: 2917 },
      pages: { home: page(52, 2299), positions: page(91, 98) },
    };
    const floor = { 'no script': page(99, 133), 'React alone': page(93, 29) };
    const rows = rowsOf('bench/lighthouse.ts', { lighthouse: { ...lighthouse, floor } });
    expect(rows.map((r) => [r.name, r.figure, r.floor, r.met])).toEqual([
      ['Lighthouse 12.8.2 mobile, home: performance', 52, 93, false],
      ['Lighthouse 12.8.2 mobile, positions: performance', 91, 93, true],
    ]);
    expect(rows[0]?.ratio).toBeCloseTo(52 / 93);
    expect(rows[0]?.floorLabel).toBe('a list of 40 rows rendered by React alone, same run');
    expect(rows[0]?.note).toContain('TBT 2299 ms');
    expect(rows[0]?.note).toContain('floor TBT 29 ms (React alone), 133 ms (no script, score 99)');
    // A floor without one of its pages (a renamed page in the bench) is an error, not rows without their floor.
    expect(() =>
      rowsOf('bench/lighthouse.ts', {
        lighthouse: { ...lighthouse, floor: { 'React alone': floor['React alone'] } },
      }),
    ).toThrow('the Lighthouse floor has pages React alone, not "React alone" and "no script"');
    // A run from before the floor (latest.json keeps the last full run) reads without one.
    const before = rowsOf('bench/lighthouse.ts', { lighthouse });
    expect(before.map((r) => [r.figure, r.floor, r.floorLabel, r.note.includes('floor')])).toEqual([
      [52, null, null, false],
      [91, null, null, false],
    ]);
  });

  it('chaos: lost + duplicated + drift against a budget of 0, the faults in the note', () => {
    const result = (lost: number) => ({
      clients: 20,
      operationsPerClient: 70,
      operations: 1398,
      retries: 900,
      stuck: 2,
      faults: { pass: 1500, drop: 200, cut: 130, delay: 160, refused: 300 },
      restarts: { server: 1, postgres: 1 },
      lost,
      duplicated: 0,
      drift: 0,
      durationMs: 95_000,
    });
    const [clean] = rowsOf('bench/chaos.ts', result(0));
    expect([clean?.figure, clean?.limit?.kind, clean?.met]).toEqual([0, 'budget', true]);
    expect(clean?.note).toContain(
      '200 replies dropped, 130 requests cut, 160 delayed, 300 refused while down',
    );
    expect(rowsOf('bench/chaos.ts', result(1))[0]?.met).toBe(false);
  });

  it("lighthouse: each page's performance score against the goal of 90", () => {
    const page = (score: number) => ({
      score,
      firstContentfulPaintMs: 1200,
      largestContentfulPaintMs: 2400,
      totalBlockingTimeMs: 150,
      cumulativeLayoutShift: 0.01,
      largestPaintElement: score > 80 ? 'main > div.tk-positions > p.tk-state' : '',
      runs: 3,
    });
    const rows = rowsOf('bench/lighthouse.ts', {
      lighthouse: { version: '12.8.2', goals: { score: 90 }, pages: { home: page(91), chart: page(72) } },
    });
    expect(rows.map((r) => [r.name, r.figure, r.met])).toEqual([
      ['Lighthouse 12.8.2 mobile, home: performance', 91, true],
      ['Lighthouse 12.8.2 mobile, chart: performance', 72, false],
    ]);
    expect(rows[0]?.note).toBe(
      'FCP 1.20 s, LCP 2.40 s, TBT 150 ms, CLS 0.010; median of 3; largest paint: main > div.tk-positions > p.tk-state',
    );
    expect(rows[1]?.note).toBe('FCP 1.20 s, LCP 2.40 s, TBT 150 ms, CLS 0.010; median of 3');
  });

  it('lighthouse: the note names the CPU slowdown the runs took (EK43)', () => {
    const page = {
      score: 80,
      firstContentfulPaintMs: 2100,
      largestContentfulPaintMs: 3000,
      totalBlockingTimeMs: 800,
      cumulativeLayoutShift: 0,
      largestPaintElement: '',
      runs: 3,
    };
    const note = (cpu: unknown) =>
      rowsOf('bench/lighthouse.ts', {
        lighthouse: { version: '12.8.2', goals: { score: 90 }, cpu, pages: { home: page } },
      })[0]?.note;
    expect(note({ multiplier: 9.8, benchmarkIndex: 2880.4 })).toBe(
      'FCP 2.10 s, LCP 3.00 s, TBT 800 ms, CLS 0.000; median of 3; CPU 9.8× for benchmark index 2880',
    );
    expect(note({ multiplier: 4, benchmarkIndex: null })).toBe(
      'FCP 2.10 s, LCP 3.00 s, TBT 800 ms, CLS 0.000; median of 3; CPU 4× as given',
    );
  });
});
