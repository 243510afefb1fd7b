// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OptionOrder } from '../../core/contract/options';
import type { MarketOrder } from '../../core/contract/trading';
import { fakeSocketFactory, marketOrder, orderMessage } from '../../core/feeds/exchange-feed.fixture';
import { loadLanguage } from '../../core/i18n/i18n';
import { createHarness, makeToken } from '../../core/session/session.fixture';
import type { Handler, Harness } from '../../core/session/session.fixture';
import { createOrders, setOrdersForTests } from '../../core/state/orders';
import type { Orders } from '../../core/state/orders';
import {
  Announcer,
  FILL_PRICE_WAIT_MS,
  announce,
  announceClosed,
  announceMarketFill,
  announceOption,
} from './announcer';
import { PlatformProvider } from './platform-context';

interface Page {
  h: Harness;
  orders: Orders;
  sockets: ReturnType<typeof fakeSocketFactory>;
  /** Deliver one socket message (inside act). */
  deliver(message: unknown): void;
  close(): void;
}

let page: Page | undefined;
afterEach(() => {
  page?.close();
  page = undefined;
  vi.useRealTimers();
});

/** A signed-in page with `regions` announcers (two widgets on one page) and its exchange socket open. */
async function openPage(regions = 1, handlers: Record<string, Handler> = {}): Promise<Page> {
  const h = createHarness({ handlers });
  await h.platform.ready;
  const exp = Math.floor(Date.now() / 1000) + 900;
  await h.session.signIn({
    token: makeToken({ exp, virtualStatus: '0' }),
    refreshToken: 'r-1',
    qrcodeStatus: 1,
    expiresAt: exp * 1000,
  });
  const sockets = fakeSocketFactory();
  const orders = createOrders(h.platform, { socketFactory: sockets.factory });
  setOrdersForTests(h.platform, orders);
  // Another widget of the page listening, so the socket is open whether or not a region is mounted.
  const holder = orders.feed.subscribe(() => undefined);
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(
      <PlatformProvider platform={h.platform}>
        {Array.from({ length: regions }, (_, i) => (
          <Announcer key={i} />
        ))}
      </PlatformProvider>,
    );
  });
  await waitFor(() => expect(sockets.sockets).toHaveLength(1));
  act(() => sockets.last().acceptOpen());
  return {
    h,
    orders,
    sockets,
    deliver: (message) => act(() => sockets.last().deliver(message)),
    close: () => {
      view.unmount();
      holder();
      orders.feed.close();
      h.session.close();
      h.platform.close();
    },
  };
}

const regions = () => screen.getAllByTestId('trade-announcer');
/** Every text the live regions of the document hold now, region by region. */
const liveTexts = () =>
  [...document.querySelectorAll('[aria-live], [role="status"], [role="alert"]')].map((r) => r.textContent);
/** What was said: the one message the speaking region holds. */
const said = () => regions()[0]?.textContent ?? '';

const eurusd = marketOrder({
  id: 'M1',
  uid: 'M1',
  tradePair: 'EURUSD',
  productName: 'EUR/USD',
  orderType: 0,
  orderQuantity: '0.10',
  openingPrice: '1.08412',
  profitLoss: '4.00',
});

const settledOption = (overrides: Partial<OptionOrder> = {}): OptionOrder => ({
  id: 'op1',
  uid: 'OP1',
  optionsProductId: 1,
  orderType: 0,
  tradePair: 'EURUSD',
  productName: 'EUR/USD',
  price: '1.08412',
  priceEnd: '1.08500',
  rate: '0.85',
  feeAmount: '0.20',
  amount: '100',
  timeLong: 60,
  beginTime: 1,
  endTime: 2,
  completeTime: 3,
  winLost: '85.00',
  positionStatus: 1,
  ...overrides,
});

/** The order query answering one closed order. */
const closedQuery =
  (order: MarketOrder): Handler =>
  () => ({
    code: 0,
    data: {
      list: [order],
      page: 1,
      pages: 1,
      total: 1,
      profitLossToday: '0',
      profitLossTotal: '0',
      summary: {
        profitLossSum: '0',
        netValue: '0',
        securityDepositPrent: '0',
        securityDepositAvailableSum: '0',
      },
    },
  });

describe('the announcer', () => {
  it('is an empty polite status region in the document before anything is said, and speaks in it', async () => {
    page = await openPage();
    const [region] = regions();
    expect(region?.getAttribute('role')).toBe('status');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    expect(region?.isConnected).toBe(true);
    expect(region?.textContent).toBe('');
    await act(() => announceOption(page!.h.platform, settledOption()));
    // The same element, now with the message: not a region created together with its text.
    expect(regions()[0]).toBe(region);
    expect(said()).toBe('EUR/USD option settled: you won. Profit 85.00 USD.');
  });

  it('says an event once per page, in one region, however many widgets mount one', async () => {
    page = await openPage(3);
    const { platform } = page.h;
    expect(await announce(platform, 'close:X', () => 'first')).toBe(true);
    expect(await announce(platform, 'close:X', () => 'again')).toBe(false);
    expect(regions().map((r) => r.textContent)).toEqual(['first', '', '']);
    // A settlement heard from the push and from a drawer's own poll is said once.
    page.deliver({ ordertype: 'optionSettled', virtual: false, list: [settledOption({ winLost: '-100' })] });
    await waitFor(() => expect(said()).toBe('EUR/USD option settled: you lost. Loss 100.00 USD.'));
    expect(await announceOption(platform, settledOption({ winLost: '-100' }))).toBe(false);
    expect(liveTexts().filter(Boolean)).toEqual(['EUR/USD option settled: you lost. Loss 100.00 USD.']);
  });

  it("speaks in the page's own region when the host mounts one, whichever mounted first", async () => {
    page = await openPage(1);
    const widget = regions()[0];
    const host = render(
      <PlatformProvider platform={page.h.platform}>
        <Announcer main />
      </PlatformProvider>,
    );
    try {
      await act(() => announce(page!.h.platform, 'k', () => 'Heard from the page.'));
      expect(widget?.textContent).toBe('');
      expect(host.container.querySelector('[data-testid="trade-announcer"]')?.textContent).toBe(
        'Heard from the page.',
      );
    } finally {
      host.unmount();
    }
    await act(() => announce(page!.h.platform, 'l', () => 'Heard from the widget.'));
    expect(widget?.textContent).toBe('Heard from the widget.');
  });

  it('says an equal message again when it is another event, as a new element the reader hears', async () => {
    page = await openPage();
    await act(() => announce(page!.h.platform, 'a', () => 'Same words.'));
    const first = regions()[0]?.firstElementChild;
    await act(() => announce(page!.h.platform, 'b', () => 'Same words.'));
    expect(regions()[0]?.firstElementChild).not.toBe(first);
    expect(said()).toBe('Same words.');
  });

  it('says nothing while no region is mounted', async () => {
    page = await openPage(0);
    expect(await announce(page.h.platform, 'k', () => 'nobody hears this')).toBe(false);
  });

  it('says a stop-out with the realised loss in words, read from the closed order', async () => {
    page = await openPage(1, {
      'waa/order/query': closedQuery({ ...eurusd, positionStatus: 3, profitLoss: '-3.10' }),
    });
    page.deliver(orderMessage('holtOrder', [eurusd]));
    page.deliver(orderMessage('holtOrder', [], { event: { kind: 'stop_out', orderId: 'M1' } }));
    await waitFor(() =>
      expect(said()).toBe('Stop-out: EUR/USD position closed to protect your margin. Loss 3.10 USD.'),
    );
    expect(page.h.callsTo('waa/order/query')[0]?.body).toEqual({ uid: 'M1', page: 1, limit: 1 });
  });

  it('says a take profit with its profit, and a close without the P&L when the order cannot be read', async () => {
    page = await openPage(1, {
      'waa/order/query': closedQuery({ ...eurusd, positionStatus: 3, profitLoss: '12.40' }),
    });
    page.deliver(orderMessage('holtOrder', [eurusd]));
    page.deliver(orderMessage('holtOrder', [], { event: { kind: 'take_profit', orderId: 'M1' } }));
    await waitFor(() =>
      expect(said()).toBe('Take profit reached: EUR/USD position closed. Profit 12.40 USD.'),
    );
    page.h.handlers['waa/order/query'] = () => ({ code: 500, msg: 'down' });
    page.deliver(orderMessage('holtOrder', [{ ...eurusd, id: 'M2', uid: 'M2' }]));
    page.deliver(orderMessage('holtOrder', [], { event: { kind: 'stop_loss', orderId: 'M2' } }));
    // The last floating P&L is not the realised one: said without a figure rather than with a wrong one.
    await waitFor(() => expect(said()).toBe('Stop loss triggered: EUR/USD position closed.'));
  });

  it('says a pending order filled at its fill price from the same message', async () => {
    page = await openPage();
    const pending = { ...eurusd, id: 'P1', uid: 'P1', positionStatus: 1 as const, orderType: 1 as const };
    page.deliver(orderMessage('pendingOrder', [pending]));
    page.deliver(
      orderMessage('holtOrder', [{ ...pending, positionStatus: 2, openingPrice: '1.08500' }], {
        event: { kind: 'filled', orderId: 'P1' },
      }),
    );
    await waitFor(() => expect(said()).toBe('Pending order filled: sell EUR/USD, volume 0.10, at 1.08500.'));
  });

  it('never speaks for a tick: new prices and P&L leave every live region as it was', async () => {
    page = await openPage(2);
    page.deliver(orderMessage('holtOrder', [eurusd]));
    for (const [price, pnl] of [
      ['1.08420', '4.80'],
      ['1.08390', '-2.20'],
      ['1.08390', '-2.20'],
    ] as const)
      page.deliver(orderMessage('holtOrder', [{ ...eurusd, currentPrice: price, profitLoss: pnl }]));
    page.deliver({ ordertype: 'optionSettled', virtual: false, list: [] });
    await act(() => Promise.resolve());
    expect(liveTexts()).toEqual(['', '']);
  });

  it('does not replay an event heard before it mounted', async () => {
    page = await openPage(0);
    page.deliver(orderMessage('holtOrder', [], { event: { kind: 'stop_loss', orderId: 'M1' } }));
    expect(page.orders.feed.getSnapshot().event?.kind).toBe('stop_loss');
    const late = render(
      <PlatformProvider platform={page.h.platform}>
        <Announcer />
      </PlatformProvider>,
    );
    await act(() => Promise.resolve());
    expect(page.h.callsTo('waa/order/query')).toHaveLength(0);
    expect(said()).toBe('');
    late.unmount();
  });

  it("says the trader's close with the P&L closeOrder answered, or the one the order query reads", async () => {
    page = await openPage(1, {
      'waa/order/query': closedQuery({ ...eurusd, positionStatus: 3, profitLoss: '-0.40' }),
    });
    await act(() =>
      announceClosed(page!.h.platform, eurusd, { ...eurusd, positionStatus: 3, profitLoss: '12.40' }),
    );
    expect(said()).toBe('EUR/USD position closed. Profit 12.40 USD.');
    const other = { ...eurusd, id: 'M9', uid: 'M9' };
    page.h.handlers['waa/order/query'] = closedQuery({ ...other, positionStatus: 3, profitLoss: '-0.40' });
    await act(() => announceClosed(page!.h.platform, other, null));
    expect(said()).toBe('EUR/USD position closed. Loss 0.40 USD.');
  });

  it("says a market order's fill with the price the socket lists, or without it after the wait", async () => {
    page = await openPage();
    const placed = {
      tradePair: 'EURUSD',
      productName: 'EUR/USD',
      orderType: 0 as const,
      orderQuantity: '0.10',
    };
    announceMarketFill(page.h.platform, 'M1', placed);
    page.deliver(orderMessage('holtOrder', [{ ...eurusd, openingPrice: '1.08415' }]));
    await waitFor(() => expect(said()).toBe('Order filled: buy EUR/USD, volume 0.10, at 1.08415.'));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    announceMarketFill(page.h.platform, 'M7', { ...placed, orderType: 1 });
    act(() => vi.advanceTimersByTime(FILL_PRICE_WAIT_MS - 1));
    expect(said()).toBe('Order filled: buy EUR/USD, volume 0.10, at 1.08415.');
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(said()).toBe('Order filled: sell EUR/USD, volume 0.10.'));
  });

  it("speaks the page's language once its strings are loaded", async () => {
    page = await openPage();
    await act(() => loadLanguage(page!.h.platform.i18n, 'de'));
    await act(() => announceOption(page!.h.platform, settledOption({ winLost: '0' })));
    expect(said()).toBe('Option EUR/USD unentschieden abgerechnet: Der Einsatz wird erstattet.');
  });
});
