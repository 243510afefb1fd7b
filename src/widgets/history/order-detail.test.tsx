// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { marketOrder } from '../../core/feeds/exchange-feed.fixture';
import { createHarness } from '../../core/session/session.fixture';
import type { Handler, Harness } from '../../core/session/session.fixture';
import { renderOn, signInTo } from '../_shared/widget-render.fixture';
import type { OptionOrder } from '../../core/contract/options';
import { page } from './history.fixture';
import { OrderDetail } from './order-detail';
import type { OrderDetailProps } from './order-detail';

let h: Harness | undefined;
function end() {
  cleanup();
  h?.session.close();
  h?.platform.close();
  h = undefined;
}
afterEach(end);

async function show(
  props: Omit<OrderDetailProps, 'onClose'>,
  handlers: Record<string, Handler>,
  virtual = false,
) {
  h = createHarness({ handlers });
  await h.platform.ready;
  await signInTo(h, virtual);
  const onClose = vi.fn();
  const harness = h;
  await renderOn(harness, <OrderDetail {...props} onClose={onClose} />);
  return { onClose, calls: (path: string) => harness.callsTo(path).map((c) => c.body) };
}

describe('<OrderDetail>', () => {
  it('loads the market order named by uid and shows the history’s detail drawer', async () => {
    const order = marketOrder({ id: '5', uid: 'M5', productName: 'Bitcoin', positionStatus: 3 });
    const { onClose, calls } = await show({ uid: 'M5' }, { 'waa/order/query': () => page([order], 1, 1) });
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Order details' })).toBeTruthy());
    expect(calls('waa/order/query')).toEqual([{ uid: 'M5', page: 1, limit: 1 }]);
    expect(screen.getByText('M5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('explains a close-out and shows what negative-balance protection absorbed', async () => {
    const order = marketOrder({
      id: '7',
      uid: 'S7',
      positionStatus: 3,
      closeReason: 'stop_out',
      profitLoss: '-597.99',
      absorbedLoss: '312.11',
    });
    await show({ uid: 'S7' }, { 'waa/order/query': () => page([order], 1, 1) });
    await waitFor(() => expect(screen.getByText('S7')).toBeTruthy());
    const field = (name: string) => document.querySelector(`[data-field="${name}"] dd`)?.textContent;
    expect(field('close-reason')).toBe('Stop-out');
    expect(field('close-why')).toContain('largest loss first');
    expect(field('market-pnl')).toBe('-910.10');
    expect(field('absorbed')).toBe('312.11');
    expect(field('absorbed-why')).toContain('your balance stopped at 0.00');
  });

  it('shows no protection fields for an ordinary close', async () => {
    const order = marketOrder({ id: '8', uid: 'M8', positionStatus: 3, closeReason: 'manual' });
    await show({ uid: 'M8' }, { 'waa/order/query': () => page([order], 1, 1) });
    await waitFor(() => expect(screen.getByText('M8')).toBeTruthy());
    expect(document.querySelector('[data-field="close-why"]')).toBeNull();
    expect(document.querySelector('[data-field="absorbed"]')).toBeNull();
  });

  it('asks the demo list on the demo account', async () => {
    const order = marketOrder({ id: '6', uid: 'D6', positionStatus: 2 });
    const { calls } = await show({ uid: 'D6' }, { 'waa/order/queryMock': () => page([order], 1, 1) }, true);
    await waitFor(() => expect(screen.getByText('D6')).toBeTruthy());
    expect(calls('waa/order/queryMock')).toEqual([{ uid: 'D6', page: 1, limit: 1 }]);
  });

  it('loads the option named by optionUid with findOption', async () => {
    const option: OptionOrder = {
      id: '1',
      uid: 'OP9',
      optionsProductId: 7,
      orderType: 0,
      tradePair: 'BTCUSDT',
      productName: 'Bitcoin',
      price: '98500.00',
      priceEnd: '98620.50',
      rate: '0.85',
      feeAmount: '0.20',
      amount: '100.00',
      timeLong: 30,
      beginTime: 1_764_000_000_000,
      endTime: 1_764_000_030_000,
      completeTime: 1_764_000_030_200,
      winLost: '85.00',
      positionStatus: 1,
    };
    const { calls } = await show(
      { optionUid: 'OP9' },
      { 'waa/option/findOption': () => ({ code: 0, data: option }) },
    );
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Option details' })).toBeTruthy());
    expect(calls('waa/option/findOption')).toEqual([{ uid: 'OP9' }]);
    expect(screen.getByText('OP9')).toBeTruthy();
  });

  it('shows not found for a number the account does not have, market or option', async () => {
    await show({ uid: 'NOPE' }, { 'waa/order/query': () => page([], 1, 0) });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('No such order in this account.'));
    end();
    await show({ optionUid: 'NOPE' }, { 'waa/option/findOption': () => ({ code: 402, msg: 'not found' }) });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('No such order in this account.'));
  });

  it('shows nothing without a number', async () => {
    const { calls } = await show({}, {});
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(calls('waa/order/query')).toEqual([]);
  });
});
