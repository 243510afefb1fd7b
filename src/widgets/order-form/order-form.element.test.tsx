// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  itObservesItsMeta,
  mountHtml,
  shadowPart,
  useElementServer,
} from '../_shared/element-harness.fixture';
import { itLeavesAWrongRoute } from '../_shared/trade-form.fixture';
import { orderFormMeta } from './order-form.meta';
import { btcQuote, createOrderServer } from './order-form.fixture';

const getPlatform = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/runtime/platform'), async (original) => ({ ...(await original()), getPlatform }));

const server = useElementServer(
  getPlatform,
  () => createOrderServer({ virtual: true }),
  () => import('./order-form.element'),
);

describe('<tk-order-form>', () => {
  itObservesItsMeta(orderFormMeta);

  it('places a demo order from its shadow root and fires tk-order-placed from the element', async () => {
    const el = await mountHtml(
      '<tk-order-form api="https://platform.test" symbol="BTCUSDT" direction="1" mode="market"></tk-order-form>',
    );
    await act(() => server().connect(btcQuote()));
    const submit = () => shadowPart(el, 'submit') as HTMLButtonElement;
    await waitFor(() => expect(submit().dataset.state).toBe('normal'));
    expect(submit().dataset.side).toBe('sell');
    const placed: unknown[] = [];
    document.addEventListener('tk-order-placed', (e) => placed.push(e.detail), { once: true });
    await act(async () => submit().click());
    await waitFor(() =>
      expect(placed).toEqual([{ orderId: '902611220001', symbol: 'BTCUSDT', virtual: true }]),
    );
    expect(server().callsTo('exchange/order/addOrderMock')).toHaveLength(1);
  });

  itLeavesAWrongRoute(
    'dispatches tk-navigate home and renders nothing for a wrong direction',
    '<tk-order-form symbol="BTCUSDT" direction="3"></tk-order-form>',
  );
});
