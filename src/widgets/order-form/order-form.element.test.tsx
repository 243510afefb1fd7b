// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderFormMeta } from './order-form.meta';
import { btcQuote, createOrderServer } from './order-form.fixture';
import type { OrderServer } from './order-form.fixture';

const getPlatform = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/runtime/platform'), async (original) => ({ ...(await original()), getPlatform }));

let server: OrderServer;
beforeAll(async () => {
  server = await createOrderServer({ virtual: true });
  getPlatform.mockReturnValue(server.platform);
  await import('./order-form.element');
});
afterAll(async () => {
  // Unmount every element inside act so no React work is left to run after the DOM is torn down.
  await act(async () => {
    document.body.innerHTML = '';
  });
  server.close();
});

async function mount(html: string): Promise<HTMLElement> {
  await act(async () => {
    document.body.innerHTML = html;
  });
  return document.body.firstElementChild as HTMLElement;
}
const part = (el: HTMLElement, name: string) =>
  el.shadowRoot?.querySelector<HTMLElement>(`[part~="${name}"]`);

describe('<tk-order-form>', () => {
  it('observes exactly the attributes of its meta', () => {
    const ctor = customElements.get('tk-order-form') as unknown as { observedAttributes: string[] };
    expect(ctor.observedAttributes).toEqual(orderFormMeta.attributes.map((a) => a.name));
  });

  it('places a demo order from its shadow root and fires tk-order-placed from the element', async () => {
    const el = await mount(
      '<tk-order-form api="https://platform.test" symbol="BTCUSDT" direction="1" mode="market"></tk-order-form>',
    );
    await act(() => server.connect(btcQuote()));
    const submit = () => part(el, 'submit') as HTMLButtonElement;
    await waitFor(() => expect(submit().dataset.state).toBe('normal'));
    expect(submit().dataset.side).toBe('sell');
    const placed: unknown[] = [];
    document.addEventListener('tk-order-placed', (e) => placed.push(e.detail), { once: true });
    await act(async () => submit().click());
    await waitFor(() =>
      expect(placed).toEqual([{ orderId: '902611220001', symbol: 'BTCUSDT', virtual: true }]),
    );
    expect(server.callsTo('exchange/order/addOrderMock')).toHaveLength(1);
  });

  it('dispatches tk-navigate home and renders nothing for a wrong direction', async () => {
    const seen: string[] = [];
    const listen = (e: GlobalEventHandlersEventMap['tk-navigate']) => seen.push(e.detail.to);
    document.addEventListener('tk-navigate', listen);
    const el = await mount('<tk-order-form symbol="BTCUSDT" direction="3"></tk-order-form>');
    document.removeEventListener('tk-navigate', listen);
    expect(seen).toEqual(['/']);
    expect(part(el, 'form')).toBeNull();
  });
});
