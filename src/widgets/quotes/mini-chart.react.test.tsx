// @vitest-environment jsdom
// React's Profiler counts commits; Preact has none, so the lite project leaves this file out (vitest.config.ts).
import { Profiler } from 'react';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { PlatformProvider } from '../_shared/platform-context';
import { createTestPlatform, nextFrame, priceEntry } from '../_shared/test-platform.fixture';
import type { TestPlatform } from '../_shared/test-platform.fixture';
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

/** The widget on `test`'s platform, connected, under a Profiler: `commits()` counts its commits so far. */
async function renderCounted(test: TestPlatform, miniChart: boolean) {
  let commits = 0;
  const view = render(
    <Profiler id="quotes" onRender={() => commits++}>
      <PlatformProvider platform={test.platform}>
        <Quotes miniChart={miniChart} />
      </PlatformProvider>
    </Profiler>,
  );
  await act(() => test.connect());
  return { view, commits: () => commits };
}

/**
 * The widget's commits for one price of EURUSD, once its row (and its chart, if any) show the one before: the
 * row and the chart write the price, its move, the change and the live point into what they drew (EK38).
 */
async function commitsOfOnePrice(miniChart: boolean): Promise<number> {
  const test = createTestPlatform({ now: () => clock, thumbs: { EURUSD: history } });
  try {
    const { view, commits } = await renderCounted(test, miniChart);
    act(() => test.publish([{ ...eurusd, lastUpdate: clock - 30_000 }]));
    const root = view.container;
    const row = () => root.querySelector<HTMLElement>('[part~="row"][data-symbol="EURUSD"]');
    const points = () => row()?.querySelector('svg[part="mini-chart"]')?.getAttribute('data-points');
    // The history, then the row's own price as its live point.
    if (miniChart) await waitFor(() => expect(points()).toBe('31'));
    const before = commits();
    await act(async () => {
      test.publish([{ ...eurusd, bidPrice: '1.0900', price: '1.0900', lastUpdate: clock }]);
      await nextFrame();
    });
    expect(row()?.querySelector('[data-field="bid"]')?.textContent).toBe('1.09000');
    expect(row()?.querySelector('[data-field="bid"] [data-move]')?.getAttribute('data-move')).toBe('up');
    if (miniChart) expect(points()).toBe('32');
    if (miniChart)
      expect(row()?.querySelector('svg[part="mini-chart"] path')?.getAttribute('d')).toMatch(/^M/);
    const made = commits() - before;
    view.unmount();
    return made;
  } finally {
    test.platform.close();
  }
}

it('shows a new price and its mini chart point without a commit, with or without charts (EK32, EK38)', async () => {
  expect(await commitsOfOnePrice(false)).toBe(0);
  expect(await commitsOfOnePrice(true)).toBe(0);
});

it('renders a row again when a tick changes what it draws: a delayed quote turning fresh (EK38)', async () => {
  let now = clock;
  // The platform's clock ticks on an interval: faked, and moved a second at a time (animation frames stay real).
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const test = createTestPlatform({ now: () => now });
  try {
    const { view, commits } = await renderCounted(test, false);
    const gbpusd = { ...eurusd, symbol: 'GBPUSD', name: 'Pound / US Dollar' };
    act(() => test.publish([eurusd, gbpusd]));
    // EURUSD silent for 11.5 s (delayed after 10 s) while the feed still brings GBPUSD.
    now += 10_500;
    act(() => test.publish([{ ...gbpusd, bidPrice: '1.2700' }]));
    now += 1_000;
    act(() => vi.advanceTimersByTime(1_000));
    const row = () => view.container.querySelector<HTMLElement>('[part~="row"][data-symbol="EURUSD"]');
    expect(row()?.getAttribute('data-stale')).toBe('true');
    expect(row()?.querySelector('[part="stale"]')).not.toBeNull();
    const before = commits();
    await act(async () => {
      test.publish([{ ...eurusd, bidPrice: '1.0900', lastUpdate: clock }]);
      await nextFrame();
    });
    expect(row()?.getAttribute('data-stale')).toBe('false');
    expect(row()?.querySelector('[part="stale"]')).toBeNull();
    expect(row()?.querySelector('[data-field="bid"]')?.textContent).toBe('1.09000');
    expect(commits() - before).toBeGreaterThan(0);
    view.unmount();
  } finally {
    test.platform.close();
    vi.useRealTimers();
  }
});

it('shows every price of the messages that came between two frames in that frame, without a commit (EK34, EK38)', async () => {
  const symbols = Array.from({ length: 50 }, (_, i) => `S${String(i).padStart(3, '0')}`);
  const test = createTestPlatform({ now: () => clock });
  try {
    const { view, commits } = await renderCounted(test, false);
    act(() => test.publish(symbols.map((symbol) => ({ ...eurusd, symbol, name: symbol }))));
    const bid = (symbol: string) =>
      view.container.querySelector(`[part~="row"][data-symbol="${symbol}"] [data-field="bid"]`)?.textContent;
    expect(bid('S049')).toBe('1.08230');
    const before = commits();
    // A beat of the market: each symbol's price a message of its own, a task apart (a microtask checkpoint
    // between two, where React renders what it was told), all before the next frame. Outside act(), which
    // would batch what the page does not.
    const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    scope.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      for (const [i, symbol] of symbols.entries()) {
        test.publish([{ ...eurusd, symbol, name: symbol, bidPrice: `1.09${i}` }]);
        await Promise.resolve();
      }
      expect(bid('S000')).toBe('1.08230');
      await nextFrame();
    } finally {
      scope.IS_REACT_ACT_ENVIRONMENT = true;
    }
    expect(symbols.map(bid)).toEqual(symbols.map((_, i) => `1.09${i}`.padEnd(7, '0')));
    expect(commits() - before).toBe(0);
    view.unmount();
  } finally {
    test.platform.close();
  }
});
