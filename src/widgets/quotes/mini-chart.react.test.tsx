// @vitest-environment jsdom
// React's Profiler counts commits; Preact has none, so the lite project leaves this file out (vitest.config.ts).
import { Profiler } from 'react';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { PlatformProvider } from '../_shared/platform-context';
import { createTestPlatform, priceEntry } from '../_shared/test-platform.fixture';
import { Quotes, quotesTableReady } from './quotes';

beforeAll(() => quotesTableReady);
afterEach(cleanup);

const clock = Date.UTC(2025, 0, 15, 12, 0, 0);
const t0 = clock - 30 * 60_000;
const history = Array.from({ length: 30 }, (_, i) => ({ time: t0 + i * 60_000, price: `1.08${10 + i}` }));
const eurusd = priceEntry({
  symbol: 'EURUSD',
  name: 'Euro / US Dollar',
  bidPrice: '1.0823',
  price: '1.0823',
});

/** The widget's commits for one price of EURUSD, once its row (and its chart, if any) show the one before. */
async function commitsOfOnePrice(miniChart: boolean): Promise<number> {
  const test = createTestPlatform({ now: () => clock, thumbs: { EURUSD: history } });
  try {
    let commits = 0;
    const view = render(
      <Profiler id="quotes" onRender={() => commits++}>
        <PlatformProvider platform={test.platform}>
          <Quotes miniChart={miniChart} />
        </PlatformProvider>
      </Profiler>,
    );
    await act(() => test.connect());
    act(() => test.publish([{ ...eurusd, lastUpdate: clock - 30_000 }]));
    const root = view.container;
    const row = () => root.querySelector<HTMLElement>('[part~="row"][data-symbol="EURUSD"]');
    const points = () => row()?.querySelector('svg[part="mini-chart"]')?.getAttribute('data-points');
    // The history, then the row's own price as its live point.
    if (miniChart) await waitFor(() => expect(points()).toBe('31'));
    const before = commits;
    act(() => test.publish([{ ...eurusd, bidPrice: '1.0900', price: '1.0900', lastUpdate: clock }]));
    expect(row()?.querySelector('[data-field="bid"]')?.textContent).toBe('1.09000');
    if (miniChart) expect(points()).toBe('32');
    const made = commits - before;
    view.unmount();
    return made;
  } finally {
    test.platform.close();
  }
}

it('shows a new price and its mini chart point in as many commits as a table without charts (EK32)', async () => {
  const without = await commitsOfOnePrice(false);
  expect(without).toBeGreaterThan(0);
  expect(await commitsOfOnePrice(true)).toBe(without);
});
