import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatsTimesAtOnce, prepareTimesFor } from './time-format';

describe('formatsTimesAtOnce (EK50)', () => {
  it('is true for the chart page on any screen', () => {
    expect(formatsTimesAtOnce('/BTCUSDT/chart', false)).toBe(true);
    expect(formatsTimesAtOnce('/EURUSD/chart', true)).toBe(true);
  });

  it('is true on a desktop for the pages the trading layout shows (its chart panel), false for them on a phone', () => {
    for (const path of ['/', '/position', '/login']) {
      expect(formatsTimesAtOnce(path, true)).toBe(true);
      expect(formatsTimesAtOnce(path, false)).toBe(false);
    }
  });

  it('is false for pages that format no time on their first render, and for addresses of no page', () => {
    expect(formatsTimesAtOnce('/account', true)).toBe(false);
    expect(formatsTimesAtOnce('/account', false)).toBe(false);
    expect(formatsTimesAtOnce('/no/such/page/here', true)).toBe(false);
  });
});

/** Intl.DateTimeFormat watched: each construction is a call of the returned mock, and makes a real formatter. */
function countFormatters() {
  const Real = Intl.DateTimeFormat;
  return vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
    ...args: ConstructorParameters<typeof Real>
  ) {
    return new Real(...args);
  } as unknown as typeof Real);
}

describe('prepareTimesFor', () => {
  afterEach(() => vi.restoreAllMocks());

  it("makes the device zone's formatter in a later task for the chart page, and the render after makes none", async () => {
    vi.resetModules();
    const { prepareTimesFor: prepare } = await import('./time-format');
    const { formatTime } = await import('../../core/domain/format');
    const made = countFormatters();
    const done = prepare('/BTCUSDT/chart', false);
    // Not in the task that asked: the start-up's own task stays as short as it was.
    expect(made).not.toHaveBeenCalled();
    await expect(done).resolves.toBe(true);
    expect(made).toHaveBeenCalledTimes(1);
    expect(made.mock.calls[0]![1]).toMatchObject({ timeZone: undefined, hourCycle: 'h23' });
    formatTime(Date.UTC(2026, 2, 11, 12, 0, 0));
    expect(made).toHaveBeenCalledTimes(1);
  });

  it('makes nothing for a page that formats no time at once', async () => {
    const made = countFormatters();
    await expect(prepareTimesFor('/login', false)).resolves.toBe(false);
    expect(made).not.toHaveBeenCalled();
  });
});
