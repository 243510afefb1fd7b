// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestPlatform, priceEntry } from '../_shared/test-platform.fixture';
import type { TestPlatform } from '../_shared/test-platform.fixture';
import { quotesMeta } from './quotes.meta';

const getPlatform = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/runtime/platform'), async (original) => ({ ...(await original()), getPlatform }));

let test: TestPlatform;
beforeAll(async () => {
  test = createTestPlatform();
  getPlatform.mockReturnValue(test.platform);
  await import('./quotes.element');
});
afterAll(() => test.platform.close());

describe('<tk-quotes>', () => {
  it('renders live rows in its shadow root and fires tk-symbol-select from the element', async () => {
    await act(async () => {
      document.body.innerHTML =
        '<tk-quotes api="https://platform.test" symbols="XAUUSD,EURUSD" tabs="false" mini-chart="false"></tk-quotes>';
    });
    const el = document.querySelector('tk-quotes')!;
    await act(() => test.connect());
    act(() =>
      test.publish([
        priceEntry({ symbol: 'EURUSD' }),
        priceEntry({ symbol: 'XAUUSD', type: 2, pricePrecision: 2 }),
      ]),
    );
    const rows = [...(el.shadowRoot?.querySelectorAll<HTMLElement>('[part="row"]') ?? [])];
    expect(rows.map((r) => [r.dataset.symbol, r.dataset.stale])).toEqual([
      ['XAUUSD', 'false'],
      ['EURUSD', 'false'],
    ]);
    expect(rows[0]?.querySelector('[data-field="bid"]')?.textContent).toBe('1.08');
    expect(el.shadowRoot?.querySelector('[part="mini-chart"]')).toBeNull();
    expect(getPlatform).toHaveBeenCalledWith('https://platform.test');

    const selected: string[] = [];
    document.addEventListener('tk-symbol-select', (e) => selected.push(e.detail.symbol), { once: true });
    act(() => rows[1]?.click());
    expect(selected).toEqual(['EURUSD']);
  });

  it('observes exactly the attributes of its meta', () => {
    const ctor = customElements.get('tk-quotes') as unknown as { observedAttributes: string[] };
    expect(ctor.observedAttributes).toEqual(quotesMeta.attributes.map((a) => a.name));
  });
});
