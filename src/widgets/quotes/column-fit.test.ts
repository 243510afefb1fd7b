// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeResizeObserver, stubWidgetWidth } from '../_shared/resize-observer.fixture';
import { ColumnFit, ShapeCounts, fitLabels, fitVariables, shapeOf } from './column-fit';
import type { FitValues } from './column-fit';

const values = (over: Partial<FitValues> = {}): FitValues => ({
  updated: '01-15 07:00:05',
  bid: '1.08240',
  ask: '1.08250',
  low: '1.07900',
  high: '1.08800',
  price: '1.08240',
  change: '+0.12%',
  closed: false,
  ...over,
});

describe('shapeOf', () => {
  it.each([
    ['1.08240', '0.00000'],
    ['102154.96', '000000.00'],
    ['+2.74%', '+0.00%'],
    ['-12.05%', '-00.00%'],
    ['01-15 07:00:05', '00-00 00:00:00'],
    ['--', '--'],
    ['', ''],
  ])('%s → %s', (text, shape) => expect(shapeOf(text)).toBe(shape));
});

describe('fitVariables', () => {
  it.each([
    [{}, []],
    [{ bid: 80 }, [['--_q-fit-bid', '80px']]],
    // Rounded up: a price is never cut by a fraction of a pixel; a float's last bit does not add a pixel.
    [{ bid: 80.2 }, [['--_q-fit-bid', '81px']]],
    [{ bid: 80.0000001 }, [['--_q-fit-bid', '80px']]],
    // A hidden column (its sizer cell not displayed) and nonsense are left out.
    [{ time: 0, change: Number.NaN, ask: -3, price: Infinity }, []],
    [
      { change: 52, time: 101.5, ask: 77, bid: 77 },
      [
        ['--_q-fit-time', '102px'],
        ['--_q-fit-bid', '77px'],
        ['--_q-fit-ask', '77px'],
        ['--_q-fit-change', '52px'],
      ],
    ],
    [
      { price: 64, change: 48 },
      [
        ['--_q-fit-price', '64px'],
        ['--_q-fit-change', '48px'],
      ],
    ],
  ])('%o → %o', (widths, vars) => expect(fitVariables(widths)).toEqual(vars));
});

describe('ShapeCounts', () => {
  it('tells when a field gains or loses a shape, not when a value of a known shape changes', () => {
    const counts = new ShapeCounts();
    expect(counts.set('EURUSD', values())).toBe(true);
    expect(counts.set('GBPUSD', values({ bid: '1.27001', change: '-0.40%' }))).toBe(true);
    // Same shapes as before: the common tick.
    expect(counts.set('EURUSD', values({ bid: '1.08241', ask: '1.08251', change: '+0.13%' }))).toBe(false);
    expect(counts.shapes('bid')).toEqual(['0.00000']);
    expect(counts.shapes('change')).toEqual(['+0.00%', '-0.00%']);
    // 9.99 → 10.00: a new shape, and the old one still shown by another row.
    expect(counts.set('EURUSD', values({ bid: '10.00000' }))).toBe(true);
    expect(counts.shapes('bid')).toEqual(['0.00000', '00.00000']);
    // The last row of a shape leaves it.
    expect(counts.set('GBPUSD', values({ bid: '10.00001', change: '-0.40%' }))).toBe(true);
    expect(counts.shapes('bid')).toEqual(['00.00000']);
    expect(counts.set('XAUUSD', values({ closed: true }))).toBe(true);
    expect(counts.shapes('closed')).toEqual(['closed']);
    expect(counts.remove('XAUUSD')).toBe(true);
    expect(counts.shapes('closed')).toEqual([]);
    expect(counts.remove('XAUUSD')).toBe(false);
    expect(counts.remove('GBPUSD')).toBe(true);
    expect(counts.shapes('change')).toEqual(['+0.00%']);
  });
});

describe('ColumnFit', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.replaceChildren();
  });

  const mount = (layout: 'table' | 'logo') => {
    const table = document.createElement('div');
    const sizer = document.createElement('div');
    table.append(sizer);
    document.body.append(table);
    const fit = new ColumnFit(layout);
    fit.setLabels(fitLabels((key) => `[${key}]`));
    return { table, sizer, fit };
  };
  const column = (sizer: HTMLElement, name: string) =>
    sizer.querySelector<HTMLElement>(`[data-col="${name}"]`)!;

  it('draws each column header above every shape its rows show, in the cells’ markup', async () => {
    const { table, sizer, fit } = mount('table');
    fit.set('EURUSD', values());
    fit.set('XAUUSD', values({ bid: '4188.91', low: '4100.02', closed: true }));
    fit.attach(table, sizer);
    expect([...sizer.children].map((c) => (c as HTMLElement).dataset.col)).toEqual([
      'time',
      'bid',
      'ask',
      'change',
    ]);
    const bid = column(sizer, 'bid');
    expect(bid.querySelector('.tk-quotes__row--head [data-sub]')?.textContent).toBe('[quotes.bid]');
    expect(bid.querySelector('.tk-quotes__row--head [data-sub]')?.getAttribute('data-sub')).toBe(
      '[quotes.low]',
    );
    expect([...bid.querySelectorAll('[part="bid"] .tk-quotes__flash')].map((s) => s.textContent)).toEqual([
      '0.00000',
      '0000.00',
    ]);
    expect([...bid.querySelectorAll('.tk-quotes__sub')].map((s) => s.textContent)).toEqual([
      '[quotes.low] 0.00000',
      '[quotes.low] 0000.00',
    ]);
    expect(column(sizer, 'change').querySelector('[part="closed"]')?.textContent).toBe('[quotes.closed]');
    // Drawn again, once, after the task that changed a shape.
    fit.set('EURUSD', values({ bid: '10.00000' }));
    fit.set('XAUUSD', values({ bid: '4188.92', low: '4100.02' }));
    expect(bid.querySelectorAll('[part="bid"]')).toHaveLength(2);
    await Promise.resolve();
    expect([...bid.querySelectorAll('[part="bid"]')].map((s) => s.textContent)).toEqual([
      '00.00000',
      '0000.00',
    ]);
    expect(column(sizer, 'change').querySelector('[part="closed"]')).toBeNull();
  });

  it('writes the sizer’s column widths on the table, and takes them off when detached', () => {
    stubWidgetWidth(73.4);
    const { table, sizer, fit } = mount('logo');
    fit.set('EURUSD', values());
    const detach = fit.attach(table, sizer);
    expect(table.style.getPropertyValue('--_q-fit-price')).toBe('74px');
    expect(table.style.getPropertyValue('--_q-fit-change')).toBe('74px');
    expect(table.style.getPropertyValue('--_q-fit-bid')).toBe('');
    FakeResizeObserver.resize(90);
    expect(table.style.getPropertyValue('--_q-fit-price')).toBe('90px');
    // A column the container queries hide measures 0: it keeps its last width.
    FakeResizeObserver.resize(0);
    expect(table.style.getPropertyValue('--_q-fit-price')).toBe('90px');
    detach();
    expect(table.style.getPropertyValue('--_q-fit-price')).toBe('');
    expect(sizer.children).toHaveLength(0);
  });
});
