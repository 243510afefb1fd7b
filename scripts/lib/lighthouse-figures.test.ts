// What bench/lighthouse.ts takes of a Lighthouse result (EK41): the figures of the page it is named after, or an error.
import { describe, expect, it } from 'vitest';
import {
  cpuSlowdownFor,
  figuresOf,
  medianIndex,
  medianRun,
  type LighthouseResult,
} from '../../bench/lighthouse-figures';

/** A result of the page at `final` whose largest paint is `element` (a selector), as Lighthouse 12 writes one. */
function result(final: string, element?: string): LighthouseResult {
  const numeric = (numericValue: number) => ({ numericValue });
  return {
    categories: { performance: { score: 0.874 } },
    finalDisplayedUrl: `http://127.0.0.1:4000${final}`,
    audits: {
      'first-contentful-paint': numeric(2100),
      'largest-contentful-paint': numeric(2900),
      'total-blocking-time': numeric(263),
      'cumulative-layout-shift': numeric(0.001),
      'speed-index': numeric(2700),
      'largest-contentful-paint-element': {
        details: {
          type: 'list',
          items: element
            ? [{ type: 'table', items: [{ node: { selector: element, nodeLabel: 'label' } }] }]
            : [],
        },
      },
    },
  };
}

describe('figuresOf', () => {
  it('reads the page figures and what its largest paint was', () => {
    expect(figuresOf(result('/position', 'div.host-fullpage > img.host-logo__img'), '/position')).toEqual({
      score: 87,
      firstContentfulPaintMs: 2100,
      largestContentfulPaintMs: 2900,
      totalBlockingTimeMs: 263,
      cumulativeLayoutShift: 0.001,
      speedIndexMs: 2700,
      largestPaintElement: 'div.host-fullpage > img.host-logo__img',
    });
    expect(figuresOf(result('/position'), '/position').largestPaintElement).toBe('');
  });

  it("refuses a page that left its address: its figures are another page's", () => {
    // The order page without its direction leaves for home (spec §2): home's figures, named "order form".
    expect(() => figuresOf(result('/'), '/BTCUSDT/place')).toThrow(
      'Lighthouse measured /, not /BTCUSDT/place: the page left its address',
    );
    expect(() => figuresOf(result('/BTCUSDT/place'), '/BTCUSDT/place?direction=0')).toThrow(
      /left its address/,
    );
    expect(figuresOf(result('/BTCUSDT/place?direction=0'), '/BTCUSDT/place?direction=0').score).toBe(87);
    const { finalDisplayedUrl: _, ...without } = result('/position');
    expect(() => figuresOf(without, '/position')).toThrow('Lighthouse measured (no final address)');
  });

  it('refuses a run Lighthouse reports as failed', () => {
    const failed = { ...result('/'), runtimeError: { code: 'NO_FCP', message: 'no paint' } };
    expect(() => figuresOf(failed, '/')).toThrow('Lighthouse: NO_FCP no paint');
  });
});

describe('medianRun', () => {
  it('takes the run of the median score', () => {
    const run = (score: number) => ({ ...figuresOf(result('/'), '/'), score });
    expect(medianRun([run(70), run(58), run(65)]).score).toBe(65);
    expect(medianRun([run(70), run(58)]).score).toBe(58);
    expect(() => medianRun([])).toThrow('no Lighthouse run');
  });
});

describe('cpuSlowdownFor (EK43)', () => {
  it.each([
    [100, 1],
    [150, 1],
    [475, 1.5],
    [800, 2],
    [1050, 2.5],
    [1300, 3],
    // Lighthouse's default 4× is right for this host.
    [1533, 4],
    [1766, 5],
    [2000, 6],
    // This session's machine: its 4× was a phone more than twice as fast as the profile's.
    [2880, 9.8],
  ])('a host of benchmark index %d slows the CPU %d×', (index, slowdown) => {
    expect(cpuSlowdownFor(index)).toBe(slowdown);
  });

  it('refuses what is not an index', () => {
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow('not a benchmark index: NaN');
    expect(() => cpuSlowdownFor(0)).toThrow(/not a benchmark index/);
  });

  it('takes the middle of several measurements', () => {
    expect(medianIndex([2901, 2820, 2870])).toBe(2870);
    expect(medianIndex([1500, 1600])).toBe(1500);
    expect(() => medianIndex([])).toThrow('no benchmark index');
  });
});
