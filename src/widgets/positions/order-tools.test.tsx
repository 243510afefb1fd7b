// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { marketOrder } from '../../core/feeds/exchange-feed.fixture';
import { renderPositions } from './positions.fixture';
import type { RenderedPositions } from './positions.fixture';
import { distanceIssue, partIssue, trailingOf } from './order-tools.logic';

let view: RenderedPositions | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
});

const open = marketOrder({
  id: 'o1',
  uid: 'M1',
  tradePair: 'EURUSD',
  productName: 'EUR/USD',
  openingPrice: '1.08500',
  currentPrice: '1.08650',
  stopPrice: '1.08000',
  orderQuantity: '0.10',
});

async function openDetail() {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: /EUR\/USD/ })));
  const detail = screen.getByRole('dialog', { name: 'Order details' });
  // The tools load with the first drawer of an open position.
  await screen.findByRole('region', { name: 'Order tools' });
  return detail;
}

describe('order tools rules', () => {
  it('lets a part be less than the open lots, on their decimals, and a distance at the price precision', () => {
    expect(partIssue(open, '')).toBe('position.tools.part_empty');
    expect(partIssue(open, '0')).toBe('position.tools.part_invalid');
    expect(partIssue(open, '0.005')).toBe('position.tools.part_invalid');
    expect(partIssue(open, '0.10')).toBe('position.tools.part_too_big');
    expect(partIssue(open, '0.09')).toBeNull();
    expect(distanceIssue(open, '0.00050')).toBe(false);
    expect(distanceIssue(open, '0.000501')).toBe(true);
    expect(distanceIssue(open, '0')).toBe(true);
    expect(distanceIssue(open, '')).toBe(true);
    expect(trailingOf({ trailingDistance: null })).toBeNull();
    expect(trailingOf({ trailingDistance: '0.00050' })).toBe('0.00050');
  });
});

describe('<Positions> order tools', () => {
  it('closes part of a position with the lots typed, refusing all of it before any call', async () => {
    const part = vi.fn(() => ({ code: 0, data: null }));
    view = await renderPositions({}, { handlers: { 'exchange/order/closePart': part } });
    view.push('holtOrder', [open]);
    const detail = await openDetail();
    const form = within(detail).getByTestId('close-part');
    const lots = within(form).getByLabelText('Close part of the position');
    fireEvent.change(lots, { target: { value: '0.10' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Close part' })));
    expect(part).not.toHaveBeenCalled();
    expect(within(form).getByRole('alert').textContent).toMatch(/Less than the open lots/);
    fireEvent.change(lots, { target: { value: '0.04' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Close part' })));
    expect(part).toHaveBeenCalledWith({ orderId: 'o1', quantity: '0.04' }, expect.anything());
    await waitFor(() => expect(screen.getByText('Closed 0.04 lots of EUR/USD')).toBeTruthy());
  });

  it('holds the part button during the 3-minute lock, like the close button', async () => {
    view = await renderPositions();
    view.push('holtOrder', [{ ...open, transactionTimeTs: Date.now() - 19_000 }]);
    const detail = await openDetail();
    const button = within(within(detail).getByTestId('close-part')).getByRole<HTMLButtonElement>('button');
    expect(button.textContent).toMatch(/^Close in 2:4[01]$/);
    expect(button.disabled).toBe(true);
  });

  it('sets a trailing distance at the price precision, shows the state live and turns it off', async () => {
    const trail = vi.fn(() => ({ code: 0, data: null }));
    view = await renderPositions({}, { handlers: { 'exchange/order/trailingStop': trail } });
    view.push('holtOrder', [open]);
    const detail = await openDetail();
    const form = within(detail).getByTestId('trailing');
    expect(within(form).getByTestId('trailing-state').textContent).toBe(
      'Off: the stop loss stays where it is set.',
    );
    fireEvent.change(within(form).getByLabelText('Trailing stop'), { target: { value: '0.0005' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Trail stop' })));
    expect(trail).toHaveBeenCalledWith({ orderId: 'o1', distance: '0.0005' }, expect.anything());
    // The server moves the stop; the list it pushes shows where it stands now.
    view.push('holtOrder', [{ ...open, stopPrice: '1.08600', trailingDistance: '0.00050' }]);
    await waitFor(() =>
      expect(within(form).getByTestId('trailing-state').textContent).toBe(
        'Trailing 0.00050 behind the price: stop loss now at 1.08600',
      ),
    );
    expect(within(detail).getByText(/1\.08600 · trailing/)).toBeTruthy();
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Stop trailing' })));
    expect(trail).toHaveBeenLastCalledWith({ orderId: 'o1', distance: '' }, expect.anything());
  });

  it('moves the stop to break-even through the Mock call on demo and shows a refusal', async () => {
    const even = vi.fn(() => ({ code: 309, msg: 'stop loss conflicts with the current price' }));
    view = await renderPositions({}, { virtual: true, handlers: { 'exchange/order/breakEvenMock': even } });
    view.push('holtOrder', [open]);
    const detail = await openDetail();
    await act(async () => fireEvent.click(within(detail).getByTestId('break-even')));
    expect(even).toHaveBeenCalledWith({ orderId: 'o1' }, expect.anything());
    await waitFor(() => expect(screen.getByText(/\(309\)/)).toBeTruthy());
    expect(view.h.callsTo('exchange/order/breakEven')).toHaveLength(0);
  });
});
