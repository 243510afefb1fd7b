// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { optionFormMeta } from './option-form.meta';
import { btcQuote, createOptionServer } from './option-form.fixture';
import type { OptionServer } from './option-form.fixture';

const getPlatform = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/runtime/platform'), async (original) => ({ ...(await original()), getPlatform }));

let server: OptionServer;
beforeAll(async () => {
  server = await createOptionServer({ virtual: true });
  getPlatform.mockReturnValue(server.platform);
  await import('./option-form.element');
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
const byTestId = (el: HTMLElement, id: string) =>
  el.shadowRoot?.querySelector<HTMLElement>(`[data-testid="${id}"]`) ?? null;

describe('<tk-option-form>', () => {
  it('observes exactly the attributes of its meta', () => {
    const ctor = customElements.get('tk-option-form') as unknown as { observedAttributes: string[] };
    expect(ctor.observedAttributes).toEqual(optionFormMeta.attributes.map((a) => a.name));
  });

  it('places a demo option from its shadow root and fires tk-option-placed from the element', async () => {
    const el = await mount(
      '<tk-option-form api="https://platform.test" symbol="BTCUSDT" direction="1" mode="option"></tk-option-form>',
    );
    await act(() => server.connect(btcQuote()));
    const submit = () => part(el, 'submit') as HTMLButtonElement;
    await waitFor(() => expect(submit().dataset.state).toBe('normal'));
    expect(submit().dataset.side).toBe('down');
    await act(async () => byTestId(el, 'chip-50')?.click());
    const placed: unknown[] = [];
    document.addEventListener('tk-option-placed', (e) => placed.push(e.detail), { once: true });
    await act(async () => submit().click());
    await waitFor(() =>
      expect(placed).toEqual([{ uid: 'OM202611250001', symbol: 'BTCUSDT', direction: 1, virtual: true }]),
    );
    expect(server.callsTo('exchange/order/addOrderOptionMock')).toHaveLength(1);
    expect(part(el, 'success')).not.toBeNull();
  });

  it('dispatches tk-navigate home and renders nothing in market mode', async () => {
    const seen: string[] = [];
    const listen = (e: GlobalEventHandlersEventMap['tk-navigate']) => seen.push(e.detail.to);
    document.addEventListener('tk-navigate', listen);
    const el = await mount('<tk-option-form symbol="BTCUSDT" mode="market"></tk-option-form>');
    document.removeEventListener('tk-navigate', listen);
    expect(seen).toEqual(['/']);
    expect(part(el, 'form')).toBeNull();
  });
});
