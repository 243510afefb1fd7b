// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addOrder, productOrderInfo, type ProductOrderInfo } from '../../core/contract/trading';
import type { CallResult } from '../../core/runtime/types';
import { fakePlatform, renderWithPlatform } from '../test-support';
import { NoticeHost } from '../ui/notice';
import { ONE_CLICK_KEY, readOneClick } from './one-click-store';
import { OneClickSwitch } from './one-click-switch';
import { useOneClick } from './use-one-click';

const hoisted = vi.hoisted(() => ({
  host: { tradeMode: 'market' as 'market' | 'option' },
  session: {
    state: { status: 'signedIn', uid: 'u1', virtual: false, expiresAt: null } as {
      status: string;
      uid: string | null;
      virtual: boolean;
      expiresAt: null;
    },
    onLogout: null as null | (() => void),
  },
  platform: null as unknown,
}));
vi.mock(import('../host-context'), async (original) => ({
  ...(await original()),
  useHost: () => hoisted.host as never,
}));
vi.mock(import('../session/use-host-session'), () => ({
  useSignedIn: () => hoisted.session.state.status === 'signedIn',
  useHostSession: () =>
    ({
      platform: hoisted.platform,
      state: hoisted.session.state,
      session: fakeSession,
    }) as never,
}));
// The spoken fill needs the live order feed; here it is enough that the order is placed.
vi.mock(import('../../widgets/_shared/announcer'), async (original) => ({
  ...(await original()),
  announceMarketFill: vi.fn(),
}));

const fakeSession = {
  getState: () => hoisted.session.state,
  onLogout(listener: () => void) {
    hoisted.session.onLogout = listener;
    return () => undefined;
  },
  refreshBalance: vi.fn(async () => undefined),
};

const BTC: ProductOrderInfo = {
  productCode: 'BTCUSDT',
  productName: 'Bitcoin',
  type: 4,
  sort: 1,
  maxCount: '1',
  minCount: '0.01',
  countNum: '0.01',
  multiple: 2,
  pip: '0.01',
  pricePrecision: 2,
  contractSize: '1',
  sessions: [],
  tradeStatus: 1,
  logoUrl: '',
  feeType: 'FIX_AMOUNT',
  feeValue: '0',
};

let product: ProductOrderInfo;
let placed: Array<Record<string, unknown>>;
let answerOrder: () => Promise<CallResult<unknown>>;
const opened: number[] = [];

function ok<T>(data: T): CallResult<T> {
  return { ok: true, data, envelope: { code: 0, msg: '', data } } as CallResult<T>;
}

function start() {
  const platform = fakePlatform({
    call: (async (endpoint: unknown, body: Record<string, unknown>) => {
      if (endpoint === productOrderInfo) return ok(product);
      if (endpoint === addOrder) {
        placed.push(body);
        return answerOrder();
      }
      return { ok: false, code: 'network', message: 'offline' };
    }) as never,
  });
  hoisted.platform = platform;
  function Screen() {
    const oneClick = useOneClick();
    return (
      <>
        <OneClickSwitch oneClick={oneClick} symbol="BTCUSDT" />
        {/* What the chart handlers do with a Buy press. */}
        <button type="button" onClick={() => oneClick.trade('BTCUSDT', 0) || opened.push(0)}>
          Buy
        </button>
        <NoticeHost />
      </>
    );
  }
  return renderWithPlatform(<Screen />, platform);
}

const toggle = () => screen.getByRole('switch', { name: /One-click trading/ });

async function turnOn(volume: string) {
  fireEvent.click(toggle());
  const field = await screen.findByLabelText('Volume (lots)');
  await waitFor(() => expect((field as HTMLInputElement).disabled).toBe(false));
  fireEvent.change(field, { target: { value: volume } });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
}

beforeEach(() => {
  sessionStorage.clear();
  product = { ...BTC };
  placed = [];
  opened.length = 0;
  answerOrder = async () => ok('9001');
  hoisted.host.tradeMode = 'market';
  hoisted.session.state = { status: 'signedIn', uid: 'u1', virtual: false, expiresAt: null };
});
afterEach(cleanup);

describe('one-click trading', () => {
  it('is off by default: Buy opens the order form and nothing is placed', () => {
    start();
    expect(toggle().getAttribute('aria-checked')).toBe('false');
    expect(toggle().textContent).toContain('Off');
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(opened).toEqual([0]);
    expect(placed).toEqual([]);
  });

  it('asks first when Enter or Space toggles it, never places, and Cancel leaves it off', async () => {
    const user = userEvent.setup();
    start();
    toggle().focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Turn on one-click trading?' });
    expect(dialog.textContent).toContain('Stop loss and take profit are not set.');
    expect(await screen.findByText('From 0.01 to 1.00 lots')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    toggle().focus();
    await user.keyboard(' ');
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle().getAttribute('aria-checked')).toBe('false');
    expect(sessionStorage.getItem(ONE_CLICK_KEY)).toBeNull();
    expect(placed).toEqual([]);
  });

  it('takes a volume only as the volume rules commit it, then shows it on the switch', async () => {
    start();
    await turnOn('5');
    // Above the maximum: shown back clamped, not confirmed until the trader confirms what they see.
    expect(await screen.findByText('Maximum volume is 1.00')).toBeTruthy();
    expect((screen.getByLabelText('Volume (lots)') as HTMLInputElement).value).toBe('1.00');
    fireEvent.change(screen.getByLabelText('Volume (lots)'), { target: { value: '0.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle().getAttribute('aria-checked')).toBe('true');
    expect(toggle().textContent).toContain('On · 0.10 lots');
    // Turning it off needs no confirm.
    fireEvent.click(toggle());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle().getAttribute('aria-checked')).toBe('false');
  });

  it('lives in this tab’s sessionStorage for the trader who set it, and a sign-out clears it', async () => {
    start();
    await turnOn('0.05');
    expect(JSON.parse(sessionStorage.getItem(ONE_CLICK_KEY) ?? '')).toEqual({
      on: true,
      volume: '0.05',
      uid: 'u1',
    });
    expect(localStorage.getItem(ONE_CLICK_KEY)).toBeNull();
    expect(readOneClick('u1')).toEqual({ on: true, volume: '0.05' });
    expect(readOneClick('u2').on).toBe(false);
    expect(readOneClick(null).on).toBe(false);
    act(() => hoisted.session.onLogout?.());
    expect(sessionStorage.getItem(ONE_CLICK_KEY)).toBeNull();
    expect(toggle().getAttribute('aria-checked')).toBe('false');
  });

  it('places one market order per press while one is on its way, without SL/TP, and says so', async () => {
    let release: (value: CallResult<unknown>) => void = () => undefined;
    answerOrder = () => new Promise((resolve) => (release = resolve));
    start();
    await turnOn('0.05');
    const buy = screen.getByRole('button', { name: 'Buy' });
    fireEvent.click(buy);
    fireEvent.click(buy);
    await waitFor(() => expect(placed).toHaveLength(1));
    expect(toggle().textContent).toContain('Placing order…');
    fireEvent.click(buy);
    expect(placed[0]).toMatchObject({
      tradePair: 'BTCUSDT',
      orderQuantity: '0.05',
      multiple: 2,
      orderType: 0,
      buyPoint: 2,
      price: '0',
      stopPrice: '',
      takeProfitPprice: '',
    });
    await act(async () => release(ok('9001')));
    expect(await screen.findByText('Bought 0.05 lots of BTCUSDT at market')).toBeTruthy();
    expect(placed).toHaveLength(1);
    expect(opened).toEqual([]);
    expect(toggle().textContent).toContain('On · 0.05 lots');
  });

  it('never places above the product’s current maximum or on a closed market, and shows the server’s refusal', async () => {
    start();
    await turnOn('0.50');
    const buy = screen.getByRole('button', { name: 'Buy' });
    product = { ...BTC, maxCount: '0.2' };
    fireEvent.click(buy);
    expect(await screen.findByText('Maximum volume is 0.20')).toBeTruthy();
    product = { ...BTC, tradeStatus: 0 };
    await waitFor(() => expect(toggle().textContent).toContain('On · 0.50 lots'));
    fireEvent.click(buy);
    expect(await screen.findByText('Not tradable')).toBeTruthy();
    expect(placed).toEqual([]);
    product = { ...BTC };
    answerOrder = async () => ({ ok: false, code: 10010, message: 'Insufficient balance' }) as never;
    await waitFor(() => expect(toggle().textContent).toContain('On · 0.50 lots'));
    fireEvent.click(buy);
    expect(await screen.findByText('Order not placed: Insufficient balance')).toBeTruthy();
    expect(placed).toHaveLength(1);
  });

  it('stays out of option mode and away from visitors', () => {
    sessionStorage.setItem(ONE_CLICK_KEY, JSON.stringify({ on: true, volume: '0.05', uid: 'u1' }));
    hoisted.host.tradeMode = 'option';
    const view = start();
    expect(screen.queryByRole('switch')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(opened).toEqual([0]);
    view.unmount();
    hoisted.host.tradeMode = 'market';
    hoisted.session.state = { status: 'signedOut', uid: null, virtual: false, expiresAt: null };
    start();
    expect(screen.queryByRole('switch')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(opened).toEqual([0, 0]);
    expect(placed).toEqual([]);
  });
});
