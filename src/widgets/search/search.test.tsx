// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleConfigJson } from '../../core/config/runtime-config.fixture';
import type { ProductInfo } from '../../core/contract/types';
import { fakeClientFactory } from '../../core/feeds/fake-stomp-client.fixture';
import { ALL_STRINGS } from '../../core/i18n/english.fixture';
import { createI18n } from '../../core/i18n/i18n';
import { createPlatform } from '../../core/runtime/platform';
import type { OwnedPlatform } from '../../core/runtime/platform';
import { Topic } from '../../core/contract/paths';
import { resetPageStoreForTests } from '../../core/state/store';
import { PlatformProvider } from '../_shared/platform-context';
import { priceEntry } from '../_shared/test-platform.fixture';
import { Search } from './search';
import type { SearchProps } from './search';

let platform: OwnedPlatform | null = null;
afterEach(() => {
  cleanup();
  platform?.close();
  platform = null;
});

const QUOTES = [
  priceEntry({ symbol: 'EURUSD', name: 'Euro / US Dollar', sort: 1 }),
  priceEntry({ symbol: 'USDJPY', name: 'US Dollar / Yen', sort: 2, pricePrecision: 3, price: '151.2' }),
  priceEntry({ symbol: 'BTCUSDT', name: 'Bitcoin', type: 1 }),
];
const PRODUCTS = [
  { productCode: 'AUDUSD', productName: 'Australian Dollar', type: 3, sort: 5 } as ProductInfo,
];

/** A real platform whose scripted server lists PRODUCTS and whose socket delivers QUOTES. */
async function renderSearch(props: SearchProps = {}) {
  resetPageStoreForTests();
  const fetched: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    fetched.push(path);
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: 'success', data }));
    if (path === '/config.json') return new Response(JSON.stringify(sampleConfigJson()));
    if (path.endsWith('/getAllConfigStatusWeb')) return ok({ systemConfigs: [], walletType: 0 });
    if (path === '/v1/wa-na/forex/product/list') return ok(PRODUCTS);
    return new Response('not found', { status: 404 });
  }) as typeof fetch;
  const stomp = fakeClientFactory();
  platform = createPlatform({
    origin: 'https://platform.test',
    fetchImpl,
    clientFactory: stomp.factory,
    i18n: createI18n({ strings: ALL_STRINGS }),
  });
  render(
    <PlatformProvider platform={platform}>
      <Search {...props} />
    </PlatformProvider>,
  );
  await waitFor(() => expect(stomp.client().active).toBe(true));
  act(() => {
    stomp.client().acceptConnect();
    stomp.client().deliver(Topic.prices, QUOTES);
  });
  return { fetched };
}

const input = () => document.querySelector<HTMLInputElement>('[data-testid="search-input"]')!;
const resultSymbols = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="search-result"]')].map((r) => r.dataset.symbol);
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

describe('Search', () => {
  it('shows the hot searches and no results before a keyword', async () => {
    await renderSearch();
    expect([...document.querySelectorAll<HTMLElement>('[data-hot]')].map((b) => b.dataset.hot)).toEqual([
      'USD',
      'GBP',
      'AUD',
      'HKD',
    ]);
    expect(screen.getByRole('heading').textContent).toBe('Hot search');
    expect(input().placeholder).toBe('Search symbols');
    expect(resultSymbols()).toEqual([]);
  });

  it('lists live products matching the keyword with price and change', async () => {
    await renderSearch();
    type('jpy');
    await waitFor(() => expect(resultSymbols()).toEqual(['USDJPY']));
    const row = document.querySelector('[data-symbol="USDJPY"]')!;
    expect(row.textContent).toContain('US Dollar / Yen');
    expect(row.textContent).toContain('151.200');
    expect(row.textContent).toContain('+0.12%');
    expect(row.textContent).toContain('Forex');
  });

  it('searches a hot keyword and finds listed products without a quote too', async () => {
    const { fetched } = await renderSearch();
    fireEvent.click(document.querySelector('[data-hot="AUD"]')!);
    expect(input().value).toBe('AUD');
    expect(document.querySelector('[data-hot="AUD"]')?.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(resultSymbols()).toEqual(['AUDUSD']));
    expect(fetched.filter((p) => p.endsWith('/forex/product/list'))).toHaveLength(1);
  });

  it('selects a result by click and the first one by Enter in the field', async () => {
    const onSymbolSelect = vi.fn();
    await renderSearch({ onSymbolSelect });
    type('usd');
    await waitFor(() => expect(resultSymbols()[0]).toBe('USDJPY'));
    fireEvent.click(document.querySelector('[data-symbol="EURUSD"]')!);
    fireEvent.submit(input().form!);
    expect(onSymbolSelect.mock.calls).toEqual([[{ symbol: 'EURUSD' }], [{ symbol: 'USDJPY' }]]);
  });

  it('moves from the field to the results with the arrow keys', async () => {
    await renderSearch();
    type('usd');
    await waitFor(() => expect(resultSymbols().length).toBeGreaterThan(1));
    input().focus();
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect((document.activeElement as HTMLElement).dataset.symbol).toBe(resultSymbols()[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect((document.activeElement as HTMLElement).dataset.symbol).toBe(resultSymbols()[1]);
  });

  it('says when nothing matches', async () => {
    await renderSearch();
    type('zzz');
    await waitFor(() =>
      expect(document.querySelector('.tk-state')?.textContent).toBe('No matching products'),
    );
    expect(resultSymbols()).toEqual([]);
  });
});
