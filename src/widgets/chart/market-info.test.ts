import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_MS, marketInfo, parseStatus } from './market-info';
import { createChartPlatform, productInfo } from './chart-test.fixture';
import type { ChartTestPlatform } from './chart-test.fixture';

let test: ChartTestPlatform | null = null;
afterEach(() => {
  test?.platform.close();
  test = null;
  vi.useRealTimers();
});

const settle = () => vi.waitFor(() => undefined);

describe('parseStatus', () => {
  it.each([
    ['closed', 'closed'],
    ['EARLY_TRADING', 'early_trading'],
    ['open', 'open'],
    ['trading', 'open'],
    ['', null],
    [3, null],
  ])('reads %j as %j', (data, status) => {
    expect(parseStatus(data)).toBe(status);
  });
});

describe('marketInfo', () => {
  it('loads the product list once and knows which products it has', async () => {
    test = createChartPlatform({
      products: [productInfo({ productCode: 'EURUSD' })],
      status: { EURUSD: 'open' },
    });
    const info = marketInfo(test.platform);
    expect(marketInfo(test.platform)).toBe(info);
    expect(info.product('EURUSD')).toBeUndefined();
    const stopA = info.watch('EURUSD');
    const stopB = info.watch('GBPUSD');
    // A loaded machine can take longer than vi.waitFor's default second to load the list.
    await vi.waitFor(() => expect(info.product('EURUSD')?.productCode).toBe('EURUSD'), { timeout: 10_000 });
    expect(info.product('GBPUSD')).toBeNull();
    expect(info.status('EURUSD')).toBe('open');
    expect(info.status('GBPUSD')).toBeNull();
    expect(test.fetched.filter((p) => p.endsWith('/forex/product/list'))).toHaveLength(1);
    stopA();
    stopB();
  });

  it('refreshes the status of a watched symbol every minute and stops when unwatched', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    test = createChartPlatform({ products: [], status: { EURUSD: 'open' } });
    const info = marketInfo(test.platform);
    const changes = vi.fn();
    info.subscribe(changes);
    const stop = info.watch('EURUSD');
    const again = info.watch('EURUSD');
    await vi.waitFor(() => expect(info.status('EURUSD')).toBe('open'));
    test.script.status.EURUSD = 'closed';
    await vi.advanceTimersByTimeAsync(REFRESH_MS);
    await vi.waitFor(() => expect(info.status('EURUSD')).toBe('closed'));
    expect(changes).toHaveBeenCalled();
    stop();
    again();
    const asked = test.fetched.filter((p) => p === '/market/status/EURUSD').length;
    await vi.advanceTimersByTimeAsync(3 * REFRESH_MS);
    await settle();
    expect(test.fetched.filter((p) => p === '/market/status/EURUSD')).toHaveLength(asked);
  });
});
