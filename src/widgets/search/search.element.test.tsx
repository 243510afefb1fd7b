// @vitest-environment jsdom
import { act, fireEvent } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestPlatform, priceEntry } from '../_shared/test-platform.fixture';
import type { TestPlatform } from '../_shared/test-platform.fixture';
import { searchMeta } from './search.meta';

const getPlatform = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/runtime/platform'), async (original) => ({ ...(await original()), getPlatform }));

let test: TestPlatform;
beforeAll(async () => {
  test = createTestPlatform();
  getPlatform.mockReturnValue(test.platform);
  await import('./search.element');
});
afterAll(async () => {
  // Unmount before the platform and the jsdom window go: no React work may be left scheduled.
  await act(async () => {
    document.body.innerHTML = '';
  });
  test.platform.close();
});

describe('<tk-search>', () => {
  it('finds live products in its shadow root and fires tk-symbol-select from the element', async () => {
    await act(async () => {
      document.body.innerHTML = '<tk-search api="https://platform.test"></tk-search>';
    });
    const root = document.querySelector('tk-search')!.shadowRoot!;
    await act(() => test.connect());
    act(() => test.publish([priceEntry({ symbol: 'GBPUSD' }), priceEntry({ symbol: 'XAUUSD', type: 2 })]));
    act(() => fireEvent.click(root.querySelector('[data-hot="GBP"]')!));
    const rows = [...root.querySelectorAll<HTMLElement>('[data-testid="search-result"]')];
    expect(rows.map((r) => r.dataset.symbol)).toEqual(['GBPUSD']);

    const selected: string[] = [];
    document.addEventListener('tk-symbol-select', (e) => selected.push(e.detail.symbol), { once: true });
    act(() => rows[0]?.click());
    expect(selected).toEqual(['GBPUSD']);
  });

  it('observes exactly the attributes of its meta', () => {
    const ctor = customElements.get('tk-search') as unknown as { observedAttributes: string[] };
    expect(ctor.observedAttributes).toEqual(searchMeta.attributes.map((a) => a.name));
  });
});
