// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { btcProduct, btcQuote, renderOrderForm } from './order-form.fixture';
import type { OrderFormView } from './order-form.fixture';

let view: OrderFormView | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
  vi.useRealTimers();
});

const submit = () => screen.getByTestId('submit') as HTMLButtonElement;
const alertText = () => screen.getByTestId('order-toast-alert').textContent;
const type = (name: string, text: string) => {
  const input = screen.getByTestId(name);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
};
const ready = () => waitFor(() => expect(submit().dataset.state).toBe('normal'));

describe('<OrderForm> retail-client protection (PR4)', () => {
  it('says the leverage is held by the retail protection when the product answers a capped one', async () => {
    view = await renderOrderForm(
      { symbol: 'BTCUSDT', direction: 0, mode: 'market' },
      { product: btcProduct({ multiple: 2 }) },
    );
    await ready();
    expect(screen.getByTestId('preview-leverage').textContent).toBe('Leverage1:2Retail client protection');
  });

  it('shows no hint above the retail limit (a brand with protections off)', async () => {
    view = await renderOrderForm({ symbol: 'BTCUSDT', direction: 0, mode: 'market' });
    await ready();
    expect(screen.queryByTestId('retail-cap')).toBeNull();
    expect(screen.queryByTestId('retail-cap-pending')).toBeNull();
  });

  it('keeps the lines of the volume range and the retail note while the product is on its way (EK41)', async () => {
    // Nothing under them moves down when the product arrives: Lighthouse found the phone's order page shift 0.11.
    let answer: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (answer = resolve));
    const product = btcProduct({ multiple: 2 });
    view = await renderOrderForm(
      { symbol: 'BTCUSDT', direction: 0, mode: 'market' },
      {
        product,
        handlers: {
          'waa/product/order/info': () => arrived.then(() => ({ code: 0, data: product })),
          'wa-na/forex/product/list': () => arrived.then(() => ({ code: 0, data: [product] })),
        },
      },
    );
    const range = await screen.findByTestId('volume-hint-pending');
    const note = screen.getByTestId('retail-cap-pending');
    for (const line of [range, note]) {
      expect(line.getAttribute('aria-hidden')).toBe('true');
      expect(line.textContent).toBe('\u00a0');
    }
    expect(screen.queryByTestId('retail-cap')).toBeNull();
    await act(async () => answer());
    await ready();
    expect(screen.queryByTestId('volume-hint-pending')).toBeNull();
    expect(screen.queryByTestId('retail-cap-pending')).toBeNull();
    expect(screen.getByTestId('retail-cap').textContent).toBe('Retail client protection');
    expect(screen.getByText(/^From \S+ to \S+ lots$/)).toBeTruthy();
  });
});

describe('<OrderForm mode="market">', () => {
  it('shows the live bid and ask and a preview of the minimum volume', async () => {
    view = await renderOrderForm({ symbol: 'BTCUSDT', direction: 0, mode: 'market' });
    await ready();
    expect(screen.getByTestId('side-sell').textContent).toContain('98500.00');
    expect(screen.getByTestId('side-buy').textContent).toContain('98510.00');
    // The spread is a price difference with its currency, not a count of 0.01 price steps ("Spread 1000").
    expect(screen.getByTestId('spread').textContent).toBe('Spread 10.00 USD');
    expect((screen.getByTestId('volume') as HTMLInputElement).value).toBe('0.01');
    // 0.01 × 98510 = 985.10 notional; margin ÷ 100 = 9.851 and fee 0.2 % = 1.9702, each rounded up to the
    // cent as the engine charges them; 10,000.00 − 9.86 − 1.98.
    expect(screen.getByTestId('preview-value').textContent).toContain('985.10 USD');
    expect(screen.getByTestId('preview-margin').textContent).toContain('9.86 USD');
    expect(screen.getByTestId('preview-fee').textContent).toContain('1.98 USD');
    await waitFor(() =>
      expect(screen.getByTestId('preview-balance-after').textContent).toContain('9,988.16 USD'),
    );
    expect(screen.getByTestId('preview-leverage').textContent).toContain('1:100');
    expect(submit().textContent).toBe('Buy at market');
  });

  it('clamps a volume above the maximum with a message and pauses the trade button for 1 s', async () => {
    // The pause ends on the page's clock (a one-second tick of Date.now()): both run on the test's time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    view = await renderOrderForm({ symbol: 'BTCUSDT', direction: 0 });
    await ready();
    type('volume', '75');
    expect((screen.getByTestId('volume') as HTMLInputElement).value).toBe('50.00');
    expect(alertText()).toBe('Maximum volume is 50.00');
    expect(submit().dataset.state).toBe('cooldown');
    expect(submit().disabled).toBe(true);
    await act(async () => vi.advanceTimersByTime(500));
    expect(submit().dataset.state).toBe('cooldown');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(submit().dataset.state).toBe('normal');
  });

  it('clamps a volume below the minimum and says when the field was emptied', async () => {
    view = await renderOrderForm({ symbol: 'BTCUSDT', direction: 0 });
    await ready();
    // A volume with more decimals than 2 is refused as typed (order-form.inputs.test.tsx, issue #26).
    type('volume', '0,00');
    expect((screen.getByTestId('volume') as HTMLInputElement).value).toBe('0.01');
    expect(alertText()).toBe('Minimum volume is 0.01');
    type('volume', '');
    expect(alertText()).toBe('Please enter the volume');
  });

  it('steps the volume by the lot step and disables minus at the minimum', async () => {
    view = await renderOrderForm({ symbol: 'BTCUSDT', direction: 0 });
    await ready();
    const minus = screen.getByRole('button', { name: 'Decrease Volume (lots)' }) as HTMLButtonElement;
    expect(minus.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Increase Volume (lots)' }));
    expect((screen.getByTestId('volume') as HTMLInputElement).value).toBe('0.02');
    fireEvent.keyDown(screen.getByTestId('volume'), { key: 'ArrowUp' });
    expect((screen.getByTestId('volume') as HTMLInputElement).value).toBe('0.03');
  });

  it('clamps a pending buy above the ask to the ask with the wrong-price message', async () => {
    view = await renderOrderForm({ symbol: 'BTCUSDT', direction: 0 });
    await ready();
    fireEvent.click(screen.getByTestId('kind-pending'));
    expect((screen.getByTestId('price') as HTMLInputElement).value).toBe('98510.00');
    type('price', '99000');
    expect((screen.getByTestId('price') as HTMLInputElement).value).toBe('98510.00');
    expect(alertText()).toBe('Wrong price, set to 98510.00');
    type('price', '97000.5');
    expect((screen.getByTestId('price') as HTMLInputElement).value).toBe('97000.50');
    expect(submit().textContent).toBe('Place buy order');
  });

  it('keeps a pending sell at or above the bid', async () => {
    view = await renderOrderForm({ symbol: 'BTCUSDT', direction: 1 });
    await ready();
    fireEvent.click(screen.getByTestId('kind-pending'));
    type('price', '98000');
    expect((screen.getByTestId('price') as HTMLInputElement).value).toBe('98500.00');
    expect(alertText()).toBe('Wrong price, set to 98500.00');
  });

  it('asks for a stop loss that is switched on and clamps one above the bid of a buy', async () => {
    view = await renderOrderForm({ symbol: 'BTCUSDT', direction: 0 });
    await ready();
    fireEvent.click(screen.getByTestId('stopLoss-switch'));
    await act(async () => fireEvent.click(submit()));
    expect(alertText()).toBe('Please enter the stop loss');
    type('stopLoss', '0');
    expect(alertText()).toBe('Stop loss must be greater than 0');
    type('stopLoss', '99000');
    expect((screen.getByTestId('stopLoss') as HTMLInputElement).value).toBe('98499.99');
    expect(alertText()).toBe('Maximum is 98499.99');
    expect(view.callsTo('exchange/order/addOrder')).toHaveLength(0);
  });

  it('clamps a sell take profit above the ask and shows its estimated P&L', async () => {
    view = await renderOrderForm({ symbol: 'BTCUSDT', direction: 1 });
    await ready();
    fireEvent.click(screen.getByTestId('takeProfit-switch'));
    await act(async () => fireEvent.click(submit()));
    expect(alertText()).toBe('Please enter the take profit');
    type('takeProfit', '99000');
    expect((screen.getByTestId('takeProfit') as HTMLInputElement).value).toBe('98509.99');
    expect(alertText()).toBe('Maximum is 98509.99');
    type('takeProfit', '97500');
    // Sold 0.01 at the bid 98500.00, bought back at 97500: +10.00 USD.
    expect(screen.getByText('Estimated P&L +10.00 USD')).toBeTruthy();
  });

  it('sends a market buy after fetching product info again and reports the order', async () => {
    const onOrderPlaced = vi.fn();
    view = await renderOrderForm({ symbol: 'BTCUSDT', direction: 0, onOrderPlaced });
    await ready();
    fireEvent.click(screen.getByTestId('stopLoss-switch'));
    type('stopLoss', '97000');
    await waitFor(() => expect(submit().dataset.state).toBe('normal'));
    const infoBefore = view.callsTo('waa/product/order/info').length;
    await act(async () => fireEvent.click(submit()));
    await waitFor(() => expect(onOrderPlaced).toHaveBeenCalled());
    const paths = view.calls.map((c) => c.path).filter((p) => !p.endsWith('user/balance'));
    expect(paths.slice(-2)).toEqual(['waa/product/order/info', 'exchange/order/addOrder']);
    expect(view.callsTo('waa/product/order/info').length).toBe(infoBefore + 1);
    expect(view.callsTo('exchange/order/addOrder')[0]?.body).toEqual({
      tradePair: 'BTCUSDT',
      price: '0',
      stopPrice: '97000.00',
      takeProfitPprice: '',
      orderQuantity: '0.01',
      multiple: 100,
      orderType: 0,
      buyPoint: 2,
    });
    expect(onOrderPlaced).toHaveBeenCalledWith({
      orderId: '202611220001',
      symbol: 'BTCUSDT',
      virtual: false,
    });
    // Shown without a voice: the page's announcer says the fill in words (SR2).
    expect(screen.getByTestId('order-toast-quiet').textContent).toBe('Operation successful');
    expect(screen.getByTestId('order-toast').textContent).toBe('');
  });

  it('trades a demo account through addOrderMock', async () => {
    const onOrderPlaced = vi.fn();
    view = await renderOrderForm({ symbol: 'BTCUSDT', direction: 1, onOrderPlaced }, { virtual: true });
    await ready();
    expect(screen.getByText('Demo account')).toBeTruthy();
    await act(async () => fireEvent.click(submit()));
    await waitFor(() => expect(onOrderPlaced).toHaveBeenCalled());
    expect(view.callsTo('exchange/order/addOrder')).toHaveLength(0);
    expect(view.callsTo('exchange/order/addOrderMock')[0]?.body).toMatchObject({ orderType: 1, buyPoint: 2 });
    expect(onOrderPlaced).toHaveBeenCalledWith({ orderId: '902611220001', symbol: 'BTCUSDT', virtual: true });
  });

  it('shows the translated server message when the order is refused', async () => {
    view = await renderOrderForm(
      { symbol: 'BTCUSDT', direction: 0 },
      { handlers: { 'exchange/order/addOrder': () => ({ code: 203, msg: 'insufficient' }) } },
    );
    await ready();
    await act(async () => fireEvent.click(submit()));
    await waitFor(() => expect(alertText()).toMatch(/\(203\)$/));
    expect(alertText()).not.toBe('insufficient (203)');
  });

  it('refuses to send while the balance does not cover margin and fee', async () => {
    view = await renderOrderForm(
      { symbol: 'BTCUSDT', direction: 0 },
      {
        handlers: {
          'waa/user/balance': () => ({ code: 0, data: { balanceAmount: '5.00', lockMargin: '0' } }),
        },
      },
    );
    await ready();
    // A real account gets the notice in the form; without fund-actions it only explains.
    await waitFor(() =>
      expect(screen.getByTestId('fund-notice').textContent).toContain('Balance is not enough'),
    );
    expect(screen.queryByTestId('fund-demo')).toBeNull();
    await act(async () => fireEvent.click(submit()));
    expect(alertText()).toBe('Balance is not enough');
    expect(view.callsTo('exchange/order/addOrder')).toHaveLength(0);
  });
});

describe('the account a trader is on (issue #11)', () => {
  const poor = { 'waa/user/balance': () => ({ code: 0, data: { balanceAmount: '0.00', lockMargin: '0' } }) };

  it('names the real account on its own line, apart from the product name', async () => {
    view = await renderOrderForm({ symbol: 'BTCUSDT' });
    await ready();
    const strip = screen.getByTestId('account-strip');
    expect(strip.dataset.account).toBe('real');
    expect(strip.textContent).toBe('Real accountOrders use real money');
    expect(screen.getByRole('heading').textContent).toBe('Bitcoin');
  });

  it('colours the demo account and says its funds are virtual', async () => {
    view = await renderOrderForm({ symbol: 'BTCUSDT' }, { virtual: true });
    await ready();
    const strip = screen.getByTestId('account-strip');
    expect(strip.dataset.account).toBe('demo');
    expect(strip.getAttribute('part')).toBe('account demo');
    expect(strip.textContent).toContain('Virtual funds, no real money');
  });

  it("offers the page's demo switch to a real account at 0.00 and reports the choice", async () => {
    const onFundAccount = vi.fn();
    view = await renderOrderForm(
      { symbol: 'BTCUSDT', direction: 1, fundActions: 'demo', onFundAccount },
      { handlers: poor },
    );
    await ready();
    await waitFor(() =>
      expect(screen.getByTestId('fund-demo').textContent).toBe('Try it on the demo account'),
    );
    expect(screen.queryByTestId('fund-deposit')).toBeNull();
    expect(screen.queryByTestId('balance-warning')).toBeNull();
    fireEvent.click(screen.getByTestId('fund-demo'));
    expect(onFundAccount).toHaveBeenCalledWith({ action: 'demo', symbol: 'BTCUSDT', mode: 'market' });
  });

  it('shows a deposit action only when the page offers one', async () => {
    view = await renderOrderForm({ symbol: 'BTCUSDT', fundActions: 'deposit demo' }, { handlers: poor });
    await ready();
    await waitFor(() => expect(screen.getByTestId('fund-deposit')).toBeTruthy());
    const buttons = screen.getByTestId('fund-notice').querySelectorAll('button');
    expect([...buttons].map((b) => b.textContent)).toEqual(['Deposit', 'Try it on the demo account']);
  });

  it('keeps the plain balance note on the demo account: no way to fund play money', async () => {
    view = await renderOrderForm(
      { symbol: 'BTCUSDT', fundActions: 'demo' },
      { virtual: true, handlers: poor },
    );
    await ready();
    await waitFor(() => expect(screen.getByTestId('balance-warning')).toBeTruthy());
    expect(screen.queryByTestId('fund-notice')).toBeNull();
  });

  it('shows no notice while the balance covers the order', async () => {
    view = await renderOrderForm({ symbol: 'BTCUSDT', fundActions: 'demo' });
    await ready();
    await waitFor(() => expect(screen.getByTestId('preview-balance-after').textContent).toContain('USD'));
    expect(screen.queryByTestId('fund-notice')).toBeNull();
  });
});

describe('the trade button', () => {
  it('is disabled as "market closed" outside the session hours', async () => {
    const closed = Array.from({ length: 7 }, () => ({ marketStartTime: null, marketCloseTime: null }));
    view = await renderOrderForm({ symbol: 'BTCUSDT' }, { product: btcProduct({ sessions: closed }) });
    await waitFor(() => expect(submit().dataset.state).toBe('market_closed'));
    expect(submit().dataset.code).toBe('1');
    expect(submit().disabled).toBe(true);
    expect(submit().textContent).toBe('Market closed');
  });

  it('is disabled as "market closed" while status/{symbol} says early trading', async () => {
    view = await renderOrderForm(
      { symbol: 'BTCUSDT' },
      { handlers: { 'market/status/BTCUSDT': () => ({ code: 0, data: 'early_trading' }) } },
    );
    await waitFor(() => expect(submit().dataset.state).toBe('market_closed'));
    expect(view.callsTo('market/status/BTCUSDT').length).toBeGreaterThan(0);
  });

  it('asks status/{symbol} once as it opens, and again when the quote says the market closed (EK67)', async () => {
    view = await renderOrderForm({ symbol: 'BTCUSDT' });
    await ready();
    // The first quote brought the market's flag; that is no flip, so no second ask.
    await waitFor(() => expect(view?.callsTo('market/status/BTCUSDT').length).toBeGreaterThan(0));
    act(() => view?.publish([btcQuote({ marketOpen: false })]));
    await waitFor(() => expect(view?.callsTo('market/status/BTCUSDT').length).toBeGreaterThan(1));
    await act(async () => undefined);
    expect(view.callsTo('market/status/BTCUSDT')).toHaveLength(2);
  });

  it('is disabled as "not tradable" when tradeStatus is 0 and sends the trader back to the chart', async () => {
    const onNavigate = vi.fn();
    view = await renderOrderForm(
      { symbol: 'BTCUSDT', onNavigate },
      { product: btcProduct({ tradeStatus: 0 }) },
    );
    await waitFor(() => expect(submit().dataset.state).toBe('not_tradable'));
    expect(submit().dataset.code).toBe('2');
    expect(submit().textContent).toBe('Not tradable');
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith({ to: '/BTCUSDT/chart' }));
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  it('stays on the page for a tradable product', async () => {
    const onNavigate = vi.fn();
    view = await renderOrderForm({ symbol: 'BTCUSDT', onNavigate });
    await ready();
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('is disabled with the stale notice while the quote is delayed', async () => {
    view = await renderOrderForm({ symbol: 'BTCUSDT' });
    await ready();
    act(() => view?.client().serverClose());
    await waitFor(() => expect(submit().dataset.state).toBe('stale'));
    expect(screen.getByTestId('stale-notice').textContent).toContain('Prices are delayed');
    expect(submit().disabled).toBe(true);
  });

  it('is marked disabled while an order is being sent, keeps the focus and sends once', async () => {
    let answer: (value: { code: number; data: string }) => void = () => undefined;
    view = await renderOrderForm(
      { symbol: 'BTCUSDT' },
      { handlers: { 'exchange/order/addOrder': () => new Promise((resolve) => (answer = resolve)) } },
    );
    await ready();
    submit().focus();
    await act(async () => fireEvent.click(submit()));
    await waitFor(() => expect(submit().dataset.state).toBe('submitting'));
    expect(submit().getAttribute('aria-disabled')).toBe('true');
    // A disabled button would drop the keyboard focus to the page (issue #22, keyboard only).
    expect(submit().disabled).toBe(false);
    expect(submit().getRootNode()).toHaveProperty('activeElement', submit());
    expect(submit().textContent).toBe('Placing order…');
    await act(async () => fireEvent.click(submit()));
    await act(async () => answer({ code: 0, data: '1' }));
    await ready();
    expect(view.callsTo('exchange/order/addOrder')).toHaveLength(1);
  });

  it('asks a visitor to sign in and comes back to this form', async () => {
    const onNavigate = vi.fn();
    view = await renderOrderForm({ symbol: 'BTCUSDT', direction: 1, onNavigate }, { signedIn: false });
    await waitFor(() => expect(submit().textContent).toBe('Sign in to trade'));
    await act(async () => fireEvent.click(submit()));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/login?to=%2FBTCUSDT%2Fplace%3Fdirection%3D1' });
    expect(view.callsTo('waa/product/order/info')).toHaveLength(0);
    expect(view.callsTo('wa-na/forex/product/list').length).toBeGreaterThan(0);
  });
});

describe('leaving the page', () => {
  it.each([[{ direction: 2 }], [{ direction: 'buy' }], [{ direction: 0, mode: 'option' }]])(
    'asks to go home and renders nothing for %j',
    async (props) => {
      const onNavigate = vi.fn();
      view = await renderOrderForm({ symbol: 'BTCUSDT', ...props, onNavigate }, { quote: null });
      expect(onNavigate).toHaveBeenCalledWith({ to: '/' });
      expect(view.container.textContent).toBe('');
    },
  );
});

describe('timers', () => {
  it('polls the balance every second and product info every minute while mounted, and stops after', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    view = await renderOrderForm({ symbol: 'BTCUSDT' });
    await ready();
    const balance = view.callsTo('waa/user/balance').length;
    const info = view.callsTo('waa/product/order/info').length;
    for (let second = 1; second <= 3; second++) {
      await act(async () => vi.advanceTimersByTime(1000));
      await waitFor(() => expect(view?.callsTo('waa/user/balance').length).toBe(balance + second));
    }
    expect(view.callsTo('waa/product/order/info').length).toBe(info);
    await act(async () => vi.advanceTimersByTime(57_000));
    await waitFor(() => expect(view?.callsTo('waa/product/order/info').length).toBe(info + 1));
    view.unmount();
    const polled = view.callsTo('waa/user/balance').length;
    await act(async () => vi.advanceTimersByTime(5000));
    expect(view.callsTo('waa/user/balance').length).toBe(polled);
  });
});
