// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { marketOrder, positionSummary } from '../../core/feeds/exchange-feed.fixture';
import type { MarketOrder } from '../../core/contract/trading';
import { IDLE_CLOSE_MS } from '../../core/feeds/reconnect-policy';
import { stubWidgetWidth } from '../_shared/resize-observer.fixture';
import { renderPositions } from './positions.fixture';
import type { RenderedPositions } from './positions.fixture';

let view: RenderedPositions | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const open = marketOrder({
  id: 'o1',
  uid: 'M1',
  tradePair: 'EURUSD',
  productName: 'EUR/USD',
  profitLoss: '12.50',
});
const pendingOrder = marketOrder({
  id: 'p1',
  uid: 'P1',
  positionStatus: 1,
  buyPoint: 1,
  orderType: 1,
  productName: 'GOLD',
  openingPrice: '2400.00',
  profitLoss: '-3.00',
  transactionTimeTs: null,
});

/** The texts every live region of the document holds, the empty ones left out. */
const liveTexts = () =>
  [...document.querySelectorAll('[aria-live], [role="status"], [role="alert"]')]
    .map((region) => region.textContent)
    .filter(Boolean);

/** `order/query` answering `list`. */
const queryAnswer = (list: MarketOrder[]) => ({
  code: 0,
  data: {
    list,
    page: 1,
    pages: 1,
    total: list.length,
    profitLossToday: '0',
    profitLossTotal: '0',
    summary: positionSummary(),
  },
});

async function openDetail(name: RegExp) {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
  return screen.getByRole('dialog', { name: 'Order details' });
}

describe('<Positions>', () => {
  it('shows a sign-in prompt that asks the page to go to the login route when signed out', async () => {
    const onNavigate = vi.fn();
    view = await renderPositions({ onNavigate }, { signedIn: false });
    expect(view.sockets.sockets).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/login?to=/position' });
  });

  it('lists open positions live and shows the P&L, net worth and available margin', async () => {
    view = await renderPositions();
    expect(screen.getByText('Loading…')).toBeTruthy();
    view.push('holtOrder', [open], {
      summary: positionSummary({ profitLossSum: '12.50', netValue: '10500.5' }),
    });
    const row = screen.getByRole('row', { name: /EUR\/USD/ });
    expect(within(row).getByText('Buy')).toBeTruthy();
    expect(within(row).getByTestId('row-pnl').textContent).toBe('+12.50');
    expect(within(row).getByTestId('row-pnl').dataset.tone).toBe('up');
    expect(screen.getByTestId('summary-pnl').textContent).toBe('+12.50');
    expect(screen.getByTestId('summary-net').textContent).toBe('10,500.50');
    expect(screen.getByTestId('summary-available').textContent).toBe('9,947.05');
    view.push('holtOrder', [{ ...open, profitLoss: '-4.2', currentPrice: '1.07' }]);
    expect(within(screen.getByRole('row', { name: /EUR\/USD/ })).getByTestId('row-pnl').textContent).toBe(
      '-4.20',
    );
    expect(screen.getByText('1.07')).toBeTruthy();
  });

  it('shows each position as a card with symbol, full name, side, lots, P&L and SL/TP in a phone-wide widget', async () => {
    stubWidgetWidth(390);
    view = await renderPositions();
    view.push('holtOrder', [
      { ...open, productName: 'Euro / US Dollar', stopPrice: '1.05000', orderQuantity: '0.25' },
    ]);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Open' })).getAllByRole('listitem');
    expect(cards).toHaveLength(1);
    const card = cards[0] as HTMLElement;
    expect(card.dataset.order).toBe('o1');
    expect(within(card).getByText('EURUSD')).toBeTruthy();
    // The full name is whole, on its own line: never cut to "Euro / US …".
    expect(within(card).getByText('Euro / US Dollar')).toBeTruthy();
    expect(within(card).getByText('Buy')).toBeTruthy();
    const field = (label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(field('Lots')?.textContent).toBe('0.25');
    expect(field('Stop loss')?.textContent).toBe('1.05000');
    expect(field('Take profit')?.textContent).toBe('—');
    expect(within(card).getByTestId('row-pnl').textContent).toBe('+12.50');
    expect(within(card).getByTestId('row-pnl').dataset.tone).toBe('up');
    const detail = await openDetail(/EURUSD/);
    expect(within(detail).getByText('M1')).toBeTruthy();
  });

  it('switches to the pending tab with the expected P&L and shows empty states', async () => {
    view = await renderPositions();
    view.push('holtOrder', [], { summary: positionSummary({ profitLossSum: '0' }) });
    expect(screen.getByText('No open positions')).toBeTruthy();
    view.push('pendingOrder', [pendingOrder], { summary: positionSummary({ profitLossSum: '-3.00' }) });
    fireEvent.click(screen.getByRole('tab', { name: /Pending/ }));
    expect(screen.getByRole('tab', { name: /Pending/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Expected P&L', { selector: 'dt' })).toBeTruthy();
    expect(screen.getByTestId('summary-pnl').textContent).toBe('-3.00');
    const row = screen.getByRole('row', { name: /GOLD/ });
    expect(within(row).getByText('Sell')).toBeTruthy();
    view.push('pendingOrder', []);
    expect(screen.getByText('No pending orders')).toBeTruthy();
  });

  it('closes a position only after the confirmation showing quantity, direction and price', async () => {
    const close = vi.fn(() => ({ code: 0, data: null }));
    view = await renderPositions({}, { handlers: { 'exchange/order/closeOrder': close } });
    view.push('holtOrder', [open]);
    const detail = await openDetail(/EUR\/USD/);
    expect(within(detail).getByText('M1')).toBeTruthy();
    fireEvent.click(within(detail).getByTestId('detail-action'));
    expect(close).not.toHaveBeenCalled();
    const confirm = screen.getByRole('alertdialog', { name: 'Close this position?' });
    const fields = within(confirm).getByTestId('confirm-fields').textContent;
    expect(fields).toContain('0.10');
    expect(fields).toContain('Buy');
    expect(fields).toContain('65120.50');
    await act(async () => fireEvent.click(within(confirm).getByTestId('confirm-action')));
    expect(close).toHaveBeenCalledWith({ orderId: 'o1' }, expect.anything());
    await waitFor(() => expect(screen.getByText('Operation successful')).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('counts the 3-minute close lock down on a disabled close button, then lets the position be closed', async () => {
    // The countdown runs on the page's clock (a one-second tick of Date.now()): both run on the test's time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    view = await renderPositions();
    view.push('holtOrder', [{ ...open, transactionTimeTs: Date.now() - 19_000 }]);
    let detail = await openDetail(/EUR\/USD/);
    const button = () => within(detail).getByTestId<HTMLButtonElement>('detail-action');
    expect(button().textContent).toMatch(/^Close in 2:4[01]$/);
    expect(button().disabled).toBe(true);
    fireEvent.click(button());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(within(detail).getByRole('button', { name: 'Close' }));
    // About to unlock: the clock (1 s ticks) turns the countdown into the close action.
    view.push('holtOrder', [{ ...open, transactionTimeTs: Date.now() - 180_000 + 1200 }]);
    detail = await openDetail(/EUR\/USD/);
    expect(button().textContent).toBe('Close in 0:02');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(button().disabled).toBe(true);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(button().disabled).toBe(false);
    expect(button().textContent).toBe('Close position');
    fireEvent.click(button());
    expect(screen.getByRole('alertdialog', { name: 'Close this position?' })).toBeTruthy();
  });

  it('closes through the Mock call on the demo account', async () => {
    const mock = vi.fn(() => ({ code: 0, data: null }));
    view = await renderPositions({}, { virtual: true, handlers: { 'exchange/order/closeOrderMock': mock } });
    view.push('holtOrder', [open]);
    const detail = await openDetail(/EUR\/USD/);
    fireEvent.click(within(detail).getByTestId('detail-action'));
    await act(async () => fireEvent.click(screen.getByTestId('confirm-action')));
    expect(mock).toHaveBeenCalledTimes(1);
    expect(view.h.callsTo('exchange/order/closeOrder')).toHaveLength(0);
  });

  it('shows the 3-minute rule message when the server answers 409 and keeps the drawer open', async () => {
    view = await renderPositions(
      {},
      { handlers: { 'exchange/order/closeOrder': () => ({ code: 409, msg: 'x' }) } },
    );
    view.push('holtOrder', [open]);
    const detail = await openDetail(/EUR\/USD/);
    fireEvent.click(within(detail).getByTestId('detail-action'));
    await act(async () => fireEvent.click(screen.getByTestId('confirm-action')));
    await waitFor(() =>
      expect(screen.getByText(/only be closed manually 3 minutes after it was opened \(409\)/)).toBeTruthy(),
    );
    expect(screen.getByRole('dialog', { name: 'Order details' })).toBeTruthy();
  });

  it('cancels a pending order after its confirmation', async () => {
    const cancel = vi.fn(() => ({ code: 0, data: null }));
    view = await renderPositions({ tab: 'pending' }, { handlers: { 'exchange/order/cancelOrder': cancel } });
    view.push('pendingOrder', [pendingOrder]);
    const detail = await openDetail(/GOLD/);
    expect(within(detail).queryByText('Execution time')).toBeNull();
    fireEvent.click(within(detail).getByRole('button', { name: 'Cancel order' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Cancel this order?' });
    expect(within(confirm).getByTestId('confirm-fields').textContent).toContain('2400.00');
    await act(async () => fireEvent.click(within(confirm).getByTestId('confirm-action')));
    expect(cancel).toHaveBeenCalledWith({ orderId: 'p1' }, expect.anything());
  });

  it('edits stop loss and take profit with 2 decimals and turns an empty one off', async () => {
    const update = vi.fn(() => ({ code: 0, data: null }));
    view = await renderPositions({}, { handlers: { 'exchange/order/updateOrder': update } });
    view.push('holtOrder', [{ ...open, stopPrice: '1.05' }]);
    const detail = await openDetail(/EUR\/USD/);
    const save = within(detail).getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(detail).getByLabelText('Stop loss'), { target: { value: '' } });
    fireEvent.change(within(detail).getByLabelText('Take profit'), { target: { value: '1,12345' } });
    // Issue #26: kept as typed with its reason (it was cut to 1.12), and not sent.
    expect((within(detail).getByLabelText('Take profit') as HTMLInputElement).value).toBe('1.12345');
    expect(within(detail).getByRole('alert').textContent).toBe('At most 2 decimal places.');
    await act(async () => fireEvent.click(save));
    expect(update).not.toHaveBeenCalled();
    fireEvent.change(within(detail).getByLabelText('Take profit'), { target: { value: '1,12' } });
    await act(async () => fireEvent.click(save));
    expect(update).toHaveBeenCalledWith(
      { orderId: 'o1', stopPrice: '', takeProfitPrice: '1.12' },
      expect.anything(),
    );
    await waitFor(() => expect(screen.getByText('Operation successful')).toBeTruthy());
  });

  it('tells the user when the server closed a position by itself and closes its drawer', async () => {
    view = await renderPositions();
    view.push('holtOrder', [open]);
    await openDetail(/EUR\/USD/);
    view.push('holtOrder', [], { event: { kind: 'stop_loss', orderId: 'o1' } });
    expect(screen.getByText('Stop loss triggered: EUR/USD was closed')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says a stop loss once, with the realised loss in words, and a tick not at all (SR1)', async () => {
    const closed = {
      ...open,
      positionStatus: 3 as const,
      profitLoss: '-3.10',
      closeReason: 'stop_loss' as const,
    };
    view = await renderPositions({}, { handlers: { 'waa/order/query': () => queryAnswer([closed]) } });
    const voice = screen.getByTestId('trade-announcer');
    // In the document, empty, before anything happens.
    expect(voice.getAttribute('aria-live')).toBe('polite');
    expect(voice.textContent).toBe('');
    view.push('holtOrder', [open]);
    view.push('holtOrder', [{ ...open, currentPrice: '65130.00', profitLoss: '13.10' }]);
    expect(liveTexts()).toEqual([]);
    view.push('holtOrder', [], { event: { kind: 'stop_loss', orderId: 'o1' } });
    await waitFor(() =>
      expect(voice.textContent).toBe('Stop loss triggered: EUR/USD position closed. Loss 3.10 USD.'),
    );
    // The toast shows it without a voice of its own: heard once.
    expect(liveTexts()).toEqual(['Stop loss triggered: EUR/USD position closed. Loss 3.10 USD.']);
  });

  it("says the trader's close once with the P&L closeOrder answered (SR1)", async () => {
    const close = vi.fn(() => ({ code: 0, data: { ...open, positionStatus: 3, profitLoss: '12.40' } }));
    view = await renderPositions({}, { handlers: { 'exchange/order/closeOrder': close } });
    view.push('holtOrder', [open]);
    const detail = await openDetail(/EUR\/USD/);
    fireEvent.click(within(detail).getByTestId('detail-action'));
    await act(async () => fireEvent.click(screen.getByTestId('confirm-action')));
    await waitFor(() =>
      expect(screen.getByTestId('trade-announcer').textContent).toBe(
        'EUR/USD position closed. Profit 12.40 USD.',
      ),
    );
    expect(screen.getByText('Operation successful')).toBeTruthy();
    expect(liveTexts()).toEqual(['EUR/USD position closed. Profit 12.40 USD.']);
  });

  it('offers a retry once the live orders stopped after the last reconnect attempt', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      view = await renderPositions();
      for (let i = 1; i <= 11; i++) {
        act(() => view?.sockets.last().serverClose(1006));
        act(() => vi.advanceTimersByTime(500 * i));
      }
      expect(screen.getByRole('alert').textContent).toContain('Live orders are unavailable.');
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(view.sockets.sockets).toHaveLength(12);
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes the order socket when the widget goes away', async () => {
    view = await renderPositions();
    const socket = view.sockets.last();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      view.unmount();
      // Not at once (EK9): a widget moved or remounted within IDLE_CLOSE_MS keeps the socket.
      expect(socket.closedByClient).toBeNull();
      vi.advanceTimersByTime(IDLE_CLOSE_MS);
      expect(socket.closedByClient).toBe(1000);
    } finally {
      vi.useRealTimers();
    }
  });
});
