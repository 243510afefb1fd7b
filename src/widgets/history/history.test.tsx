// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { marketOrder } from '../../core/feeds/exchange-feed.fixture';
import { makeToken } from '../../core/session/session.fixture';
import { stubWidgetWidth } from '../_shared/resize-observer.fixture';
import { FakeIntersectionObserver, orders, page, renderHistory } from './history.fixture';
import type { RenderedHistory } from './history.fixture';
import { PlatformProvider } from '../_shared/platform-context';
import { History } from './history';

let view: RenderedHistory | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
});

const queries = () => view?.h.callsTo('waa/order/query').map((c) => c.body) ?? [];
const rows = () => screen.queryAllByRole('row').length - 1;
const row = (id: string) => document.querySelector(`[data-order="${id}"]`);
async function scrollToEnd() {
  await act(async () => FakeIntersectionObserver.reach());
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
}

describe('<History>', () => {
  it('shows a sign-in prompt that asks the page to go to the login route when signed out', async () => {
    const onNavigate = vi.fn();
    view = await renderHistory({ onNavigate }, () => page([], 1, 0), { signedIn: false });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/login?to=/history' });
    expect(queries()).toHaveLength(0);
  });

  it('loads the first page of the default Deal filter and shows the total or today’s P&L', async () => {
    view = await renderHistory({}, () => page(orders(10), 1, 3));
    await waitFor(() => expect(rows()).toBe(10));
    expect(queries()[0]).toEqual({ page: 1, limit: 10, columns: 'closingTime', positionStatus: 3 });
    expect(screen.getByRole('heading', { name: 'Order history' })).toBeTruthy();
    expect(screen.getByTestId('history-pnl').textContent).toBe('+120.00');
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByTestId('history-pnl').textContent).toBe('-2.50');
    expect(screen.getByTestId('history-pnl').dataset.tone).toBe('down');
  });

  it('shows each order as a card with symbol, side, lots, net P&L, fees and times in a phone-wide widget', async () => {
    stubWidgetWidth(390);
    const closed = marketOrder({
      id: 'c1',
      tradePair: 'EURUSD',
      productName: 'Euro / US Dollar',
      positionStatus: 3,
      orderType: 1,
      orderQuantity: '0.25',
      profitLoss: '12.50',
      feeAmount: '2.50',
      overnightFee: '0.35',
      closingPrice: '1.16400',
      closingTimeTs: Date.UTC(2026, 10, 21, 9, 30, 0),
      closeReason: 'take_profit',
    });
    const pending = marketOrder({ id: 'p1', positionStatus: 1, buyPoint: 1, transactionTimeTs: null });
    view = await renderHistory({}, () => page([closed, pending], 1, 1));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Orders' })).toBeTruthy());
    expect(screen.queryByRole('table')).toBeNull();
    const card = row('c1') as HTMLElement;
    expect(card.tagName).toBe('LI');
    expect(within(card).getByText('EURUSD')).toBeTruthy();
    expect(within(card).getByText('Euro / US Dollar')).toBeTruthy();
    expect(within(card).getByText('Sell')).toBeTruthy();
    const field = (c: HTMLElement, label: string) =>
      within(c).queryByText(label, { selector: 'dt' })?.nextElementSibling?.textContent;
    expect(field(card, 'Lots')).toBe('0.25');
    expect(field(card, 'Fees')).toBe('2.85');
    expect(field(card, 'Place time')).toMatch(/^11-20 \d{2}:00:01 UTC-5$/);
    expect(field(card, 'Cover time')).toMatch(/^11-21 \d{2}:30:00 UTC-5$/);
    expect(field(card, 'Status')).toBe('ClosedTake profit');
    const net = card.querySelector('[data-field="net-pnl"]') as HTMLElement;
    expect(net.textContent).toBe('+9.65');
    expect(net.dataset.tone).toBe('up');
    // A pending order was never placed in the market: its order time, and no cover time.
    const other = row('p1') as HTMLElement;
    expect(field(other, 'Order time')).toMatch(/^11-20 \d{2}:00:00 UTC-5$/);
    expect(field(other, 'Place time')).toBeUndefined();
    expect(field(other, 'Cover time')).toBeUndefined();
    fireEvent.click(within(card).getByRole('button', { name: /EURUSD/ }));
    expect(screen.getByRole('dialog', { name: 'Order details' })).toBeTruthy();
  });

  it('sends the selected filter index + 1 as positionStatus and starts again at page 1', async () => {
    view = await renderHistory({}, (body) => page(orders(10, `s${String(body.positionStatus)}-`), 1, 2));
    await waitFor(() => expect(rows()).toBe(10));
    await scrollToEnd();
    await waitFor(() => expect(queries()).toHaveLength(2));
    expect(queries()[1]).toMatchObject({ page: 2, positionStatus: 3 });
    fireEvent.click(screen.getByRole('button', { name: 'Pending' }));
    await waitFor(() => expect(queries()).toHaveLength(3));
    expect(queries()[2]).toEqual({ page: 1, limit: 10, columns: 'orderTime', positionStatus: 1 });
    await waitFor(() => expect(row('s1-1')).toBeTruthy());
    expect(row('s3-1')).toBeNull();
    expect(rows()).toBe(10);
    fireEvent.click(screen.getByRole('button', { name: 'Position' }));
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ page: 1, positionStatus: 2 }));
  });

  it('loads page after page while scrolled to the end and stops at the last page', async () => {
    view = await renderHistory({}, (body) =>
      page(orders(10, `p${String(body.page)}-`), Number(body.page), 2),
    );
    await waitFor(() => expect(rows()).toBe(10));
    await scrollToEnd();
    await waitFor(() => expect(rows()).toBe(20));
    await scrollToEnd();
    await scrollToEnd();
    expect(queries().map((q) => q.page)).toEqual([1, 2]);
    expect(screen.getByText('No more orders')).toBeTruthy();
  });

  it('stops after more than five answers with code -1', async () => {
    view = await renderHistory({}, () => ({ code: -1, msg: 'invalid' }));
    for (let i = 0; i < 10; i++) await scrollToEnd();
    expect(queries()).toHaveLength(6);
    expect(screen.getByText('No orders here yet')).toBeTruthy();
  });

  it('shows an empty list without asking for more', async () => {
    view = await renderHistory({}, () => page([], 1, 0));
    await waitFor(() => expect(screen.getByText('No orders here yet')).toBeTruthy());
    await scrollToEnd();
    expect(queries()).toHaveLength(1);
  });

  it('starts again at page 1 with the Mock query when the account switches to demo', async () => {
    view = await renderHistory({}, (body) =>
      page(orders(10, `p${String(body.page)}-`), Number(body.page), 3),
    );
    await waitFor(() => expect(rows()).toBe(10));
    await scrollToEnd();
    await waitFor(() => expect(rows()).toBe(20));
    const exp = Math.floor(Date.now() / 1000) + 900;
    view.h.handlers['waa/user/info/switch'] = () => ({
      code: 0,
      data: { token: makeToken({ exp, virtualStatus: '1' }) },
    });
    await act(async () => {
      await view?.h.session.switchAccount();
    });
    await waitFor(() => expect(view?.h.callsTo('waa/order/queryMock')).toHaveLength(1));
    expect(view.h.callsTo('waa/order/queryMock')[0]?.body).toMatchObject({ page: 1, positionStatus: 3 });
    await waitFor(() => expect(rows()).toBe(10));
  });

  it('starts again at page 1 when the trade mode changes, either way (spec §4)', async () => {
    view = await renderHistory(
      {},
      (body) => page(orders(10, `p${String(body.page)}-`), Number(body.page), 3),
      {
        handlers: {
          'waa/option/findOptionHistory': (body) => ({
            code: 0,
            data: {
              items: [],
              page: Number(body.page),
              pages: 0,
              total: 0,
              totalWinLoss: '0',
              todayWinLoss: '0',
            },
          }),
        },
      },
    );
    await waitFor(() => expect(rows()).toBe(10));
    await scrollToEnd();
    await waitFor(() => expect(rows()).toBe(20));
    const showMode = (mode: 'market' | 'option') =>
      act(async () => {
        view?.rerender(
          <PlatformProvider platform={view.h.platform}>
            <History mode={mode} />
          </PlatformProvider>,
        );
      });
    await showMode('option');
    await waitFor(() => expect(view?.h.callsTo('waa/option/findOptionHistory')).toHaveLength(1));
    expect(view.h.callsTo('waa/option/findOptionHistory')[0]?.body).toMatchObject({ page: 1 });
    await showMode('market');
    await waitFor(() => expect(queries()).toHaveLength(3));
    expect(queries().map((q) => q.page)).toEqual([1, 2, 1]);
    await waitFor(() => expect(rows()).toBe(10));
  });

  it('uses the Mock query on the demo account', async () => {
    view = await renderHistory({}, () => page(orders(1), 1, 1), { virtual: true });
    await waitFor(() => expect(view?.h.callsTo('waa/order/queryMock')).toHaveLength(1));
    expect(queries()).toHaveLength(0);
  });

  it('keeps only failed orders on the Exception filter', async () => {
    view = await renderHistory({ filter: 'exception' }, () =>
      page(
        [
          ...orders(2, 'c', { positionStatus: 4, closeReason: 'cancelled' }),
          ...orders(1, 'f', { positionStatus: 4, closeReason: 'failed' }),
        ],
        1,
        1,
      ),
    );
    await waitFor(() => expect(rows()).toBe(1));
    expect(queries()[0]).toMatchObject({ positionStatus: 4 });
    expect(row('f1')).toBeTruthy();
  });

  it('colours each row’s status by its tone: pending grey, open yellow, closed blue, cancelled red', async () => {
    const expected = [
      [1, 'Pending', 'muted'],
      [2, 'Open', 'warning'],
      [3, 'Closed', 'info'],
      [4, 'Cancelled', 'danger'],
    ] as const;
    view = await renderHistory({}, () =>
      page(
        expected.map(([status]) =>
          marketOrder({ id: `s${status}`, uid: `U${status}`, positionStatus: status }),
        ),
        1,
        1,
      ),
    );
    await waitFor(() => expect(rows()).toBe(4));
    const shown = expected.map(([status]) => {
      const badge = row(`s${status}`)?.querySelector<HTMLElement>('.tk-hist__status');
      return [status, badge?.textContent, badge?.dataset.tone];
    });
    expect(shown).toEqual(expected);
  });

  it.each([
    [1, { place: false, cover: false, order: true }],
    [2, { place: true, cover: false, order: false }],
    [3, { place: true, cover: true, order: false }],
  ] as const)('shows the times of status %i in the detail drawer', async (status, shown) => {
    view = await renderHistory({}, () =>
      page(
        orders(1, 'd', {
          positionStatus: status,
          closingTimeTs: status === 3 ? Date.UTC(2026, 10, 21) : null,
          closeReason: status === 3 ? 'stop_loss' : null,
        }),
        1,
        1,
      ),
    );
    await waitFor(() => expect(rows()).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: /BTC\/USDT/ }));
    const drawer = screen.getByRole('dialog', { name: 'Order details' });
    const has = (field: string) => drawer.querySelector(`[data-field="${field}"]`) !== null;
    expect({ place: has('place-time'), cover: has('cover-time'), order: has('order-time') }).toEqual(shown);
    if (status === 3) expect(within(drawer).getByText('Stop loss', { selector: 'dd' })).toBeTruthy();
  });

  it('shows the net P&L (gross less every fee) with the fees beside it, in the list and the detail', async () => {
    const order = marketOrder({
      id: 'n1',
      uid: 'UN1',
      positionStatus: 3,
      profitLoss: '10.00',
      feeAmount: '19.70',
      overnightFee: '0.35',
    });
    view = await renderHistory({}, () => page([order], 1, 1));
    await waitFor(() => expect(rows()).toBe(1));
    expect(screen.getByRole('columnheader', { name: 'Net P&L' })).toBeTruthy();
    const cell = row('n1')?.querySelector<HTMLElement>('[data-field="net-pnl"]');
    const net = cell?.querySelector<HTMLElement>('.tk-hist__net');
    expect(net?.textContent).toBe('-10.05');
    expect(net?.dataset.tone).toBe('down');
    expect(cell?.querySelector('[data-field="fees"]')?.textContent).toBe('Fees 20.05');
    fireEvent.click(screen.getByRole('button', { name: /BTC\/USDT/ }));
    const drawer = screen.getByRole('dialog', { name: 'Order details' });
    const field = (id: string) => drawer.querySelector<HTMLElement>(`[data-field="${id}"] dd`);
    expect([field('net-pnl')?.textContent, field('net-pnl')?.dataset.tone]).toEqual(['-10.05', 'down']);
    expect([field('gross-pnl')?.textContent, field('gross-pnl')?.dataset.tone]).toEqual(['+10.00', 'up']);
    expect([field('fee')?.textContent, field('overnight')?.textContent]).toEqual(['19.70', '0.35']);
  });
});
