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
import { optionFormMeta } from './option-form.meta';
import { btcQuote, createOptionServer } from './option-form.fixture';

const getPlatform = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/runtime/platform'), async (original) => ({ ...(await original()), getPlatform }));

const server = useElementServer(
  getPlatform,
  () => createOptionServer({ virtual: true }),
  () => import('./option-form.element'),
);

const byTestId = (el: HTMLElement, id: string) =>
  el.shadowRoot?.querySelector<HTMLElement>(`[data-testid="${id}"]`) ?? null;

describe('<tk-option-form>', () => {
  itObservesItsMeta(optionFormMeta);

  it('places a demo option from its shadow root and fires tk-option-placed from the element', async () => {
    const el = await mountHtml(
      '<tk-option-form api="https://platform.test" symbol="BTCUSDT" direction="1" mode="option"></tk-option-form>',
    );
    await act(() => server().connect(btcQuote()));
    const submit = () => shadowPart(el, 'submit') as HTMLButtonElement;
    await waitFor(() => expect(submit().dataset.state).toBe('normal'));
    expect(submit().dataset.side).toBe('down');
    await act(async () => byTestId(el, 'chip-50')?.click());
    const placed: unknown[] = [];
    document.addEventListener('tk-option-placed', (e) => placed.push(e.detail), { once: true });
    await act(async () => submit().click());
    await waitFor(() =>
      expect(placed).toEqual([{ uid: 'OM202611250001', symbol: 'BTCUSDT', direction: 1, virtual: true }]),
    );
    expect(server().callsTo('exchange/order/addOrderOptionMock')).toHaveLength(1);
    expect(shadowPart(el, 'success')).not.toBeNull();
  });

  itLeavesAWrongRoute(
    'dispatches tk-navigate home and renders nothing in market mode',
    '<tk-option-form symbol="BTCUSDT" mode="market"></tk-option-form>',
  );
});
