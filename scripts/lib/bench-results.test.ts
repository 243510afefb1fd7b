// The bench table (EK11): figures against their floors and limits, latest.json merged across runs, the README.
import { describe, expect, it } from 'vitest';
import {
  README_END,
  README_START,
  figure,
  formatValue,
  mergeResults,
  renderTable,
  replaceBetweenMarkers,
  type Results,
} from './bench-results.mjs';

const size = figure({
  name: 'tk-quotes first paint',
  value: 98_719,
  unit: 'B',
  floor: 69_000,
  floorLabel: 'React alone',
  limit: { kind: 'budget', max: 102_400 },
});

const run = (at: string, benches: Results['benches']): Results => ({
  at,
  node: 'v20.20.2',
  cpus: 2,
  benches,
});
const entry = (at: string, figures = [size]) => ({ at, ok: true, figures });

describe('figure', () => {
  it('computes the ratio to the floor and whether a budget on the figure is met', () => {
    expect(size.ratio).toBeCloseTo(98_719 / 69_000, 6);
    expect(size.met).toBe(true);
    expect(size.limit).toEqual({ kind: 'budget', on: 'figure', max: 102_400 });
    expect(
      figure({ name: 'x', value: 102_401, unit: 'B', limit: { kind: 'budget', max: 102_400 } }).met,
    ).toBe(false);
  });

  it('checks a limit on the ratio, and a minimum', () => {
    const faster = { name: 'orders', unit: 'orders/s', floor: 1000, floorLabel: 'SQL baseline' };
    const goal = { kind: 'goal', on: 'ratio', min: 1 } as const;
    expect(figure({ ...faster, value: 1200, limit: goal }).met).toBe(true);
    expect(figure({ ...faster, value: 900, limit: goal }).met).toBe(false);
    expect(figure({ ...faster, value: 900 }).met).toBeNull();
  });

  it('refuses a figure that is not a number, a bad floor, and a limit that says nothing', () => {
    expect(() => figure({ name: 'x', value: Number.NaN, unit: 'B' })).toThrow(/not a number/);
    expect(() => figure({ name: 'x', value: 1, unit: 'B', floor: 0 })).toThrow(/floor/);
    expect(() => figure({ name: 'x', value: 1, unit: 'B', limit: { kind: 'goal' } })).toThrow(/max or min/);
    expect(() =>
      figure({ name: 'x', value: 1, unit: 'B', limit: { kind: 'goal', on: 'ratio', max: 1 } }),
    ).toThrow(/needs a floor/);
  });
});

describe('mergeResults', () => {
  const previous = run('2026-11-30T10:00:00.000Z', {
    'bench/chart-size.ts': entry('2026-11-30T10:00:00.000Z'),
    'bench/quotes-size.ts': entry('2026-11-30T10:00:00.000Z'),
  });
  const order = ['bench/quotes-size.ts', 'bench/broker-fanout.ts', 'bench/chart-size.ts'];

  it('keeps the benchmarks a partial run did not run, with their dates, in the run order', () => {
    const merged = mergeResults(
      previous,
      run('2026-12-01T05:00:00.000Z', { 'bench/quotes-size.ts': entry('2026-12-01T05:00:00.000Z') }),
      { full: false, order },
    );
    expect(Object.keys(merged.benches)).toEqual(['bench/quotes-size.ts', 'bench/chart-size.ts']);
    expect(merged.benches['bench/quotes-size.ts']?.at).toBe('2026-12-01T05:00:00.000Z');
    expect(merged.benches['bench/chart-size.ts']?.at).toBe('2026-11-30T10:00:00.000Z');
    expect(merged.at).toBe('2026-12-01T05:00:00.000Z');
  });

  it('replaces everything on a full run, and starts afresh from a file of another shape', () => {
    const now = run('2026-12-01T05:00:00.000Z', {
      'bench/broker-fanout.ts': entry('2026-12-01T05:00:00.000Z'),
    });
    expect(Object.keys(mergeResults(previous, now, { full: true, order }).benches)).toEqual([
      'bench/broker-fanout.ts',
    ]);
    for (const old of [null, { quotesSize: { quotesGzipBytes: 1 } }, 'garbage'])
      expect(Object.keys(mergeResults(old, now, { full: false, order }).benches)).toEqual([
        'bench/broker-fanout.ts',
      ]);
  });
});

describe('renderTable', () => {
  it('shows each figure beside its floor, ratio, limit and whether it is met', () => {
    const table = renderTable(
      run('2026-12-01T05:00:00.000Z', {
        'bench/quotes-size.ts': entry('2026-12-01T05:00:00.000Z', [
          size,
          figure({
            name: 'broker | raw',
            value: 52_000.4,
            unit: 'msg/s',
            floor: 60_000,
            floorLabel: 'raw ws',
          }),
          figure({
            name: 'p99',
            value: 1.234,
            unit: 'ms',
            limit: { kind: 'goal', max: 1 },
            note: '1,000 ticks/s',
          }),
        ]),
        'bench/api-fuzz.ts': { at: '2026-11-30T09:00:00.000Z', ok: false, error: 'exit 1', figures: [] },
      }),
    );
    const rows = table.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| ---'));
    expect(rows).toEqual([
      '| Benchmark | Figure | Floor (same run) | Ratio | Budget or goal | Met | Run |',
      '| tk-quotes first paint | 96.4 KB | 67.4 KB: React alone | 1.43× | budget ≤ 100.0 KB | yes | 2026-12-01 |',
      '| broker \\| raw | 52,000 msg/s | 60,000 msg/s: raw ws | 0.87× | — | — | 2026-12-01 |',
      '| p99 (1,000 ticks/s) | 1.23 ms | — | — | goal ≤ 1.00 ms | **no** | 2026-12-01 |',
      '| bench/api-fuzz.ts | failed | — | — | — | **no** | 2026-11-30 |',
    ]);
    expect(table).toContain('Last run 2026-12-01 (Node v20.20.2, 2 CPUs)');
  });

  it('says so when there is no run yet', () => {
    expect(renderTable(null)).toContain('Last run never (no run yet)');
  });
});

describe('formatValue', () => {
  it.each([
    [12_264, 'B', '12,264 B'],
    [98_719, 'B', '96.4 KB'],
    [0.157, 'ms', '0.16 ms'],
    [416.7, 'ms', '416.7 ms'],
    [1.46, '×', '1.46×'],
    [1234.6, 'orders/s', '1,235 orders/s'],
    [0, 'failures', '0 failures'],
    // A score or a count without unit: nothing after the number.
    [67, '', '67'],
    [0.5, '', '0.50'],
  ])('%d %s → %s', (value, unit, text) => {
    expect(formatValue(value, unit)).toBe(text);
  });
});

describe('replaceBetweenMarkers', () => {
  it('replaces only what is between the markers, again and again', () => {
    const readme = `# T\n\n## Benchmarks\n\n${README_START}\nold\n${README_END}\n\n## More\n`;
    const once = replaceBetweenMarkers(readme, 'new table');
    expect(once).toBe(`# T\n\n## Benchmarks\n\n${README_START}\n\nnew table\n\n${README_END}\n\n## More\n`);
    expect(replaceBetweenMarkers(once, 'new table')).toBe(once);
  });

  it('refuses a README without the markers', () => {
    expect(() => replaceBetweenMarkers('# T\n', 'x')).toThrow(/no <!-- bench:start -->/);
  });
});
