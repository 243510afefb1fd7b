// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onOptionsChanged } from '../../core/state/option-changes';
import { btcOptionProduct, renderOptionForm, settledOption } from './option-form.fixture';
import type { OptionFormView } from './option-form.fixture';

let view: OptionFormView | undefined;
afterEach(() => {
  vi.useRealTimers();
  view?.close();
  view = undefined;
});

const submit = () => screen.getByTestId('submit') as HTMLButtonElement;
const amount = () => screen.getByTestId('amount') as HTMLInputElement;
const alertText = () => screen.getByTestId('option-toast-alert').textContent;
const ready = () => waitFor(() => expect(submit().dataset.state).toBe('normal'));
/** Let fetches and promise chains finish without moving the (fake) clock. */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  });
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Places an up option of 100 on fake timers; each check answers `completed()`, the detail a settled option. */
async function placeSettledOnCheck(completed: () => boolean = () => true): Promise<OptionFormView> {
  const form = await renderOptionForm(
    { symbol: 'BTCUSDT', direction: 0 },
    {
      handlers: {
        'waa/option/checkOptionOrderCompletion': () => ({ code: 0, data: { completed: completed() } }),
        'waa/option/findOption': () => ({ code: 0, data: settledOption() }),
      },
    },
  );
  await ready();
  fireEvent.click(screen.getByTestId('chip-100'));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  fireEvent.click(submit());
  await settle();
  return form;
}

describe('<OptionForm mode="option">', () => {
  it('shows the delivery times with their profit rates, the chips and the payout and fee of an amount', async () => {
    view = await renderOptionForm({ symbol: 'BTCUSDT', direction: 0, mode: 'option' });
    await ready();
    expect(screen.getByTestId('time-30').textContent).toBe('30 sProfit 85%');
    expect(screen.getByTestId('time-60').textContent).toBe('1 minProfit 90%');
    expect(screen.getByTestId('time-30').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('live-price').textContent).toBe('98500.00');
    expect(screen.getByText('From 10 to 5,000')).toBeTruthy();
    fireEvent.click(screen.getByTestId('chip-100'));
    expect(amount().value).toBe('100');
    // 100 + 100 × 0.85; fee 100 × 0.002.
    expect(screen.getByTestId('preview-payout').textContent).toBe('185.00 USD');
    expect(screen.getByTestId('preview-fee').textContent).toBe('0.20 USD');
    await waitFor(() => expect(screen.getByTestId('preview-available').textContent).toBe('10,000.00 USD'));
    fireEvent.click(screen.getByTestId('time-60'));
    expect(screen.getByText('At least 20')).toBeTruthy();
    expect(screen.getByTestId('chip-200')).toBeTruthy();
    expect(screen.getByTestId('preview-payout').textContent).toBe('190.00 USD');
    expect(submit().textContent).toBe('Buy up');
    fireEvent.click(screen.getByTestId('side-down'));
    expect(submit().textContent).toBe('Buy down');
  });

  it('keeps what was typed in the amount and says why it cannot be sent (issue #26)', async () => {
    view = await renderOptionForm({ symbol: 'BTCUSDT' });
    await ready();
    fireEvent.change(amount(), { target: { value: '1a2.5-' } });
    expect(amount().value).toBe('1a2.5-');
    expect(amount().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Use digits and one decimal point only.');
    fireEvent.change(amount(), { target: { value: '0042' } });
    expect(amount().value).toBe('42');
    expect(amount().getAttribute('aria-invalid')).toBeNull();
  });

  it('typing 12.5 shows 12.5 with "whole amounts only" and places no option (issue #26)', async () => {
    view = await renderOptionForm({ symbol: 'BTCUSDT' });
    await ready();
    const user = userEvent.setup({ delay: null });
    await user.type(amount(), '12.5');
    expect(amount().value).toBe('12.5');
    expect(screen.getByRole('alert').textContent).toBe('Whole amounts only: remove the decimal point.');
    expect(screen.getByTestId('preview-payout').textContent).toBe('--');
    await user.click(submit());
    await settle();
    expect(alertText()).toBe('The amount must be a positive whole number');
    expect(view.callsTo('exchange/order/addOrderOption')).toHaveLength(0);
    // Mended, the amount typed is the amount sent.
    await user.clear(amount());
    await user.type(amount(), '１２５');
    expect(amount().value).toBe('125');
    await user.click(submit());
    await waitFor(() => expect(view?.callsTo('exchange/order/addOrderOption')).toHaveLength(1));
    expect(view.callsTo('exchange/order/addOrderOption')[0]?.body.amount).toBe('125');
  });

  it('Enter in the amount places no option: only the button does (issue #26)', async () => {
    view = await renderOptionForm({ symbol: 'BTCUSDT' });
    await ready();
    const user = userEvent.setup({ delay: null });
    await user.type(amount(), '50{Enter}');
    await settle();
    expect(view.callsTo('exchange/order/addOrderOption')).toHaveLength(0);
    await user.click(submit());
    await waitFor(() => expect(view?.callsTo('exchange/order/addOrderOption')).toHaveLength(1));
  });

  it.each([
    ['', '30', 'Please enter the amount'],
    ['0', '30', 'The amount must be a positive whole number'],
    ['5', '30', 'The amount must be between 10 and 5,000'],
    ['6000', '30', 'The amount must be between 10 and 5,000'],
    ['15', '60', 'The amount must be at least 20'],
    ['5000', '30', 'Insufficient balance'],
  ])('refuses the amount %j on %s s: %s', async (text, time, message) => {
    view = await renderOptionForm(
      { symbol: 'BTCUSDT' },
      {
        handlers: {
          'waa/user/balance': () => ({ code: 0, data: { balanceAmount: '5005.00', lockMargin: '0' } }),
        },
      },
    );
    await ready();
    await waitFor(() => expect(screen.getByTestId('preview-available').textContent).toBe('5,005.00 USD'));
    fireEvent.click(screen.getByTestId(`time-${time}`));
    fireEvent.change(amount(), { target: { value: text } });
    await act(async () => fireEvent.click(submit()));
    expect(alertText()).toBe(message);
    expect(view.callsTo('exchange/order/addOrderOption')).toHaveLength(0);
  });

  it('asks for a delivery time when the product offers none it can use', async () => {
    const product = btcOptionProduct({ deliveryTimes: [] });
    view = await renderOptionForm({ symbol: 'BTCUSDT' }, { product });
    await waitFor(() => expect(screen.getByTestId('closed-banner')).toBeTruthy());
    expect(submit().disabled).toBe(true);
  });

  it('places an option, counts it down, then polls its settlement and shows the result', async () => {
    const placed = vi.fn();
    let checks = 0;
    view = await renderOptionForm(
      { symbol: 'BTCUSDT', direction: 1, onOptionPlaced: placed },
      {
        handlers: {
          'waa/option/checkOptionOrderCompletion': () => ({ code: 0, data: { completed: ++checks >= 2 } }),
          'waa/option/findOption': () => ({
            code: 0,
            data: settledOption({ orderType: 1, priceEnd: '98420.00', winLost: '85.00' }),
          }),
        },
      },
    );
    await ready();
    fireEvent.click(screen.getByTestId('chip-100'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    fireEvent.click(submit());
    await settle();
    const [call] = view.callsTo('exchange/order/addOrderOption');
    expect(call?.body).toEqual({
      tradePair: 'BTCUSDT',
      optionsProductId: 7,
      price: '98500.00',
      timeLong: 30,
      btime: Math.floor(Date.now() / 1000),
      rate: '0.85',
      amount: '100',
      orderType: 1,
    });
    expect(view.callsTo('exchange/order/addOrderOptionMock')).toHaveLength(0);
    expect(placed).toHaveBeenCalledWith({
      uid: 'OP202611250001',
      symbol: 'BTCUSDT',
      direction: 1,
      virtual: false,
    });

    // The success drawer: 30 s left, a full bar; refreshed every 200 ms.
    expect(screen.getByTestId('countdown').textContent).toBe('0:30');
    expect(screen.getByTestId('progress').getAttribute('aria-valuenow')).toBe('100');
    await advance(15_000);
    expect(screen.getByTestId('countdown').textContent).toBe('0:15');
    expect(screen.getByTestId('progress').getAttribute('aria-valuenow')).toBe('50');
    await advance(200);
    expect(screen.getByTestId('progress').getAttribute('aria-valuenow')).toBe('50');
    await advance(400);
    expect(screen.getByTestId('progress').getAttribute('aria-valuenow')).toBe('48');

    // At 0 the success drawer closes and the settlement drawer says it is settling.
    await advance(14_400);
    expect(screen.queryByTestId('success')).toBeNull();
    expect(screen.getByTestId('settlement').dataset.phase).toBe('settling');
    expect(screen.getByText('Settling...')).toBeTruthy();
    expect(view.callsTo('waa/option/checkOptionOrderCompletion')).toHaveLength(0);
    // First check after 1 s (not yet settled), the second 1.5 s later.
    await advance(999);
    expect(view.callsTo('waa/option/checkOptionOrderCompletion')).toHaveLength(0);
    await advance(1);
    await settle();
    expect(view.callsTo('waa/option/checkOptionOrderCompletion')).toEqual([
      { path: expect.any(String), body: { uid: 'OP202611250001' } },
    ]);
    await advance(1500);
    await settle();
    expect(view.callsTo('waa/option/checkOptionOrderCompletion')).toHaveLength(2);
    expect(view.callsTo('waa/option/findOption')).toHaveLength(1);
    expect(screen.getByTestId('settlement').dataset.phase).toBe('settled');
    expect(screen.getByTestId('entry-price').textContent).toBe('98500.00');
    expect(screen.getByTestId('exit-price').textContent).toBe('98420.00');
    expect(screen.getByTestId('win-lost').textContent).toBe('Win 85.00 USD');
    // Heard once, in words, through the page's announcer; the drawer's result is in no live region (SR3).
    await settle();
    expect(screen.getByTestId('trade-announcer').textContent).toBe(
      'Bitcoin option settled: you won. Profit 85.00 USD.',
    );
    expect(
      screen.getByTestId('settlement').closest('[aria-live], [role="status"], [role="alert"]'),
    ).toBeNull();
  });

  it('checks at once when the exchange socket pushes the settlement of the option it waits for', async () => {
    let checks = 0;
    view = await placeSettledOnCheck(() => ++checks >= 2);
    // The form listens on the exchange socket while the option runs.
    expect(view.exchange.sockets).toHaveLength(1);
    await advance(30_000);
    expect(screen.getByTestId('settlement').dataset.phase).toBe('settling');
    await advance(1000);
    await settle();
    expect(view.callsTo('waa/option/checkOptionOrderCompletion')).toHaveLength(1);
    // 200 ms into the 1.5 s wait the server says it settled: the next check goes at once.
    await advance(200);
    act(() => view?.pushSettled([settledOption({ uid: 'OP202611250001' })]));
    await advance(0);
    await settle();
    expect(view.callsTo('waa/option/checkOptionOrderCompletion')).toHaveLength(2);
    expect(screen.getByTestId('settlement').dataset.phase).toBe('settled');
    expect(screen.getByTestId('win-lost').textContent).toBe('Win 85.00 USD');
  });

  it('ends the countdown when the settlement is pushed first, and ignores other options', async () => {
    view = await placeSettledOnCheck();
    await advance(29_000);
    act(() => view?.pushSettled([settledOption({ uid: 'OP-OTHER' })]));
    await settle();
    expect(screen.getByTestId('success')).toBeTruthy();
    // This device's clock is a little behind the server's: the push ends the wait at once.
    act(() => view?.pushSettled([settledOption({ uid: 'OP202611250001' })]));
    await advance(0);
    await settle();
    expect(screen.queryByTestId('success')).toBeNull();
    expect(view.callsTo('waa/option/checkOptionOrderCompletion')).toHaveLength(1);
    expect(screen.getByTestId('settlement').dataset.phase).toBe('settled');
  });

  it("tells the page's lists of running options once the option is settled, not at their next refresh", async () => {
    view = await placeSettledOnCheck();
    const heard = vi.fn();
    const stop = onOptionsChanged(view.platform, heard);
    await advance(29_000);
    expect(heard).not.toHaveBeenCalled();
    act(() => view?.pushSettled([settledOption({ uid: 'OP202611250001' })]));
    await advance(0);
    await settle();
    expect(screen.getByTestId('settlement').dataset.phase).toBe('settled');
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
  });

  it('keeps the countdown ended when a tick comes in the same batch as the settlement push', async () => {
    view = await placeSettledOnCheck();
    await advance(1_000);
    // On a busy page the push's update waits for React's next render while the 200 ms tick fires: both are
    // rendered together. The tick ran the countdown on (to the browser's 30 s) before the fix.
    act(() => {
      view?.pushSettled([settledOption({ uid: 'OP202611250001' })]);
      vi.advanceTimersByTime(200);
    });
    await advance(0);
    await settle();
    expect(screen.queryByTestId('success')).toBeNull();
    expect(view.callsTo('waa/option/checkOptionOrderCompletion')).toHaveLength(1);
    expect(screen.getByTestId('settlement').dataset.phase).toBe('settled');
  });

  it('gives up after 12 checks with the §8 message and a way to the history', async () => {
    const navigate = vi.fn();
    view = await renderOptionForm(
      { symbol: 'BTCUSDT', onNavigate: navigate },
      {
        handlers: {
          'waa/option/checkOptionOrderCompletion': () => ({ code: 0, data: { completed: false } }),
        },
      },
    );
    await ready();
    fireEvent.click(screen.getByTestId('chip-10'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    fireEvent.click(submit());
    await settle();
    await advance(30_000);
    expect(screen.getByTestId('settlement').dataset.phase).toBe('settling');
    await advance(1000);
    for (let i = 0; i < 11; i++) {
      await settle();
      await advance(1500);
    }
    await settle();
    expect(view.callsTo('waa/option/checkOptionOrderCompletion')).toHaveLength(12);
    expect(screen.getByTestId('settlement-error').textContent).toBe(
      'Failed to receive the result, please check the transaction history for this transaction',
    );
    expect(view.callsTo('waa/option/findOption')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('view-history'));
    expect(navigate).toHaveBeenCalledWith({ to: '/history' });
    expect(screen.queryByTestId('settlement')).toBeNull();
  });

  it('uses the Mock call on the demo account', async () => {
    view = await renderOptionForm({ symbol: 'BTCUSDT' }, { virtual: true });
    await ready();
    fireEvent.click(screen.getByTestId('chip-50'));
    await act(async () => fireEvent.click(submit()));
    await waitFor(() => expect(view?.callsTo('exchange/order/addOrderOptionMock')).toHaveLength(1));
    expect(view.callsTo('exchange/order/addOrderOption')).toHaveLength(0);
    expect(view.callsTo('exchange/order/addOrderOptionMock')[0]?.body.amount).toBe('50');
    expect(screen.getByTestId('success')).toBeTruthy();
  });

  it('shows the closed banner, blocks the button and sends the trader back to the chart once', async () => {
    const navigate = vi.fn();
    view = await renderOptionForm(
      { symbol: 'BTCUSDT', onNavigate: navigate },
      { product: btcOptionProduct({ tradeStatus: 0 }) },
    );
    await waitFor(() =>
      expect(screen.getByTestId('closed-banner').textContent).toBe(
        'This product is closed for option trading',
      ),
    );
    expect(submit().dataset.state).toBe('not_tradable');
    expect(submit().disabled).toBe(true);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith({ to: '/BTCUSDT/chart' });
  });

  it('blocks the button while the market is closed', async () => {
    view = await renderOptionForm(
      { symbol: 'BTCUSDT' },
      { handlers: { 'market/status/BTCUSDT': () => ({ code: 0, data: 'closed' }) } },
    );
    await waitFor(() => expect(submit().dataset.state).toBe('market_closed'));
    expect(submit().textContent).toBe('Market closed');
  });

  it('shows a refusal of the server and keeps the form', async () => {
    view = await renderOptionForm(
      { symbol: 'BTCUSDT' },
      { handlers: { 'exchange/order/addOrderOption': () => ({ code: 602, msg: 'option time error' }) } },
    );
    await ready();
    fireEvent.click(screen.getByTestId('chip-100'));
    await act(async () => fireEvent.click(submit()));
    await waitFor(() => expect(alertText()).toContain('602'));
    expect(screen.queryByTestId('success')).toBeNull();
  });

  it('sends a visitor to sign in and back to this form', async () => {
    const navigate = vi.fn();
    view = await renderOptionForm(
      { symbol: 'BTCUSDT', direction: 1, onNavigate: navigate },
      { signedIn: false },
    );
    await waitFor(() => expect(submit().textContent).toBe('Sign in to trade'));
    await act(async () => fireEvent.click(submit()));
    expect(navigate).toHaveBeenCalledWith({
      to: `/login?to=${encodeURIComponent('/BTCUSDT/placeOption?direction=1')}`,
    });
  });

  it.each([
    ['market', 0],
    ['option', 2],
  ])('leaves for home with mode %s and direction %s', async (mode, direction) => {
    const navigate = vi.fn();
    view = await renderOptionForm(
      { symbol: 'BTCUSDT', mode, direction, onNavigate: navigate },
      { quote: null },
    );
    expect(navigate).toHaveBeenCalledWith({ to: '/' });
    expect(screen.queryByTestId('submit')).toBeNull();
  });
});

describe('the account a trader is on (issue #11)', () => {
  const balance = (amount: string) => ({
    'waa/user/balance': () => ({ code: 0, data: { balanceAmount: amount, lockMargin: '0.00' } }),
  });

  it('names the account on its own line and keeps the full product name', async () => {
    view = await renderOptionForm({ symbol: 'BTCUSDT' }, { virtual: true });
    await ready();
    expect(screen.getByTestId('account-strip').dataset.account).toBe('demo');
    expect(screen.getByTestId('account-strip').textContent).toContain('Demo account');
    expect(screen.getByRole('heading').textContent).toBe('Bitcoin');
  });

  it("tells a real account at 0.00 before any amount is typed and offers the page's demo switch", async () => {
    const onFundAccount = vi.fn();
    view = await renderOptionForm(
      { symbol: 'BTCUSDT', direction: 1, fundActions: 'demo', onFundAccount },
      { handlers: balance('0.00') },
    );
    await ready();
    await waitFor(() =>
      expect(screen.getByTestId('fund-notice').textContent).toContain('Balance is not enough'),
    );
    expect(screen.queryByTestId('fund-deposit')).toBeNull();
    fireEvent.click(screen.getByTestId('fund-demo'));
    expect(onFundAccount).toHaveBeenCalledWith({ action: 'demo', symbol: 'BTCUSDT', mode: 'option' });
  });

  it('follows the stake typed: stake plus fee above the balance shows the notice', async () => {
    view = await renderOptionForm(
      { symbol: 'BTCUSDT', fundActions: 'demo' },
      { handlers: balance('100.10') },
    );
    await ready();
    await waitFor(() => expect(screen.getByTestId('preview-available').textContent).toBe('100.10 USD'));
    fireEvent.change(amount(), { target: { value: '50' } });
    expect(screen.queryByTestId('fund-notice')).toBeNull();
    // 100 + 0.20 fee > 100.10.
    fireEvent.change(amount(), { target: { value: '100' } });
    expect(screen.getByTestId('fund-notice')).toBeTruthy();
  });

  it('never offers to fund the demo account', async () => {
    view = await renderOptionForm(
      { symbol: 'BTCUSDT', fundActions: 'demo' },
      { virtual: true, handlers: balance('0.00') },
    );
    await ready();
    await waitFor(() => expect(screen.getByTestId('preview-available').textContent).toBe('0.00 USD'));
    expect(screen.queryByTestId('fund-notice')).toBeNull();
  });
});
