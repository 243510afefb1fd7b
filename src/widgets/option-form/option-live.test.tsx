// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { btcQuote, renderOptionForm } from './option-form.fixture';
import type { OptionFormView } from './option-form.fixture';

// Issue #26 item 7: the success drawer of a running option shows the live bid against the entry and where the
// option stands, in words and in the brand's up/down colour (decisions AN4, AN5).
let view: OptionFormView | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
});

const submit = () => screen.getByTestId('submit') as HTMLButtonElement;
const livePrice = () => screen.getByTestId('option-live-price');
const standing = () => screen.getByTestId('option-standing');

async function placeOption(direction: 0 | 1) {
  view = await renderOptionForm({ symbol: 'BTCUSDT', direction });
  await waitFor(() => expect(submit().dataset.state).toBe('normal'));
  fireEvent.click(screen.getByTestId('chip-100'));
  fireEvent.click(submit());
  await screen.findByTestId('success');
  const bid = (bidPrice: string) =>
    act(() => view?.publish([btcQuote({ bidPrice, lastUpdate: Date.now() })]));
  return { bid };
}

describe('<OptionForm> success drawer live state', () => {
  it('says an up option is winning above the entry, losing below, even on it', async () => {
    const { bid } = await placeOption(0);
    // The entry is the server's bid, and the quote is still that bid: even.
    expect(livePrice().textContent).toBe('98500.00 (0)');
    expect(standing().textContent).toBe('Even: stake back');
    expect(standing().dataset.tone).toBeUndefined();
    bid('98620.50');
    expect(livePrice().textContent).toBe('98620.50 (+120.5)');
    expect(standing().textContent).toBe('Winning');
    expect(standing().dataset.tone).toBe('up');
    bid('98499.99');
    expect(livePrice().textContent).toBe('98499.99 (-0.01)');
    expect(standing().textContent).toBe('Losing');
    expect(standing().dataset.tone).toBe('down');
  });

  it('says a down option is winning below the entry', async () => {
    const { bid } = await placeOption(1);
    bid('98400.00');
    expect(standing().textContent).toBe('Winning');
    expect(standing().dataset.tone).toBe('up');
    bid('98600.00');
    expect(standing().textContent).toBe('Losing');
    expect(standing().dataset.tone).toBe('down');
  });
});
