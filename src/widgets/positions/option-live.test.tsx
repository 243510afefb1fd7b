// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OptionOrder } from '../../core/contract/options';
import { Topic } from '../../core/contract/paths';
import { fakeClientFactory } from '../../core/feeds/fake-stomp-client.fixture';
import { stubWidgetWidth } from '../_shared/resize-observer.fixture';
import { priceEntry } from '../_shared/test-platform.fixture';
import { OPTION_START, advance, renderPositions, runningOption, useOptionClock } from './positions.fixture';
import type { RenderedPositions } from './positions.fixture';

// Issue #26 item 7: a running option shows the live bid against its entry and whether it is winning, in words
// and in the brand's up/down colour (decisions AN4, AN5).
const START = OPTION_START;
const option = (uid: string, overrides: Partial<OptionOrder> = {}) => runningOption(uid, 60_000, overrides);

let view: RenderedPositions | undefined;
useOptionClock(() => {
  view?.close();
  view = undefined;
});

async function renderWithFeed(items: OptionOrder[]) {
  const stomp = fakeClientFactory();
  view = await renderPositions(
    { mode: 'option' },
    {
      clientFactory: stomp.factory,
      handlers: {
        'waa/option/findOptionHistory': () => ({
          code: 0,
          data: { items, page: 1, pages: 1, total: items.length, todayWinLoss: '0', totalWinLoss: '0' },
        }),
      },
    },
  );
  await advance(0);
  // The feed's chunk loads for real (a dynamic import), so the wait yields to the event loop (setImmediate is
  // not faked) as well as to the fake clock.
  for (let i = 0; i < 2000; i++) {
    try {
      if (stomp.client().active) break;
    } catch {
      // The feed makes its client once config.json is loaded.
    }
    await act(async () => void (await new Promise((resolve) => setImmediate(resolve))));
  }
  act(() => stomp.client().acceptConnect());
  const bid = (symbol: string, bidPrice: string) =>
    act(() =>
      stomp.client().deliver(Topic.prices, [priceEntry({ symbol, bidPrice, lastUpdate: Date.now() })]),
    );
  return { bid };
}

const live = (row: HTMLElement) => within(row).getByTestId('live-price');

describe('<Positions mode="option"> live state', () => {
  it('shows the live bid, the move and the standing of each direction, and follows the quotes', async () => {
    const { bid } = await renderWithFeed([
      option('OP1'),
      option('OP2', { orderType: 1, tradePair: 'GBPUSD', productName: 'GBP/USD', price: '1.27000' }),
    ]);
    const up = screen.getByRole('row', { name: /EURUSD/ });
    const down = screen.getByRole('row', { name: /GBPUSD/ });
    // No quote yet: nothing is claimed.
    expect(live(up).textContent).toBe('--');
    expect(live(up).dataset.tone).toBeUndefined();
    bid('EURUSD', '1.08450');
    bid('GBPUSD', '1.27010');
    expect(live(up).textContent).toBe('1.08450Winning +0.00038');
    expect(live(up).dataset.tone).toBe('up');
    expect(live(down).textContent).toBe('1.27010Losing +0.0001');
    expect(live(down).dataset.tone).toBe('down');
    bid('EURUSD', '1.08412');
    expect(live(up).textContent).toBe('1.08412Even: stake back 0');
    expect(live(up).dataset.tone).toBeUndefined();
    bid('GBPUSD', '1.26990');
    expect(live(down).textContent).toBe('1.26990Winning -0.0001');
    expect(live(down).dataset.tone).toBe('up');
  });

  it('stops claiming a standing once the quote is stale', async () => {
    const { bid } = await renderWithFeed([option('OP1', { endTime: START + 3_600_000, timeLong: 3600 })]);
    bid('EURUSD', '1.08450');
    const row = screen.getByRole('row', { name: /EURUSD/ });
    expect(live(row).textContent).toContain('Winning');
    await advance(12_000);
    expect(live(row).textContent).toBe('--');
  });

  it('says the standing on a phone card too', async () => {
    stubWidgetWidth(390);
    const { bid } = await renderWithFeed([option('OP1')]);
    bid('EURUSD', '1.08300');
    const card = within(screen.getByRole('list', { name: 'Running options' })).getAllByRole('listitem')[0];
    const field = within(card as HTMLElement).getByText('Live price', { selector: 'dt' }).nextElementSibling;
    expect(field?.textContent).toBe('1.08300Losing -0.00112');
    expect((field as HTMLElement).dataset.tone).toBe('down');
  });
});
