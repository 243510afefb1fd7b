// @vitest-environment jsdom
/** Issue #26 items 1 and 2 on the market order form: the amount fields keep what was typed, Enter never sends. */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderOrderForm } from './order-form.fixture';
import type { OrderFormView } from './order-form.fixture';

/** Typing through user-event takes seconds on two busy cores. */
const TYPING_MS = 40_000;

let view: OrderFormView | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
});

const submit = () => screen.getByTestId('submit') as HTMLButtonElement;
const input = (name: string) => screen.getByTestId(name) as HTMLInputElement;
const ready = () => waitFor(() => expect(submit().dataset.state).toBe('normal'));
const settle = () =>
  act(async () => {
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  });
const orders = () => view?.callsTo('exchange/order/addOrder') ?? [];

describe('<OrderForm> keyboard', () => {
  it(
    'Enter on the Stop loss switch turns it on and places no order; the button then sends it',
    async () => {
      view = await renderOrderForm({ symbol: 'BTCUSDT', direction: 0 });
      await ready();
      const user = userEvent.setup({ delay: null });
      const stopSwitch = input('stopLoss-switch');
      stopSwitch.focus();
      await user.keyboard('{Enter}');
      await settle();
      expect(orders()).toHaveLength(0);
      expect(stopSwitch.checked).toBe(true);
      expect(screen.getByTestId('stopLoss')).toBeTruthy();
      await user.keyboard('{Enter}');
      expect(stopSwitch.checked).toBe(false);
      await user.keyboard('{Enter}');
      await user.type(input('stopLoss'), '97000{Enter}');
      await settle();
      expect(orders()).toHaveLength(0);
      await waitFor(() => expect(submit().dataset.state).toBe('normal'));
      await user.click(submit());
      await waitFor(() => expect(orders()).toHaveLength(1));
      expect(orders()[0]?.body).toMatchObject({ stopPrice: '97000.00', orderQuantity: '0.01' });
    },
    TYPING_MS,
  );

  it(
    'Space on the Take profit switch toggles it too, and places no order',
    async () => {
      view = await renderOrderForm({ symbol: 'BTCUSDT', direction: 1 });
      await ready();
      const user = userEvent.setup({ delay: null });
      input('takeProfit-switch').focus();
      await user.keyboard(' ');
      await settle();
      expect(input('takeProfit-switch').checked).toBe(true);
      expect(orders()).toHaveLength(0);
    },
    TYPING_MS,
  );
});

describe('<OrderForm> amounts', () => {
  it(
    'keeps a volume with 3 decimals as typed, says why, and sends nothing (it was cut to 2)',
    async () => {
      view = await renderOrderForm({ symbol: 'BTCUSDT', direction: 0 });
      await ready();
      const user = userEvent.setup({ delay: null });
      await user.clear(input('volume'));
      await user.type(input('volume'), '0,015');
      expect(input('volume').value).toBe('0.015');
      expect(input('volume').getAttribute('aria-invalid')).toBe('true');
      await user.tab();
      expect(input('volume').value).toBe('0.015');
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('At most 2 decimal places.');
      await user.click(submit());
      await settle();
      expect(orders()).toHaveLength(0);
      await user.clear(input('volume'));
      await user.type(input('volume'), '0.02');
      await user.tab();
      expect(input('volume').getAttribute('aria-invalid')).toBeNull();
      await waitFor(() => expect(submit().dataset.state).toBe('normal'));
      await user.click(submit());
      await waitFor(() => expect(orders()).toHaveLength(1));
      expect(orders()[0]?.body).toMatchObject({ orderQuantity: '0.02' });
    },
    TYPING_MS,
  );

  it(
    'takes a stop loss typed with a Japanese IME (full-width digits, composed) as the number meant',
    async () => {
      view = await renderOrderForm({ symbol: 'BTCUSDT', direction: 0 });
      await ready();
      const user = userEvent.setup({ delay: null });
      await user.click(input('stopLoss-switch'));
      const field = input('stopLoss');
      await act(async () => {
        field.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true }));
      });
      await user.type(field, '９７０００．５');
      // Left alone while composing: no message, nothing rewritten under the IME.
      expect(field.value).toBe('９７０００．５');
      expect(field.getAttribute('aria-invalid')).toBeNull();
      await act(async () => {
        field.dispatchEvent(
          new CompositionEvent('compositionend', { bubbles: true, data: '９７０００．５' }),
        );
      });
      expect(field.value).toBe('97000.5');
      await user.tab();
      expect(field.value).toBe('97000.50');
    },
    TYPING_MS,
  );
});
