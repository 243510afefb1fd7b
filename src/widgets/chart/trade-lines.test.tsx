// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OptionOrder } from '../../core/contract/options';
import type { MarketOrder } from '../../core/contract/trading';
import type { ProductInfo } from '../../core/contract/types';
import { fakeSocketFactory, marketOrder, orderMessage } from '../../core/feeds/exchange-feed.fixture';
import type { QuoteView } from '../../core/runtime/types';
import { createHarness, makeToken } from '../../core/session/session.fixture';
import type { Answer, Handler, Harness } from '../../core/session/session.fixture';
import { createOrders, setOrdersForTests } from '../../core/state/orders';
import type { Orders } from '../../core/state/orders';
import { PlatformProvider } from '../_shared/platform-context';
import { priceEntry } from '../_shared/test-platform.fixture';
import { useT } from '../_shared/use-t';
import { productInfo, recordingEngine } from './chart-test.fixture';
import type { RecordingEngine } from './chart-test.fixture';
import { SHOW_LINES_KEY } from './line-prefs';
import TradeLines from './trade-lines';
import type { ChartLine, ChartMarker, LineMoved } from './trade-overlays';

const BTC: ProductInfo = productInfo({
  productCode: 'BTCUSDT',
  type: 1,
  contractSize: '1',
  pricePrecision: 2,
});
const quote = (bid: string, ask: string): ReadonlyMap<string, QuoteView> =>
  new Map([
    [
      'BTCUSDT',
      {
        ...priceEntry({ symbol: 'BTCUSDT', bidPrice: bid, askPrice: ask, pricePrecision: 2 }),
        receivedAt: 0,
      },
    ],
  ]);

let engine: RecordingEngine;
let h: Harness;
let orders: Orders;
let sockets: ReturnType<typeof fakeSocketFactory>;
let rerender: (prices: ReadonlyMap<string, QuoteView>) => void;

beforeEach(() => {
  localStorage.clear();
  engine = recordingEngine();
});
afterEach(() => {
  cleanup();
  orders?.feed.close();
  h?.session.close();
  h?.platform.close();
});

function Layer(props: { prices: ReadonlyMap<string, QuoteView>; mode?: string; frame: HTMLElement }) {
  const t = useT();
  return (
    <TradeLines
      engine={engine.engine}
      symbol="BTCUSDT"
      precision={2}
      product={BTC}
      prices={props.prices}
      tradeMode={props.mode}
      frame={props.frame}
      t={t}
    />
  );
}

/** The layer on a signed-in (or not) platform with a fake exchange socket and a toolbar to join. */
async function renderLayer(
  options: { signedIn?: boolean; virtual?: boolean; mode?: string; handlers?: Record<string, Handler> } = {},
) {
  h = createHarness({ handlers: options.handlers });
  await h.platform.ready;
  if (options.signedIn ?? true) {
    const exp = Math.floor(Date.now() / 1000) + 900;
    await h.session.signIn({
      token: makeToken({ exp, virtualStatus: options.virtual ? '1' : '0' }),
      refreshToken: 'r-1',
      qrcodeStatus: 1,
      expiresAt: exp * 1000,
    });
  }
  sockets = fakeSocketFactory();
  orders = createOrders(h.platform, { socketFactory: sockets.factory });
  setOrdersForTests(h.platform, orders);
  const frame = document.createElement('div');
  frame.innerHTML = '<div class="tk-chart__actions"></div>';
  document.body.append(frame);
  const tree = (prices: ReadonlyMap<string, QuoteView>) => (
    <PlatformProvider platform={h.platform}>
      <Layer prices={prices} mode={options.mode} frame={frame} />
    </PlatformProvider>
  );
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(tree(quote('65100.00', '65110.00')));
  });
  rerender = (prices) => view.rerender(tree(prices));
  if (sockets.sockets.length > 0) act(() => sockets.last().acceptOpen());
  return { frame };
}

const push = (kind: 'holtOrder' | 'pendingOrder', list: MarketOrder[], virtual = false) =>
  act(() => sockets.last().deliver(orderMessage(kind, list, { virtual })));
const drawn = () =>
  (engine.last('setTradeLines') ?? [[], [], () => undefined]) as [ChartLine[], ChartMarker[], LineMoved];
const line = (id: string) => drawn()[0].find((l) => l.id === id);
const drop = (id: string, price: number) => act(() => drawn()[2](id, price));

const position = marketOrder({
  id: 'o1',
  openingPrice: '65000.00',
  orderQuantity: '0.10',
  stopPrice: '64000.00',
  takeProfitPrice: '67000.00',
  profitLoss: '1.00',
});

describe('the order lines of <tk-chart>', () => {
  it("draws the shown symbol's position with side, lots and live P&L, and its SL and TP", async () => {
    await renderLayer();
    push('holtOrder', [position, marketOrder({ id: 'other', tradePair: 'ETHUSDT' })]);
    expect(drawn()[0].map((l) => [l.id, l.price, l.text, l.tone, l.draggable])).toEqual([
      ['o1:entry', 65000, 'Buy 0.10 lots · P&L +10.00', 'up', false],
      ['o1:stop', 64000, 'Stop loss', 'down', true],
      ['o1:take', 67000, 'Take profit', 'up', true],
    ]);
    // The P&L follows the quote (valued at the bid for a buy), not the last socket figure.
    act(() => rerender(quote('64900.00', '64910.00')));
    expect(line('o1:entry')).toMatchObject({ text: 'Buy 0.10 lots · P&L -10.00', tone: 'down' });
    const list = screen.getByTestId('trade-lines');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Buy 0.10 lots · P&L -10.00 65000.00', 'Stop loss 64000.00', 'Take profit 67000.00']);
  });

  it('draws a pending order at its limit price with its own SL', async () => {
    await renderLayer();
    push('pendingOrder', [
      marketOrder({
        id: 'p1',
        positionStatus: 1,
        buyPoint: 1,
        orderType: 1,
        price: '66000.00',
        stopPrice: '67500.00',
      }),
    ]);
    expect(drawn()[0].map((l) => [l.id, l.price, l.text, l.tone])).toEqual([
      ['p1:pending', 66000, 'Pending Sell 0.10 lots', 'accent'],
      ['p1:stop', 67500, 'Stop loss', 'down'],
    ]);
  });

  it('moves the stop loss after the confirmation, through updateOrder, and keeps the line there', async () => {
    const update = vi.fn((): Answer => ({ code: 0, data: null }));
    await renderLayer({ handlers: { 'exchange/order/updateOrder': update } });
    push('holtOrder', [position]);
    drop('o1:stop', 63456.789);
    const dialog = screen.getByRole('alertdialog', { name: 'Move the stop loss?' });
    expect(within(dialog).getByTestId('confirm-move-fields').textContent).toBe(
      'Current price64000.00New price63456.79',
    );
    // The line waits at the dropped price while the trader decides.
    expect(line('o1:stop')?.price).toBe(63456.79);
    await act(async () => fireEvent.click(within(dialog).getByTestId('confirm-move')));
    expect(update).toHaveBeenCalledWith(
      { orderId: 'o1', stopPrice: '63456.79', takeProfitPrice: '67000' },
      expect.anything(),
    );
    await waitFor(() => expect(screen.getByText('Operation successful')).toBeTruthy());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(line('o1:stop')?.price).toBe(63456.79);
    push('holtOrder', [{ ...position, stopPrice: '63456.79' }]);
    expect(line('o1:stop')?.price).toBe(63456.79);
  });

  it('asks in a modal alert dialog: named, described by both prices, focus in and back where it was', async () => {
    await renderLayer();
    push('holtOrder', [position]);
    const before = document.createElement('button');
    document.body.append(before);
    before.focus();
    drop('o1:stop', 63456.789);
    const dialog = screen.getByRole('alertdialog', { name: 'Move the stop loss?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Current price64000.00New price63456.79');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(before);
    before.remove();
  });

  it('puts the line back when the trader cancels, without a call', async () => {
    const update = vi.fn((): Answer => ({ code: 0, data: null }));
    await renderLayer({ handlers: { 'exchange/order/updateOrder': update } });
    push('holtOrder', [position]);
    drop('o1:take', 68000);
    const dialog = screen.getByRole('alertdialog', { name: 'Move the take profit?' });
    expect(line('o1:take')?.price).toBe(68000);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(line('o1:take')?.price).toBe(67000);
    expect(update).not.toHaveBeenCalled();
  });

  it("puts the line back and shows the server's refusal", async () => {
    await renderLayer({
      handlers: { 'exchange/order/updateOrder': () => ({ code: 308, msg: 'take profit conflicts' }) },
    });
    push('holtOrder', [position]);
    drop('o1:take', 64500);
    await act(async () => fireEvent.click(screen.getByTestId('confirm-move')));
    await waitFor(() =>
      expect(screen.getByTestId('chart-trade-toast-alert').textContent).toMatch(/\(308\)$/),
    );
    await waitFor(() => expect(line('o1:take')?.price).toBe(67000));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks nothing for a line dropped where it was, and sends it back to its price', async () => {
    await renderLayer();
    push('holtOrder', [position]);
    const before = engine.calls.length;
    drop('o1:stop', 64000.001);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(engine.calls.length).toBeGreaterThan(before);
    expect(line('o1:stop')?.price).toBe(64000);
  });

  it('changes the demo account through updateOrderMock', async () => {
    const mock = vi.fn((): Answer => ({ code: 0, data: null }));
    await renderLayer({ virtual: true, handlers: { 'exchange/order/updateOrderMock': mock } });
    push('holtOrder', [position], true);
    drop('o1:stop', 63000);
    await act(async () => fireEvent.click(screen.getByTestId('confirm-move')));
    expect(mock).toHaveBeenCalledTimes(1);
    expect(h.callsTo('exchange/order/updateOrder')).toHaveLength(0);
  });

  it('switches the lines off and on with the toolbar toggle, and remembers it', async () => {
    const { frame } = await renderLayer();
    push('holtOrder', [position]);
    const toggle = frame.querySelector<HTMLButtonElement>('[data-action="trade-lines"]')!;
    expect(toggle.getAttribute('aria-label')).toBe('Show positions on chart');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    act(() => toggle.click());
    expect(drawn()[0]).toEqual([]);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem(SHOW_LINES_KEY)).toBe('0');
    // Off releases the order socket (it closes IDLE_CLOSE_MS later, EK9); on before then keeps the same socket
    // and draws what it sends.
    act(() => toggle.click());
    expect(sockets.sockets).toHaveLength(1);
    push('holtOrder', [position]);
    expect(drawn()[0]).toHaveLength(3);
    expect(localStorage.getItem(SHOW_LINES_KEY)).toBe('1');
  });

  it('starts switched off when the trader said so, and opens no order socket then', async () => {
    localStorage.setItem(SHOW_LINES_KEY, '0');
    await renderLayer();
    expect(sockets.sockets).toHaveLength(0);
    expect(engine.last('setTradeLines')?.[0] ?? []).toEqual([]);
  });

  it('draws nothing and offers no toggle while signed out', async () => {
    const { frame } = await renderLayer({ signedIn: false });
    expect(frame.querySelector('[data-action="trade-lines"]')).toBeNull();
    expect(engine.last('setTradeLines')?.[0] ?? []).toEqual([]);
  });
});

describe('the running options of <tk-chart trade-mode="option">', () => {
  const START = Date.UTC(2025, 0, 6, 10, 0, 0);
  const option = (uid: string, overrides: Partial<OptionOrder> = {}): OptionOrder => ({
    id: uid,
    uid,
    optionsProductId: 1,
    orderType: 0,
    tradePair: 'BTCUSDT',
    productName: 'BTC/USDT',
    price: '65050.00',
    priceEnd: null,
    rate: '0.85',
    feeAmount: '0.20',
    amount: '10',
    timeLong: 60,
    beginTime: START - 30_000,
    endTime: START + 30_000,
    completeTime: null,
    winLost: null,
    positionStatus: 0,
    ...overrides,
  });
  const history = (items: OptionOrder[]): Answer => ({
    code: 0,
    data: { items, page: 1, pages: 1, total: items.length, todayWinLoss: '0', totalWinLoss: '0' },
  });

  beforeEach(() => {
    vi.useFakeTimers({
      now: START,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
  });
  afterEach(() => vi.useRealTimers());

  it('draws the entry line and the expiry marker, and removes both once the option settled', async () => {
    let running = [option('OP1'), option('OP2', { tradePair: 'ETHUSDT' })];
    await renderLayer({
      mode: 'option',
      handlers: { 'waa/option/findOptionHistory': () => history(running) },
    });
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
    expect(sockets.sockets).toHaveLength(0);
    const [lines, markers] = drawn();
    expect(lines).toEqual([
      { id: 'OP1:option', price: 65050, text: 'Up 10.00 · 0:30 left', tone: 'up', draggable: false },
    ]);
    expect(markers).toEqual([
      {
        id: 'OP1:expiry',
        time: START + 30_000,
        text: expect.stringMatching(/^Expiry \d\d:\d\d:\d\d$/),
        tone: 'up',
      },
    ]);
    running = [];
    await act(async () => void (await vi.advanceTimersByTimeAsync(5000)));
    expect(drawn()[0]).toEqual([]);
    expect(drawn()[1]).toEqual([]);
  });
});
